import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';

export interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** True while the next page loads: the buttons wait. */
  busy?: boolean;
}

/** Previous and Next with "Page X of Y" between them. */
export function Pagination({ page, pages, onPage, busy = false }: PaginationProps) {
  return (
    <nav aria-label={t('topics.pagination.label')} className="flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={busy || page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
        <span aria-hidden="true">←</span>
        {t('topics.pagination.previous')}
      </Button>
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('topics.pagination.status', { page, pages })}</p>
      <Button variant="secondary" disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
        {t('topics.pagination.next')}
        <span aria-hidden="true">→</span>
      </Button>
    </nav>
  );
}
