import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/i18n/i18n';
import { usePracticeChoices } from '../api/get-practice-choices';

/** "Practise this topic", for a topic page: shown when the bank holds published questions on it. */
export function PractiseTopicLink({ slug }: { slug: string }) {
  const choices = usePracticeChoices();
  const count = choices.data?.topics.find((topic) => topic.slug === slug)?.count ?? 0;
  if (count === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <ButtonLink to={`/practice?topic=${encodeURIComponent(slug)}`} className="w-full sm:w-auto">
        {t('practice.topicLink')}
      </ButtonLink>
      <span className="text-sm text-slate-600 dark:text-slate-400">{t('practice.topicLinkCount', { count })}</span>
    </div>
  );
}
