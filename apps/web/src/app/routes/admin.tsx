import { Outlet } from 'react-router';
import { NoAccess } from '@/features/editor/components/no-access';
import { useProfile } from '@/features/profile/api/get-profile';
import { t } from '@/i18n/i18n';
import { isAdmin } from '@/lib/roles';

/**
 * `/admin/analytics` and `/admin/users`: inside the editor frame, which has loaded the profile,
 * for admins only. The API checks the role again on every call, so this only decides what to show.
 */
export function AdminRoute() {
  if (isAdmin(useProfile().data?.user.role)) return <Outlet />;
  return <NoAccess title={t('admin.noAccess.title')} body={t('admin.noAccess.body')} />;
}
