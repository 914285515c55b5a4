import { queryOptions, useQuery } from '@tanstack/react-query';
import { placeSuggestions, type PlaceSuggestion } from '@swarm/api-contract/places';
import { apiClient, parseResponse } from '@/lib/api-client';

/** GET /api/places/autocomplete?input=: the addresses to pick from. */
export const placeSuggestionsSchema = placeSuggestions;

export type { PlaceSuggestion };

export const getPlaceSuggestions = async (input: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> =>
  parseResponse(
    placeSuggestionsSchema,
    await apiClient.get<unknown>(`/places/autocomplete?input=${encodeURIComponent(input)}`, { signal }),
    'GET /api/places/autocomplete',
  ).suggestions;

export const getPlaceSuggestionsQueryOptions = (input: string) =>
  queryOptions({
    queryKey: ['places', 'autocomplete', input] as const,
    queryFn: ({ signal }) => getPlaceSuggestions(input, signal),
    enabled: input.trim().length >= 2,
    staleTime: 5 * 60 * 1000,
  });

export const usePlaceSuggestions = (input: string) => useQuery(getPlaceSuggestionsQueryOptions(input));
