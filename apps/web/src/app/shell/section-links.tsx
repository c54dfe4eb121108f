import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { t } from '@/i18n/i18n';

export interface SectionLinksProps {
  showEditor: boolean;
  className: (state: { isActive: boolean }) => string;
  /** Shown beside Contests: how many joined contests start soon. */
  contestsBadge?: ReactNode;
}

/** Home, Practice, Tests, Contests, Topics, Blogs and, for editors and admins, Editor: inline on wide screens, in the menu on phones. */
export function SectionLinks({ showEditor, className, contestsBadge }: SectionLinksProps) {
  return (
    <>
      <NavLink to="/" end className={className}>
        {t('nav.home')}
      </NavLink>
      <NavLink to="/practice" className={className}>
        {t('nav.practice')}
      </NavLink>
      <NavLink to="/tests" className={className}>
        {t('nav.tests')}
      </NavLink>
      <NavLink to="/contests" className={className}>
        {t('nav.contests')}
        {contestsBadge}
      </NavLink>
      <NavLink to="/topics" className={className}>
        {t('nav.topics')}
      </NavLink>
      <NavLink to="/blogs" className={className}>
        {t('nav.blogs')}
      </NavLink>
      {showEditor && (
        <NavLink to="/admin" className={className}>
          {t('nav.editor')}
        </NavLink>
      )}
    </>
  );
}
