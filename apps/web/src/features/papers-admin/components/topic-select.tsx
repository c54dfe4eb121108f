import { SelectField } from '@/components/ui/select-field';
import { t } from '@/i18n/i18n';
import { useTopicChoices } from '../api/get-topic-choices';

/** A learning topic by slug, or "any". */
export function TopicSelect({ label, value, onChange, error, name }: { label: string; value: string; onChange: (slug: string) => void; error?: string | undefined; name?: string }) {
  const topics = useTopicChoices();
  const known = topics.data ?? [];
  // A slug no longer among the topics stays choosable, so saving does not silently drop it.
  const options = [{ value: '', label: t('testEditor.any') }, ...known.map((topic) => ({ value: topic.slug, label: topic.title })), ...(value && !known.some((topic) => topic.slug === value) ? [{ value, label: value }] : [])];
  return <SelectField name={name} label={label} value={value} onChange={(event) => onChange(event.target.value)} options={options} error={error} />;
}
