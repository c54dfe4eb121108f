import { mediaResponseSchema, type Media, type MediaType } from '@abhyas/contracts';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload';

export interface MediaUpload {
  file: Blob;
  /** The type the image's bytes declare; the server checks it against the bytes. */
  contentType: MediaType;
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/admin/media with the image's bytes: 201 for a new image, 200 when the same bytes were
 * stored before (same address); 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE.
 */
export async function uploadMedia({ file, contentType, onProgress }: MediaUpload): Promise<Media> {
  const { data } = await uploadWithProgress('admin/media', { body: file, contentType, schema: mediaResponseSchema, ...(onProgress ? { onProgress } : {}) });
  return data;
}

/** One image upload at a time per control; the control shows its progress and any error. */
export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
