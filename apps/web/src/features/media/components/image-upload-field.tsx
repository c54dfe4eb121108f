import { useId, useState, type ChangeEvent } from 'react';
import type { ImageUploadFieldProps } from '@/components/admin/image-controls';
import { UploadProgress } from '@/components/ui/upload-progress';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useEditorSettings } from '@/lib/editor-settings';
import { useUploadMedia } from '../api/upload-media';
import { checkImageFile, IMAGE_ACCEPT, imageFileProblem, megabytes } from '../utils/markdown-image';

/** A file field that checks an image, uploads it to the server's media store and hands back its address (an ad's banner). */
export function ImageUploadField({ onUploaded }: ImageUploadFieldProps) {
  const id = useId();
  const upload = useUploadMedia();
  const { mediaMaxBytes } = useEditorSettings();
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setProgress(0);
    // Checked here first, so a wrong pick is told at once; the server checks again.
    const check = await checkImageFile(file, mediaMaxBytes);
    if (!check.ok) {
      setError(imageFileProblem(check));
      return;
    }
    upload.mutate(
      { file, contentType: check.contentType, onProgress: setProgress },
      { onSuccess: (media) => onUploaded(media.url), onError: (err) => setError(errorMessage(err, t('ads.image.failed'))) },
    );
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {t('ads.image.upload')}
      </label>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={(event) => void onChange(event)}
        disabled={upload.isPending}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="block min-h-11 w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-400 file:bg-white file:px-4 file:font-semibold file:text-slate-900 dark:text-slate-300 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {t('ads.image.hint', { limit: megabytes(mediaMaxBytes) })}
      </p>
      {upload.isPending && <UploadProgress fraction={progress} label={t('ads.image.uploading')} name={t('editor.image.progress')} />}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
