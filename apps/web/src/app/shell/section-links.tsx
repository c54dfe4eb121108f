import { NavLink } from 'react-router';
import { t } from '@/i18n/i18n';

export interface SectionLinksProps {
  showEditor: boolean;
  className: (state: { isActive: boolean }) => string;
}

/** Home, Practice, Tests, Topics, Blogs and, for editors and admins, Editor: inline on wide screens, in the menu on phones. */
export function SectionLinks({ showEditor, className }: SectionLinksProps) {
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
