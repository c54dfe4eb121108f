import { z } from 'zod';

/**
 * Images stored by the server and referenced from Markdown as `![alt](/media/<key>.<ext>)`. The key
 * is derived from the bytes (SHA-256), so the same image uploaded twice is stored once, and a
 * reference never changes meaning.
 */
export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_EXTENSIONS: Record<MediaType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
/** Default upload limit; the server's MEDIA_MAX_BYTES sets the one in force. */
export const MEDIA_DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
/** Where stored images are served from. */
export const MEDIA_URL_PREFIX = '/media/';
/** A stored image's file name, `<key>.<ext>`, as a pattern source capturing the key and the extension. */
export const MEDIA_FILE_SOURCE = `([0-9a-f]{32})\\.(${Object.values(MEDIA_EXTENSIONS).join('|')})`;

export const mediaSchema = z.object({
  key: z.string(),
  /** Site-relative address to use in Markdown. */
  url: z.string(),
  contentType: z.enum(MEDIA_TYPES),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type Media = z.infer<typeof mediaSchema>;
export const mediaResponseSchema = z.object({ data: mediaSchema });

/** The upload limits in force on this server, for editors' pages to check files before sending them. */
export const editorSettingsSchema = z.object({ importMaxBytes: z.number().int(), mediaMaxBytes: z.number().int() });
export type EditorSettings = z.infer<typeof editorSettingsSchema>;
export const editorSettingsResponseSchema = z.object({ data: editorSettingsSchema });
