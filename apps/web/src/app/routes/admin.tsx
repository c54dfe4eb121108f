import { Outlet } from 'react-router';
import { t } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { isAdmin } from '@/lib/roles';
import { NoAccess } from './no-access';

/**
 * `/admin/analytics` and `/admin/users`: inside the editor frame, which has loaded the profile,
 * for admins only. The API checks the role again on every call, so this only decides what to show.
 */
export function AdminRoute() {
  if (isAdmin(useCurrentUser().data?.user.role)) return <Outlet />;
  return <NoAccess title={t('admin.noAccess.title')} body={t('admin.noAccess.body')} />;
}
