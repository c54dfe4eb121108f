import type { QuestionTopic } from '@abhyas/contracts';
import { SelectField } from '@/components/ui/select-field';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useTopicChoices } from '../api/get-topic-choices';
import { topicOptions, type TopicKey } from '../utils/topic-options';

export interface TopicSelectFieldProps {
  label: string;
  name?: string;
  hint?: string;
  error?: string | undefined;
  by: TopicKey;
  /** The chosen topic's id or slug; '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The first option, meaning no topic: "No topic" in the form, "Any" in the filters. */
  emptyLabel: string;
  /** The chosen topic as the question already names it, shown before the list arrives. */
  known?: QuestionTopic | null;
}

/** A select of the learning topics by title (drafts included). */
export function TopicSelectField({ label, name, hint, error, by, value, onChange, emptyLabel, known }: TopicSelectFieldProps) {
  const topics = useTopicChoices();
  const status = topics.isError
    ? t('questions.topic.failed', { message: errorMessage(topics.error, t('errors.generic')) })
    : hint && topics.isPending
      ? t('questions.topic.loading')
      : hint;
  return (
    <SelectField
      name={name}
      label={label}
      hint={status}
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={[{ value: '', label: emptyLabel }, ...topicOptions(topics.data ?? [], by, value, known)]}
    />
  );
}
