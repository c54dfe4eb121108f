import { blogInputSchema, CONTENT_LIMITS, type AdminBlog } from '@abhyas/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { t } from '@/i18n/i18n';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateBlog } from '../api/create-blog';
import { useUpdateBlog } from '../api/update-blog';
import { formatTagInput, parseTagInput } from '../utils/tag-input';
import { ContentFormLayout } from './content-form-layout';

// A 409 CONFLICT ("A blog with this slug already exists") belongs under the slug field.
const SLUG_CONFLICT = { CONFLICT: 'slug' };

// The form's text entries in the shape blogInputSchema expects. An empty slug is left out: the
// server makes one from the title (new blog) or keeps the current one (edit).
function toBlogInput(values: Record<string, string>) {
  const { slug = '', tags = '', ...rest } = values;
  return { ...rest, ...(slug.trim() ? { slug } : {}), tags: parseTagInput(tags) };
}

/** Writes a new blog (saved as a draft) or edits one; `blog` is the one being edited. */
export function BlogForm({ blog, onCreated }: { blog?: AdminBlog; onCreated?: (created: AdminBlog) => void }) {
  const [title, setTitle] = useState(blog?.title ?? '');
  const [content, setContent] = useState(blog?.content ?? '');
  const createMutation = useCreateBlog();
  const updateMutation = useUpdateBlog();
  const { errors, formError, handleSubmit, showRequestError } = useSchemaForm(blogInputSchema, {
    prepare: toBlogInput,
    onValid: (data, form) => {
      const onError = (error: unknown) => {
        toast.error(showRequestError(form, error, t('editor.saveFailed'), SLUG_CONFLICT));
      };
      if (blog) updateMutation.mutate({ id: blog.id, patch: data }, { onError });
      else createMutation.mutate(data, { onSuccess: onCreated, onError });
    },
  });

  const fields = (
    <>
      <TextField
        name="title"
        label={t('editor.field.title')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={CONTENT_LIMITS.titleMax}
        required
        error={errors.title}
      />
      <TextField
        name="slug"
        label={t('editor.field.slug')}
        hint={t('editor.field.slugHint')}
        defaultValue={blog?.slug ?? ''}
        maxLength={CONTENT_LIMITS.slugMax}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        error={errors.slug}
      />
      <TextareaField
        name="excerpt"
        label={t('editor.field.excerpt')}
        hint={t('editor.field.excerptHint')}
        defaultValue={blog?.excerpt ?? ''}
        maxLength={CONTENT_LIMITS.excerptMax}
        rows={3}
        error={errors.excerpt}
      />
      <TextField
        name="tags"
        label={t('editor.field.tags')}
        hint={t('editor.field.tagsHint')}
        defaultValue={formatTagInput(blog?.tags ?? [])}
        autoCapitalize="none"
        autoComplete="off"
        error={errors.tags}
      />
      <TextField
        name="coverImageUrl"
        inputMode="url"
        label={t('editor.field.cover')}
        hint={t('editor.field.coverHint')}
        defaultValue={blog?.coverImageUrl ?? ''}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        error={errors.coverImageUrl}
      />
    </>
  );

  return (
    <ContentFormLayout
      onSubmit={handleSubmit}
      formError={formError}
      fields={fields}
      title={title}
      content={content}
      onContentChange={setContent}
      contentError={errors.content}
      saving={createMutation.isPending || updateMutation.isPending}
    />
  );
}
