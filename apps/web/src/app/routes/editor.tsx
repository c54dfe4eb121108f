import { Navigate, Outlet } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { NoAccess } from '@/features/editor/components/no-access';
import { useProfile } from '@/features/profile/api/get-profile';
import { t } from '@/i18n/i18n';
import { canEditContent } from '@/lib/roles';

/**
 * `/admin/*`: the editor, for editors and admins. Visitors without a token were already sent to
 * /login by the route loader; the role comes from the profile. The API checks the role again on
 * every call, so this only decides what to show.
 */
export function EditorRoute() {
  const profile = useProfile();

  if (profile.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-400">
        <Spinner />
        {t('editor.loading')}
      </p>
    );
  }
  if (profile.isError) {
    return (
      <Alert tone="error" role="alert" title={t('profile.fetchFailed')}>
        <p>{profile.error.message}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void profile.refetch()} disabled={profile.isFetching}>
          {t('profile.retry')}
        </Button>
      </Alert>
    );
  }
  if (!canEditContent(profile.data.user.role)) return <NoAccess />;
  return <Outlet />;
}

/**
 * `/admin` itself: an editor or admin goes on to the first admin page. A candidate never gets here:
 * the editor frame shows them the no-access page in its place.
 */
export function EditorIndexRoute() {
  return <Navigate to="/admin/blogs" replace />;
}
