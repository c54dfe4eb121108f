import { CONTENT_LIMITS } from '@abhyas/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { TextareaField } from '@/components/ui/textarea-field';
import { t } from '@/i18n/i18n';
import { PreviewPane } from './preview-pane';
import { WritePreviewToggle, type EditorMode } from './write-preview-toggle';

export interface ContentFormLayoutProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formError: string | null;
  /** The fields above the Markdown (title, slug, tags…). */
  fields: ReactNode;
  title: string;
  content: string;
  onContentChange: (content: string) => void;
  contentError?: string | undefined;
  saving: boolean;
}

/**
 * The editor's form: fields and the Markdown on the left, the live preview beside them on wide
 * screens; on phones a Write / Preview switch shows one or the other.
 */
export function ContentFormLayout({ onSubmit, formError, fields, title, content, onContentChange, contentError, saving }: ContentFormLayoutProps) {
  const [mode, setMode] = useState<EditorMode>('write');
  // An error in the text must be visible, whatever the switch says.
  const writing = mode === 'write' || Boolean(contentError);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="flex min-w-0 flex-col gap-5">
        {formError && (
          <Alert tone="error" role="alert">
            {formError}
          </Alert>
        )}
        {fields}
        <WritePreviewToggle mode={writing ? 'write' : 'preview'} onChange={setMode} className="lg:hidden" />
        <div className={cx(!writing && 'max-lg:hidden')}>
          <TextareaField
            name="content"
            label={t('editor.field.content')}
            hint={t('editor.field.contentHint')}
            value={content}
            onChange={(event) => onContentChange(event.target.value)}
            maxLength={CONTENT_LIMITS.contentMax}
            rows={18}
            spellCheck
            error={contentError}
            className="resize-y font-mono text-sm leading-6 lg:min-h-[32rem]"
          />
        </div>
        <Button type="submit" disabled={saving} className="self-stretch px-8 sm:self-start">
          {t('editor.save')}
        </Button>
      </div>
      <PreviewPane
        title={title}
        content={content}
        className={cx('lg:sticky lg:top-28 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto', writing && 'max-lg:hidden')}
      />
    </form>
  );
}
