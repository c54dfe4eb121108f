import { IMPORT_FORMATS, type ImportFormat } from '@abhyas/contracts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryError } from '@/components/ui/query-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { SectionHeader } from '@/components/admin/list-page-header';
import { Pagination } from '@/components/ui/pagination';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBulkQuestions } from '../api/bulk-questions';
import { useExportQuestions } from '../api/export-questions';
import { useAdminQuestions } from '../api/get-admin-questions';
import { QuestionFiltersBar } from '../components/question-filters-bar';
import { QuestionBulkBar } from '../components/question-bulk-bar';
import { QuestionList } from '../components/question-list';
import type { BulkAction } from '../utils/bulk-outcome';
import { filtersFromParams, filtersToParams, hasFilters, QUESTIONS_PAGE_SIZE, withFilters, type QuestionFilters } from '../utils/question-filters';

/** What the export button downloads: the selection, else the category filter's questions or the whole bank. */
function exportHint(filters: QuestionFilters, selected: number): string {
  if (selected > 0) return t('questions.export.hintSelected');
  // The export follows the category alone; other filters narrow the list, not the file.
  const narrowed = hasFilters({ ...filters, category: '' });
  if (filters.category) return t(narrowed ? 'questions.export.hintCategoryFiltered' : 'questions.export.hintCategory', { category: filters.category });
  return t(narrowed ? 'questions.export.hintAllFiltered' : 'questions.export.hintAll');
}

/** `/admin/questions` (editors and admins): the bank, filtered in the address bar, with bulk actions. */
export function AdminQuestionsPage() {
  useDocumentTitle(`${t('editor.title')} · ${t('questions.title')}`);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const questions = useAdminQuestions(filters);
  const bulk = useBulkQuestions();
  const exporter = useExportQuestions();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [format, setFormat] = useState<ImportFormat>('gift');

  function update(patch: Partial<QuestionFilters>) {
    const next = withFilters(filters, patch);
    setParams(filtersToParams(next), { replace: patch.page === undefined });
    setSelected(new Set());
  }

  const page = questions.data;
  const pageIds = page?.data.map((q) => q.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const pages = page ? Math.max(1, Math.ceil(page.total / QUESTIONS_PAGE_SIZE)) : 1;
  const archivedView = filters.status === 'archived';

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function run(action: BulkAction) {
    bulk.mutate(
      { ids: [...selected], action },
      {
        onSuccess: () => {
          setSelected(new Set());
          setConfirmDelete(false);
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <SectionHeader title={t('questions.title')} intro={t('questions.intro')}>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/admin/questions/import" variant="secondary">
            {t('questions.import.action')}
          </ButtonLink>
          <ButtonLink to="/admin/questions/new">
            <span aria-hidden="true">+</span>
            {t('questions.new')}
          </ButtonLink>
        </div>
      </SectionHeader>

      <QuestionFiltersBar filters={filters} onChange={update} />

      <section aria-label={t('questions.export.label')} className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <div className="min-w-40 flex-1 sm:flex-none">
          <SelectField
            label={t('questions.export.format')}
            value={format}
            onChange={(event) => setFormat(event.target.value as ImportFormat)}
            options={IMPORT_FORMATS.map((f) => ({ value: f, label: t(`questions.format.${f}`) }))}
          />
        </div>
        <Button
          variant="secondary"
          disabled={exporter.isPending}
          onClick={() => exporter.mutate({ format, category: filters.category, ids: [...selected] })}
        >
          {exporter.isPending && <Spinner className="size-4" />}
          {selected.size > 0 ? t('questions.export.selected', { count: selected.size }) : t('questions.export.action')}
        </Button>
        <p className="basis-full text-sm text-slate-600 dark:text-slate-400">
          {exportHint(filters, selected.size)}
        </p>
      </section>

      {questions.isError && (
        <QueryError
          message={errorMessage(questions.error, t('errors.generic'))}
          retryLabel={t('content.retry')}
          onRetry={() => void questions.refetch()}
          retrying={questions.isFetching}
        />
      )}
      {questions.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}

      {page && (
        <>
          <QuestionBulkBar
            allOnPage={allOnPage}
            emptyPage={pageIds.length === 0}
            onSelectAll={() => setSelected(allOnPage ? new Set() : new Set(pageIds))}
            selected={selected.size}
            total={page.total}
            archived={archivedView}
            busy={bulk.isPending}
            onAction={run}
            onDelete={() => setConfirmDelete(true)}
          />
          {archivedView && <p className="text-sm text-slate-600 dark:text-slate-400">{t('questions.list.archivedHint')}</p>}

          {page.data.length > 0 ? (
            <QuestionList questions={page.data} selected={selected} onToggle={toggle} />
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
              {hasFilters(filters) ? t('questions.list.noMatch') : t('questions.list.empty')}
            </p>
          )}
          {pages > 1 && <Pagination page={filters.page} pages={pages} onPage={(p) => update({ page: p })} busy={questions.isFetching} />}
        </>
      )}

      <ConfirmDialog
        open={confirmDelete}
        title={t('questions.bulk.deleteTitle', { count: selected.size })}
        confirmLabel={t('editor.delete.confirm')}
        cancelLabel={t('editor.delete.cancel')}
        onConfirm={() => run('delete')}
        onCancel={() => setConfirmDelete(false)}
        pending={bulk.isPending}
      >
        <p>{t('questions.bulk.deleteBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
