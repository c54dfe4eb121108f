import { editorSettingsResponseSchema, IMPORT_DEFAULT_MAX_BYTES, MEDIA_DEFAULT_MAX_BYTES, type EditorSettings } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

// Read by the media controls (image size) and the question import (file size).
const settingsKey = ['editor-settings'] as const;

/** The server's defaults, used until its own answer arrives (or if it cannot be read). */
const DEFAULTS: EditorSettings = { importMaxBytes: IMPORT_DEFAULT_MAX_BYTES, mediaMaxBytes: MEDIA_DEFAULT_MAX_BYTES };

/** GET /api/admin/media/settings: the upload limits in force on this server. */
export async function getEditorSettings(signal?: AbortSignal): Promise<EditorSettings> {
  const { data } = await apiRequest('admin/media/settings', { schema: editorSettingsResponseSchema, signal });
  return data;
}

/** The upload limits, read once per session; the server stays the authority on every upload. */
export function useEditorSettings(): EditorSettings {
  const { data } = useQuery(queryOptions({ queryKey: settingsKey, queryFn: ({ signal }) => getEditorSettings(signal), staleTime: Infinity, retry: false }));
  return data ?? DEFAULTS;
}
