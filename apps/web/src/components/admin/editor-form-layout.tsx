import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import { WritePreviewToggle, type EditorMode } from './write-preview-toggle';

export interface EditorFormLayoutProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formError: string | null;
  saving: boolean;
  /** Fields that stay in view on phones whichever way the switch is set (title, slug, tags…). */
  fields?: ReactNode;
  /** What the preview shows, as written: hidden on phones while previewing. */
  children: ReactNode;
  /** Something in `children` has an error, so it must be visible whatever the switch says. */
  writingHasError: boolean;
  /** The live preview (PreviewFrame and what it holds). */
  preview: ReactNode;
  /** What is edited cannot change now (an archived question): the fields show it, read only, and Save is off. */
  locked?: boolean;
  /** Said under Save: what saving will do beyond keeping the changes. */
  saveNote?: string;
}

/**
 * Every editor form's frame (blogs, topics, questions): the form on the left, the live preview
 * beside it on wide screens; on phones a Write / Preview switch shows one or the other.
 */
export function EditorFormLayout({ onSubmit, formError, saving, fields, children, writingHasError, preview, locked = false, saveNote }: EditorFormLayoutProps) {
  const [mode, setMode] = useState<EditorMode>('write');
  const writing = mode === 'write' || writingHasError;
  const noteId = useId();

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="flex min-w-0 flex-col gap-5">
        {formError && (
          <Alert tone="error" role="alert">
            {formError}
          </Alert>
        )}
        {fields && (
          <fieldset disabled={locked} className="flex min-w-0 flex-col gap-5">
            {fields}
          </fieldset>
        )}
        <WritePreviewToggle mode={writing ? 'write' : 'preview'} onChange={setMode} className="lg:hidden" />
        <fieldset disabled={locked} className={cx('flex min-w-0 flex-col gap-5', !writing && 'max-lg:hidden')}>
          {children}
        </fieldset>
        <div className="flex flex-col gap-2">
          <Button type="submit" disabled={saving || locked} aria-describedby={saveNote ? noteId : undefined} className="self-stretch px-8 sm:self-start">
            {t('editor.save')}
          </Button>
          {saveNote && (
            <p id={noteId} className="text-sm text-slate-600 dark:text-slate-400">
              {saveNote}
            </p>
          )}
        </div>
      </div>
      {/* Beside the form the preview scrolls on its own: focusable, so it scrolls from the keyboard too. */}
      <div
        role="region"
        aria-label={t('editor.preview.title')}
        tabIndex={0}
        className={cx('min-w-0 lg:sticky lg:top-28 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto', writing && 'max-lg:hidden')}
      >
        {preview}
      </div>
    </form>
  );
}
