import type { AdminTopic, QuestionTopic } from '@abhyas/contracts';
import type { SelectOption } from '@/components/ui/select-field';
import { t } from '@/i18n/i18n';

/** What a topic is picked by: its id (a question's link) or its slug (the list's filter, in the address). */
export type TopicKey = 'id' | 'slug';

/**
 * The topics as select options, by title, drafts marked. A chosen topic that is not in the list (it
 * is still loading, or gone) stays as an option under the title already known, or its slug or id.
 */
export function topicOptions(topics: readonly Pick<AdminTopic, 'id' | 'slug' | 'title' | 'status'>[], by: TopicKey, value: string, known?: QuestionTopic | null): SelectOption[] {
  const options = [...topics]
    .sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }))
    .map((topic) => ({ value: topic[by], label: topic.status === 'draft' ? t('questions.topic.draft', { title: topic.title }) : topic.title }));
  if (value && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: known && known[by] === value ? known.title : value });
  }
  return options;
}
