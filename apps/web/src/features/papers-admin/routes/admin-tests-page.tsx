import { TEST_STATUSES } from '@abhyas/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ContentList } from '@/components/admin/content-list';
import { ListPageHeader } from '@/components/admin/list-page-header';
import { ButtonLink } from '@/components/ui/button-link';
import { Pagination } from '@/components/ui/pagination';
import { QueryError } from '@/components/ui/query-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteTest } from '../api/delete-test';
import { TESTS_PAGE_SIZE, useAdminTests } from '../api/get-admin-tests';
import { useSetTestPublished } from '../api/set-test-published';
import type { AdminTestFilters } from '../api/test-keys';

function filtersFrom(params: URLSearchParams): AdminTestFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() ?? '',
    status: TEST_STATUSES.find((s) => s === status) ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export const SEARCH_DEBOUNCE_MS = 350;

/** The title search, reported once typing pauses; it follows the address bar on back and forward. */
function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const settled = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });
  useEffect(() => {
    if (settled !== shown && settled === text.trim()) report.current(settled);
  }, [settled, shown, text]);
  return <TextField label={t('testEditor.list.search')} type="search" value={text} autoComplete="off" onChange={(event) => setText(event.target.value)} />;
}

/**
 * `/admin/tests` (editors and admins): every mock test, drafts included, with Edit, Publish and
 * Delete; archived tests (deleted after candidates attempted them) under their status, with Restore.
 */
export function AdminTestsPage() {
  useDocumentTitle(`${t('editor.title')} · ${t('testEditor.title')}`);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const tests = useAdminTests(filters);
  const setPublished = useSetTestPublished();
  const deleteTest = useDeleteTest();

  function update(patch: Partial<AdminTestFilters>) {
    const next = { ...filters, ...patch, page: patch.page ?? 1 };
    const out = new URLSearchParams();
    if (next.search) out.set('search', next.search);
    if (next.status) out.set('status', next.status);
    if (next.page > 1) out.set('page', String(next.page));
    setParams(out, { replace: patch.page === undefined });
  }

  const page = tests.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / TESTS_PAGE_SIZE)) : 1;
  const filtered = Boolean(filters.search || filters.status);

  return (
    <div className="flex flex-col gap-6">
      <ListPageHeader title={t('testEditor.title')} intro={t('testEditor.intro')} newPath="/admin/tests/new" newLabel={t('testEditor.new')} />
      <div role="search" aria-label={t('testEditor.list.filters')} className="grid gap-3 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <SearchBox value={filters.search} onChange={(search) => update({ search })} />
        </div>
        <SelectField
          label={t('testEditor.list.status')}
          value={filters.status}
          onChange={(event) => update({ status: event.target.value as AdminTestFilters['status'] })}
          options={[{ value: '', label: t('testEditor.any') }, ...TEST_STATUSES.map((s) => ({ value: s, label: t(`editor.status.${s}`) }))]}
        />
      </div>
      {tests.isError && <QueryError message={errorMessage(tests.error, t('errors.generic'))} retryLabel={t('content.retry')} onRetry={() => void tests.refetch()} retrying={tests.isFetching} />}
      {tests.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {page &&
        (page.data.length > 0 ? (
          <>
            <ContentList
              items={page.data}
              editPath={(id) => `/admin/tests/${id}/edit`}
              onSetPublished={(id, published) => setPublished.mutate({ id, published })}
              onDelete={(id) => deleteTest.mutateAsync(id)}
              deleteBody={t('testEditor.delete.body')}
              busy={setPublished.isPending || deleteTest.isPending}
              moreActions={(item) => (
                <ButtonLink to={`/admin/tests/${encodeURIComponent(item.id)}/stats`} variant="secondary" className="px-3 text-sm">
                  {t('testEditor.stats.link')}
                  <span className="sr-only"> {item.title}</span>
                </ButtonLink>
              )}
            />
            {pages > 1 && <Pagination page={filters.page} pages={pages} onPage={(p) => update({ page: p })} busy={tests.isFetching} />}
          </>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {filtered ? t('testEditor.list.noMatch') : t('testEditor.list.empty')}
          </p>
        ))}
    </div>
  );
}
