import { blogInputSchema, type AdminBlog } from '@abhyas/contracts';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { parseTagInput } from '@/lib/tag-input';
import { useCreateBlog } from '../api/create-blog';
import { useAdminBlogs } from '../api/get-admin-blogs';
import { useUpdateBlog } from '../api/update-blog';
import { SummaryField, TagsField, TitleAndSlugFields } from './content-fields';
import { ContentFormLayout } from './content-form-layout';
import { LanguageFields } from './language-fields';
import { useContentForm } from './use-content-form';

// The form's text entries in the shape blogInputSchema expects. An empty slug is left out: the
// server makes one from the title (new blog) or keeps the current one (edit).
function toBlogInput(values: Record<string, string>) {
  const { slug = '', tags = '', ...rest } = values;
  return { ...rest, ...(slug.trim() ? { slug } : {}), tags: parseTagInput(tags) };
}

/** Writes a new blog (saved as a draft) or edits one; `blog` is the one being edited. */
export function BlogForm({ blog, onCreated }: { blog?: AdminBlog; onCreated?: (created: AdminBlog) => void }) {
  const form = useContentForm({ schema: blogInputSchema, prepare: toBlogInput, item: blog, create: useCreateBlog(), update: useUpdateBlog(), onCreated });
  const blogs = useAdminBlogs();

  const fields = (
    <>
      <TitleAndSlugFields title={form.title} onTitleChange={form.setTitle} slug={blog?.slug ?? ''} errors={form.errors} />
      <LanguageFields item={blog} articles={blogs.data} errors={form.errors} />
      <SummaryField name="excerpt" value={blog?.excerpt ?? ''} errors={form.errors} />
      <TagsField tags={blog?.tags ?? []} errors={form.errors} />
      <TextField
        name="coverImageUrl"
        inputMode="url"
        label={t('editor.field.cover')}
        hint={t('editor.field.coverHint')}
        defaultValue={blog?.coverImageUrl ?? ''}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        error={form.errors.coverImageUrl}
      />
    </>
  );

  return (
    <ContentFormLayout
      onSubmit={form.handleSubmit}
      formError={form.formError}
      fields={fields}
      title={form.title}
      content={form.content}
      onContentChange={form.setContent}
      contentError={form.errors.content}
      saving={form.saving}
    />
  );
}
