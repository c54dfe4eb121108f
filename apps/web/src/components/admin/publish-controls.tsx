import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/i18n/i18n';
import { StatusBadge, type ItemStatus } from './status-badge';

/**
 * What the publish button of an item does: a draft is published, a published item goes back to the
 * drafts, and an archived one is restored as a draft.
 */
export function publishMove(status: ItemStatus): { publish: boolean; label: string } {
  if (status === 'draft') return { publish: true, label: t('editor.action.publish') };
  return { publish: false, label: t(status === 'archived' ? 'editor.action.restore' : 'editor.action.unpublish') };
}

export interface PublishControlsProps {
  status: ItemStatus;
  /** The public page, linked while published. */
  viewPath: string;
  onSetPublished: (published: boolean) => void;
  busy: boolean;
}

/** The status of what is being edited, with Publish / Unpublish (Restore once archived) and, once live, a link to it. */
export function PublishControls({ status, viewPath, onSetPublished, busy }: PublishControlsProps) {
  const published = status === 'published';
  const move = publishMove(status);
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
      <Button variant="secondary" className="px-3 text-sm" disabled={busy} onClick={() => onSetPublished(move.publish)}>
        {move.label}
      </Button>
    </>
  );
}
