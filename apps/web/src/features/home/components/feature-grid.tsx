import type { ComponentType } from 'react';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { t, type MessageKey } from '@/i18n/i18n';
import { ContestIcon, MockTestIcon, PracticeIcon } from './feature-icons';

interface Feature {
  title: MessageKey;
  body: MessageKey;
  Icon: ComponentType;
  /** Where the feature is; a card without one says "Coming soon". */
  link?: { to: string; label: MessageKey };
}

// Each card is where a capability plugs in: a link to it once it ships, "Coming soon" until then.
const features: Feature[] = [
  { title: 'home.feature.practice.title', body: 'home.feature.practice.body', Icon: PracticeIcon, link: { to: '/practice', label: 'home.feature.practice.cta' } },
  { title: 'home.feature.mock.title', body: 'home.feature.mock.body', Icon: MockTestIcon, link: { to: '/tests', label: 'home.feature.mock.cta' } },
  { title: 'home.feature.contests.title', body: 'home.feature.contests.body', Icon: ContestIcon, link: { to: '/contests', label: 'home.feature.contests.cta' } },
];

/** Practice MCQs, mock tests and contests, each leading to its page once it is open (blogs and topics are shown elsewhere). */
export function FeatureGrid() {
  return (
    <section aria-labelledby="features-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id="features-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t('home.features.title')}
        </h2>
        <p className="text-slate-600 dark:text-slate-400">{t('home.features.intro')}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ title, body, Icon, link }) => (
          <li key={title}>
            <Card as="article" className="flex h-full flex-col gap-3">
              <div className="flex items-center justify-between gap-3">
                <span className="grid size-11 place-items-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                  <Icon />
                </span>
                {!link && <Badge>{t('home.comingSoon')}</Badge>}
              </div>
              <h3 className="text-lg font-bold text-slate-900 dark:text-white">{t(title)}</h3>
              <p className="leading-7 text-slate-600 dark:text-slate-400">{t(body)}</p>
              {link && (
                <ButtonLink to={link.to} variant="secondary" className="mt-auto self-start">
                  {t(link.label)}
                </ButtonLink>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
