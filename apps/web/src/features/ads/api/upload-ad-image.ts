import { mediaResponseSchema, type Media } from '@abhyas/contracts';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload';
import { adKeys } from './ad-keys';

/** POST /api/admin/media with the image as the body; answers its stored address. */
export async function uploadAdImage({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }): Promise<Media> {
  const { data } = await uploadWithProgress('admin/media', { body: file, schema: mediaResponseSchema, contentType: file.type || 'application/octet-stream', ...(onProgress ? { onProgress } : {}) });
  return data;
}

export function useUploadAdImage() {
  return useMutation({ mutationKey: adKeys.upload(), mutationFn: uploadAdImage });
}
