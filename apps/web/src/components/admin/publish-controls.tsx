import type { ContentStatus } from '@abhyas/contracts';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/i18n/i18n';
import { StatusBadge } from './status-badge';

export interface PublishControlsProps {
  status: ContentStatus;
  /** The public page, linked while published. */
  viewPath: string;
  onSetPublished: (published: boolean) => void;
  busy: boolean;
}

/** The status of what is being edited, with Publish / Unpublish and, once live, a link to it. */
export function PublishControls({ status, viewPath, onSetPublished, busy }: PublishControlsProps) {
  const published = status === 'published';
  return (
    <>
      <span className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        {t('editor.statusLine')} <StatusBadge status={status} />
      </span>
      {published && (
        <ButtonLink to={viewPath} variant="ghost" className="px-3 text-sm">
          {t('editor.action.view')}
        </ButtonLink>
      )}
      <Button variant="secondary" className="px-3 text-sm" disabled={busy} onClick={() => onSetPublished(!published)}>
        {published ? t('editor.action.unpublish') : t('editor.action.publish')}
      </Button>
    </>
  );
}
