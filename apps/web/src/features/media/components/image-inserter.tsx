import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ImageInserterProps } from '@/components/admin/image-controls';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { UploadProgress } from '@/components/ui/upload-progress';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useEditorSettings } from '@/lib/editor-settings';
import { useUploadMedia } from '../api/upload-media';
import { altFromFileName, checkImageFile, IMAGE_ACCEPT, imageFileProblem, insertImageMarkdown, megabytes } from '../utils/markdown-image';

/**
 * "Insert image": picks an image, checks it, uploads it with a progress bar, and puts
 * `![description](/media/…)` at the textarea's cursor with the description selected.
 */
export function ImageInserter({ textarea, onChange, field }: ImageInserterProps) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const upload = useUploadMedia();
  const { mediaMaxBytes } = useEditorSettings();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  function insert(alt: string, url: string) {
    const element = textarea.current;
    if (!element) return;
    const edit = insertImageMarkdown(element.value, element.selectionStart, element.selectionEnd, alt, url);
    flushSync(() => onChange(edit.value));
    // Back to the text only if the editor has not moved on to another field while it uploaded.
    const active = document.activeElement;
    if (!active || active === document.body || box.current?.contains(active)) element.focus();
    element.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    upload.reset();
    const check = await checkImageFile(file, mediaMaxBytes);
    if (!check.ok) {
      setProblem(imageFileProblem(check));
      return;
    }
    setProgress(0);
    const alt = altFromFileName(file.name) || t('editor.image.defaultAlt');
    upload.mutate({ file, contentType: check.contentType, onProgress: setProgress }, { onSuccess: (media) => insert(alt, media.url) });
  }

  const message = problem ?? (upload.isError ? errorMessage(upload.error, t('editor.image.failed')) : null);

  return (
    <div ref={box} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          variant="secondary"
          className="px-3 text-sm"
          disabled={upload.isPending}
          aria-label={t('editor.image.insertInto', { field })}
          aria-describedby={`${id}-hint`}
          onClick={() => picker.current?.click()}
        >
          {upload.isPending && <Spinner className="size-4" />}
          {t('editor.image.insert')}
        </Button>
        <p id={`${id}-hint`} className="min-w-0 flex-1 basis-48 text-sm text-slate-600 dark:text-slate-400">
          {t('editor.image.hint', { limit: megabytes(mediaMaxBytes) })}
        </p>
      </div>
      <input
        ref={picker}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so picking the same file again (after fixing it) still reports a change.
          event.target.value = '';
          void choose(file);
        }}
      />
      {upload.isPending && <UploadProgress fraction={progress} label={t('editor.image.uploading')} name={t('editor.image.progress')} />}
      {message && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {message}
        </p>
      )}
    </div>
  );
}
