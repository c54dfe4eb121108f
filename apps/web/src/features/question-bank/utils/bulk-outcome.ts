import { t } from '@/i18n/i18n';

export type BulkAction = 'publish' | 'unpublish' | 'delete' | 'restore';

/** What a bulk action did: how many questions changed, and of a delete how many were archived instead. */
export interface BulkOutcome {
  affected: number;
  archived: number;
}

/** A delete's words: the questions deleted, and those archived instead because attempts used them. */
function deleteMessage({ affected, archived }: BulkOutcome): string {
  const deleted = affected - archived;
  if (archived === 0) return deleted === 1 ? t('questions.toast.deletedOne') : t('questions.toast.deleted', { count: deleted });
  if (deleted === 0) return archived === 1 ? t('questions.toast.archivedOne') : t('questions.toast.archived', { count: archived });
  const first = deleted === 1 ? t('questions.toast.deletedOne') : t('questions.toast.deleted', { count: deleted });
  return archived === 1 ? t('questions.toast.alsoArchivedOne', { deleted: first }) : t('questions.toast.alsoArchived', { deleted: first, count: archived });
}

/** The toast after a bulk action, in words for its counts. */
export function bulkOutcomeMessage(action: BulkAction, outcome: BulkOutcome): string {
  const count = outcome.affected;
  switch (action) {
    case 'delete':
      return deleteMessage(outcome);
    case 'restore':
      return count === 1 ? t('questions.toast.restoredOne') : t('questions.toast.restored', { count });
    case 'publish':
      return count === 1 ? t('questions.toast.publishedOne') : t('questions.toast.published', { count });
    case 'unpublish':
      return count === 1 ? t('questions.toast.unpublishedOne') : t('questions.toast.unpublished', { count });
  }
}
