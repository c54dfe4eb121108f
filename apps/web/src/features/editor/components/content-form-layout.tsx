import type { FormEvent, ReactNode } from 'react';
import { EditorFormLayout } from '@/components/admin/editor-form-layout';
import { PreviewPane } from '@/components/admin/preview-pane';
import { ContentField } from './content-fields';

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

/** The blog and topic form: their fields, then the Markdown content (with images) and its preview. */
export function ContentFormLayout({ onSubmit, formError, fields, title, content, onContentChange, contentError, saving }: ContentFormLayoutProps) {
  return (
    <EditorFormLayout
      onSubmit={onSubmit}
      formError={formError}
      saving={saving}
      fields={fields}
      writingHasError={Boolean(contentError)}
      preview={<PreviewPane title={title} content={content} />}
    >
      <ContentField value={content} onChange={onContentChange} error={contentError} />
    </EditorFormLayout>
  );
}
