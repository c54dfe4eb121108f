import { Navigate, Outlet } from 'react-router';
import { ImageControlsProvider } from '@/components/admin/image-controls';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { canEditContent } from '@/lib/roles';
import { imageControls } from '../image-controls';
import { NoAccess } from './no-access';

/**
 * `/admin/*`: the editor, for editors and admins. Visitors without a token were already sent to
 * /login by the route loader; the role comes from the profile. The API checks the role again on
 * every call, so this only decides what to show. Every page below gets the media feature's image
 * controls from here.
 */
export function EditorRoute() {
  const profile = useCurrentUser();

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
  return (
    <ImageControlsProvider controls={imageControls}>
      <Outlet />
    </ImageControlsProvider>
  );
}

/**
 * `/admin` itself: an editor or admin goes on to the first admin page. A candidate never gets here:
 * the editor frame shows them the no-access page in its place.
 */
export function EditorIndexRoute() {
  return <Navigate to="/admin/blogs" replace />;
}
