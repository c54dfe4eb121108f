import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { t } from '@/i18n/i18n';
import { formatDate } from '@/lib/format';
import { publishMove } from './publish-controls';
import { StatusBadge, type ItemStatus } from './status-badge';

export interface ContentRow {
  id: string;
  title: string;
  status: ItemStatus;
  updatedAt: string;
}

export interface ContentListProps {
  items: readonly ContentRow[];
  /** Where a row's Edit goes, e.g. `/admin/blogs/:id/edit`. */
  editPath: (id: string) => string;
  onSetPublished: (id: string, published: boolean) => void;
  /** Deletes after the confirmation; resolves when done, so the dialog can close. */
  onDelete: (id: string) => Promise<unknown>;
  /** What the delete confirmation says, when deleting does more than remove the item for good. */
  deleteBody?: string;
  busy?: boolean;
  /** Further links for a row, shown after Edit (such as a test's item analysis). */
  moreActions?: (item: ContentRow) => ReactNode;
}

// Each action's accessible name ends with the title ("Edit Time and work"), so a screen-reader
// list of buttons tells the rows apart; sighted users see the row.
function Hidden({ children }: { children: string }) {
  return <span className="sr-only"> {children}</span>;
}

/**
 * An admin list of things that are drafted and published (blogs, topics, tests): title, status, last
 * update, and Edit, Publish, Delete; an archived item has Restore instead, and no Delete.
 */
export function ContentList({ items, editPath, onSetPublished, onDelete, deleteBody, busy = false, moreActions }: ContentListProps) {
  // The row stays remembered after the dialog closes, so its title does not blank while it fades.
  const [deleting, setDeleting] = useState<ContentRow | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setPending(true);
    try {
      await onDelete(deleting.id);
      setConfirming(false);
    } catch {
      // The failure is already a toast; the dialog stays so the editor can retry or cancel.
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:gap-6">
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <p className="font-semibold break-words text-slate-900 dark:text-white">{item.title}</p>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
                <StatusBadge status={item.status} />
                <span>{t('editor.list.updated', { date: formatDate(item.updatedAt) })}</span>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <ButtonLink to={editPath(item.id)} variant="secondary" className="px-3 text-sm">
                {t('editor.action.edit')}
                <Hidden>{item.title}</Hidden>
              </ButtonLink>
              {moreActions?.(item)}
              <Button variant="secondary" className="px-3 text-sm" disabled={busy} onClick={() => onSetPublished(item.id, publishMove(item.status).publish)}>
                {publishMove(item.status).label}
                <Hidden>{item.title}</Hidden>
              </Button>
              {item.status !== 'archived' && (
                <Button variant="danger" className="px-3 text-sm" disabled={busy} onClick={() => {
                    setDeleting(item);
                    setConfirming(true);
                  }}>
                  {t('editor.action.delete')}
                  <Hidden>{item.title}</Hidden>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming}
        title={t('editor.delete.title', { title: deleting?.title ?? '' })}
        confirmLabel={t('editor.delete.confirm')}
        cancelLabel={t('editor.delete.cancel')}
        pending={pending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      >
        <p>{deleteBody ?? t('editor.delete.body')}</p>
      </ConfirmDialog>
    </>
  );
}
