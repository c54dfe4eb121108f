import type { ReactNode } from 'react';
import { t } from '@/i18n/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FeatureGrid } from '../components/feature-grid';
import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { PopularExams } from '../components/popular-exams';
import { ViewerWelcome, type Viewer } from '../components/viewer-welcome';

/**
 * `/`: the landing page; `viewer` is the signed-in candidate, or null for a visitor. `contests` is
 * the contests strip (from the contests feature), under the features; `content` is what there is to
 * read now (blogs and topics, from their own features).
 */
export function HomePage({ viewer, content, contests }: { viewer: Viewer | null; content?: ReactNode; contests?: ReactNode }) {
  useDocumentTitle();
  return (
    <div className="flex flex-col gap-12 sm:gap-16">
      <Hero signedIn={viewer !== null} />
      {viewer && <ViewerWelcome viewer={viewer} />}
      <FeatureGrid />
      {contests && (
        <section aria-labelledby="home-contests-title" className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <h2 id="home-contests-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
              {t('home.contests.title')}
            </h2>
            <p className="text-slate-600 dark:text-slate-400">{t('home.contests.intro')}</p>
          </div>
          {contests}
        </section>
      )}
      {content}
      {!viewer && <HowItWorks />}
      <PopularExams />
    </div>
  );
}
