import { CONTENT_LIMITS, DIFFICULTIES, TOPIC_CATEGORIES, topicInputSchema, type AdminTopic } from '@abhyas/contracts';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { parseTagInput } from '@/lib/tag-input';
import { useCreateTopic } from '../api/create-topic';
import { useAdminTopics } from '../api/get-admin-topics';
import { useUpdateTopic } from '../api/update-topic';
import { SummaryField, TagsField, TitleAndSlugFields } from './content-fields';
import { ContentFormLayout } from './content-form-layout';
import { LanguageFields } from './language-fields';
import { useContentForm } from './use-content-form';

const CATEGORY_LIST_ID = 'topic-category-suggestions';
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
  const form = useContentForm({ schema: topicInputSchema, prepare: toTopicInput, item: topic, create: useCreateTopic(), update: useUpdateTopic(), onCreated });
  const errors = form.errors;
  const topics = useAdminTopics();

  const fields = (
    <>
      <TitleAndSlugFields title={form.title} onTitleChange={form.setTitle} slug={topic?.slug ?? ''} errors={errors} />
      <LanguageFields item={topic} articles={topics.data} errors={errors} />
      <SummaryField name="summary" value={topic?.summary ?? ''} errors={errors} />
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
      <TagsField tags={topic?.tags ?? []} errors={errors} />
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
      contentError={errors.content}
      saving={form.saving}
    />
  );
}
