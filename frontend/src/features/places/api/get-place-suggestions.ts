import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface PlaceSuggestion {
  description: string;
  placeId: string;
}

export const getPlaceSuggestions = async (input: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> =>
  (await apiClient.get<{ suggestions: PlaceSuggestion[] }>(`/places/autocomplete?input=${encodeURIComponent(input)}`, { signal })).suggestions;

export const getPlaceSuggestionsQueryOptions = (input: string) =>
  queryOptions({
    queryKey: ['places', 'autocomplete', input] as const,
    queryFn: ({ signal }) => getPlaceSuggestions(input, signal),
    enabled: input.trim().length >= 2,
    staleTime: 5 * 60 * 1000,
  });

export const usePlaceSuggestions = (input: string) => useQuery(getPlaceSuggestionsQueryOptions(input));
