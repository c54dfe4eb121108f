import { previewResponseSchema } from '@abhyas/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useDebouncedValue } from './use-debounced-value';

const previewKey = (content: string) => ['preview', content] as const;

export const PREVIEW_DEBOUNCE_MS = 400;

/** POST /api/admin/preview: the Markdown rendered and sanitised exactly as candidates will see it. */
export async function previewContent(content: string, signal?: AbortSignal): Promise<string> {
  const { html } = await apiRequest('admin/preview', { method: 'POST', body: { content }, schema: previewResponseSchema, signal });
  return html;
}

/** Query options for the preview of one version of the text; a render never goes stale. */
export function previewQueryOptions(content: string) {
  return queryOptions({
    queryKey: previewKey(content),
    queryFn: ({ signal }) => previewContent(content, signal),
    staleTime: Infinity,
    // Every pause in typing is a new version; old renders of a long article are dropped soon.
    gcTime: 15_000,
    retry: false,
  });
}

/**
 * The live preview: asks for a render once typing pauses for 400 ms (a superseded request is
 * cancelled), keeping the last render on screen meanwhile. Nothing is asked for empty text.
 */
export function usePreview(content: string) {
  const debounced = useDebouncedValue(content, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    ...previewQueryOptions(debounced),
    enabled: debounced.trim() !== '',
    placeholderData: keepPreviousData,
  });
  const empty = content.trim() === '';
  return {
    html: empty ? undefined : query.data,
    error: empty ? null : query.error,
    /** A newer version of the text is waiting for, or on its way to, the server. */
    updating: !empty && (debounced !== content || query.isFetching),
    empty,
  };
}
