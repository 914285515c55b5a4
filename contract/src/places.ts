import { z } from 'zod';

/** GET /api/places/autocomplete?input=: part of an address, at most 200 characters. */
export const placeSuggestionsQuery = z.object({ input: z.string().max(200) });

/** The addresses to pick from; a suggestion's text (or its placeId) always resolves again. */
export const placeSuggestions = z.object({
  suggestions: z.array(z.object({ description: z.string(), placeId: z.string() })),
});
export type PlaceSuggestion = z.output<typeof placeSuggestions>['suggestions'][number];
