import { NavLink } from 'react-router';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { isAdmin } from '@/lib/roles';

const tabClasses = ({ isActive }: { isActive: boolean }) =>
  cx(
    'inline-flex min-h-11 shrink-0 items-center border-b-2 px-2 font-semibold sm:px-3',
    isActive
      ? 'border-indigo-600 text-indigo-800 dark:border-indigo-400 dark:text-indigo-200'
      : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
  );

/**
 * The editor's sections, Blogs, Topics, Questions, Tests, Challenges, Contests and Ads, and for admins Analytics and Users, as
 * tabs-looking links that wrap onto a second line on a narrow phone.
 */
export function AdminNav() {
  const admin = isAdmin(useCurrentUser().data?.user.role);
  return (
    <nav aria-label={t('editor.sections')} className="flex flex-wrap gap-x-2 border-b border-slate-200 dark:border-slate-800">
      <NavLink to="/admin/blogs" className={tabClasses}>
        {t('editor.blogs.title')}
      </NavLink>
      <NavLink to="/admin/topics" className={tabClasses}>
        {t('editor.topics.title')}
      </NavLink>
      <NavLink to="/admin/questions" className={tabClasses}>
        {t('questions.title')}
      </NavLink>
      <NavLink to="/admin/tests" className={tabClasses}>
        {t('testEditor.title')}
      </NavLink>
      <NavLink to="/admin/challenges" className={tabClasses}>
        {t('challengeQueue.title')}
      </NavLink>
      <NavLink to="/admin/contests" className={tabClasses}>
        {t('contestEditor.title')}
      </NavLink>
      <NavLink to="/admin/ads" className={tabClasses}>
        {t('ads.title')}
      </NavLink>
      {admin && (
        <>
          <NavLink to="/admin/analytics" className={tabClasses}>
            {t('analytics.title')}
          </NavLink>
          <NavLink to="/admin/users" className={tabClasses}>
            {t('users.title')}
          </NavLink>
          <NavLink to="/admin/audit" className={tabClasses}>
            {t('audit.nav')}
          </NavLink>
        </>
      )}
    </nav>
  );
}
