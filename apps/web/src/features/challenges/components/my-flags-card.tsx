import { Card } from '@/components/ui/card';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';

/** The profile's way to the candidate's challenges and reports. */
export function MyFlagsCard() {
  return (
    <Card as="section" aria-labelledby="my-flags-title" className="flex flex-col gap-2">
      <h2 id="my-flags-title" className="text-xl font-bold">
        {t('challenges.card.title')}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t('challenges.card.body')}</p>
      <TextLink to="/me/challenges" className="self-start">
        {t('challenges.mine.link')}
      </TextLink>
    </Card>
  );
}
