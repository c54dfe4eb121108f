import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FeatureGrid } from '../components/feature-grid';
import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { PopularExams } from '../components/popular-exams';
import { ViewerWelcome, type Viewer } from '../components/viewer-welcome';

/**
 * `/`: the landing page; `viewer` is the signed-in candidate, or null for a visitor. `content` is
 * what there is to read now (blogs and topics, from their own features), shown after what is coming.
 */
export function HomePage({ viewer, content }: { viewer: Viewer | null; content?: ReactNode }) {
  useDocumentTitle();
  return (
    <div className="flex flex-col gap-12 sm:gap-16">
      <Hero signedIn={viewer !== null} />
      {viewer && <ViewerWelcome viewer={viewer} />}
      <FeatureGrid />
      {content}
      {!viewer && <HowItWorks />}
      <PopularExams />
    </div>
  );
}
