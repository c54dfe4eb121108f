import { CONTENT_LIMITS, DIFFICULTIES, TOPIC_CATEGORIES, topicInputSchema, type AdminTopic } from '@abhyas/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { t } from '@/i18n/i18n';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateTopic } from '../api/create-topic';
import { useUpdateTopic } from '../api/update-topic';
import { formatTagInput, parseTagInput } from '../utils/tag-input';
import { ContentFormLayout } from './content-form-layout';

const CATEGORY_LIST_ID = 'topic-category-suggestions';
// A 409 CONFLICT ("A topic with this slug already exists") belongs under the slug field.
const SLUG_CONFLICT = { CONFLICT: 'slug' };

// The form's text entries in the shape topicInputSchema expects. An empty slug or order is left
// out: the server makes the slug from the title (or keeps the current one) and picks the order.
function toTopicInput(values: Record<string, string>) {
  const { slug = '', tags = '', order = '', ...rest } = values;
  return {
    ...rest,
    ...(slug.trim() ? { slug } : {}),
    ...(order.trim() ? { order: Number(order) } : {}),
    tags: parseTagInput(tags),
  };
}

function difficultyOptions() {
  return DIFFICULTIES.map((difficulty) => ({ value: difficulty, label: t(`difficulty.${difficulty}`) }));
}

/** Writes a new topic (saved as a draft) or edits one; `topic` is the one being edited. */
export function TopicForm({ topic, onCreated }: { topic?: AdminTopic; onCreated?: (created: AdminTopic) => void }) {
  const [title, setTitle] = useState(topic?.title ?? '');
  const [content, setContent] = useState(topic?.content ?? '');
  const createMutation = useCreateTopic();
  const updateMutation = useUpdateTopic();
  const { errors, formError, handleSubmit, showRequestError } = useSchemaForm(topicInputSchema, {
    prepare: toTopicInput,
    onValid: (data, form) => {
      const onError = (error: unknown) => {
        toast.error(showRequestError(form, error, t('editor.saveFailed'), SLUG_CONFLICT));
      };
      if (topic) updateMutation.mutate({ id: topic.id, patch: data }, { onError });
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
        defaultValue={topic?.slug ?? ''}
        maxLength={CONTENT_LIMITS.slugMax}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        error={errors.slug}
      />
      <TextareaField
        name="summary"
        label={t('editor.field.summary')}
        hint={t('editor.field.summaryHint')}
        defaultValue={topic?.summary ?? ''}
        maxLength={CONTENT_LIMITS.excerptMax}
        rows={3}
        error={errors.summary}
      />
      <TextField
        name="category"
        list={CATEGORY_LIST_ID}
        label={t('editor.field.category')}
        hint={t('editor.field.categoryHint')}
        defaultValue={topic?.category ?? ''}
        maxLength={CONTENT_LIMITS.categoryMax}
        autoComplete="off"
        required
        error={errors.category}
      />
      <datalist id={CATEGORY_LIST_ID}>
        {TOPIC_CATEGORIES.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          name="difficulty"
          label={t('editor.field.difficulty')}
          defaultValue={topic?.difficulty ?? DIFFICULTIES[0]}
          options={difficultyOptions()}
          error={errors.difficulty}
        />
        <TextField
          name="order"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          label={t('editor.field.order')}
          hint={t('editor.field.orderHint')}
          defaultValue={topic?.order ?? ''}
          error={errors.order}
        />
      </div>
      <TextField
        name="tags"
        label={t('editor.field.tags')}
        hint={t('editor.field.tagsHint')}
        defaultValue={formatTagInput(topic?.tags ?? [])}
        autoCapitalize="none"
        autoComplete="off"
        error={errors.tags}
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
