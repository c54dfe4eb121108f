import { CONTENT_LIMITS } from '@abhyas/contracts';
import { MarkdownField } from '@/components/admin/markdown-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { t } from '@/i18n/i18n';
import type { FieldErrors } from '@/lib/form-errors';
import { formatTagInput } from '@/lib/tag-input';

/** Title (controlled, it feeds the preview) and slug, shared by the blog and topic forms. */
export function TitleAndSlugFields(props: { title: string; onTitleChange: (title: string) => void; slug: string; errors: FieldErrors }) {
  return (
    <>
      <TextField
        name="title"
        label={t('editor.field.title')}
        value={props.title}
        onChange={(event) => props.onTitleChange(event.target.value)}
        maxLength={CONTENT_LIMITS.titleMax}
        required
        error={props.errors.title}
      />
      <TextField
        name="slug"
        label={t('editor.field.slug')}
        hint={t('editor.field.slugHint')}
        defaultValue={props.slug}
        maxLength={CONTENT_LIMITS.slugMax}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        error={props.errors.slug}
      />
    </>
  );
}

/** The short text shown in lists: a blog's excerpt or a topic's summary. */
export function SummaryField(props: { name: 'excerpt' | 'summary'; value: string; errors: FieldErrors }) {
  return (
    <TextareaField
      name={props.name}
      label={t(`editor.field.${props.name}`)}
      hint={t(`editor.field.${props.name}Hint`)}
      defaultValue={props.value}
      maxLength={CONTENT_LIMITS.excerptMax}
      rows={3}
      error={props.errors[props.name]}
    />
  );
}

export function TagsField(props: { tags: string[]; errors: FieldErrors }) {
  return (
    <TextField
      name="tags"
      label={t('editor.field.tags')}
      hint={t('editor.field.tagsHint')}
      defaultValue={formatTagInput(props.tags)}
      autoCapitalize="none"
      autoComplete="off"
      error={props.errors.tags}
    />
  );
}

/** The Markdown body of a blog or topic, with "Insert image" for pictures in the article. */
export function ContentField(props: { value: string; onChange: (content: string) => void; error: string | undefined }) {
  return (
    <MarkdownField
      name="content"
      label={t('editor.field.content')}
      hint={t('editor.field.contentHint')}
      value={props.value}
      onChange={props.onChange}
      maxLength={CONTENT_LIMITS.contentMax}
      rows={18}
      error={props.error}
      className="lg:min-h-[32rem]"
    />
  );
}
