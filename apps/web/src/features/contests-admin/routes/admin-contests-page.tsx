import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListPageHeader } from '@/components/admin/list-page-header';
import { ContestIcon } from '@/components/contests/contest-icon';
import { Badge } from '@/components/ui/badge';
import { Pagination } from '@/components/ui/pagination';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { ContestFilters } from '../api/contest-editor-keys';
import { CONTESTS_PAGE_SIZE, useAdminContests } from '../api/get-admin-contests';

function filtersFrom(params: URLSearchParams): ContestFilters {
  const page = Number(params.get('page'));
  return { q: params.get('q')?.trim() ?? '', page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/** `/admin/contests` (editors and admins): every contest, drafts and cancelled ones included, with its status, start, seats and entries. */
export function AdminContestsPage() {
  useDocumentTitle(`${t('editor.title')} · ${t('contestEditor.title')}`);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const [text, setText] = useState(filters.q);
  const q = useDebouncedValue(text.trim(), 350);
  // The search, once typing pauses, goes into the address (page 1), so back and forward keep it.
  useEffect(() => {
    if (q !== filters.q) setParams(q ? { q } : {}, { replace: true });
  }, [q, filters.q, setParams]);
  const contests = useAdminContests(filters);
  const page = contests.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / CONTESTS_PAGE_SIZE)) : 1;

  return (
    <div className="flex flex-col gap-6">
      <ListPageHeader title={t('contestEditor.title')} intro={t('contestEditor.intro')} newPath="/admin/contests/new" newLabel={t('contestEditor.new')} />
      <div role="search">
        <TextField label={t('contestEditor.list.search')} type="search" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {contests.isError && <QueryError message={errorMessage(contests.error, t('errors.generic'))} retryLabel={t('content.retry')} onRetry={() => void contests.refetch()} retrying={contests.isFetching} />}
      {contests.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {page &&
        (page.data.length > 0 ? (
          <>
            <ul className="flex flex-col gap-3">
              {page.data.map((contest) => (
                <li key={contest.id} className="relative flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                    <ContestIcon icon={contest.icon} />
                  </span>
                  <div className="flex min-w-0 flex-col gap-1">
                    <h2 className="font-bold">
                      <Link to={`/admin/contests/${encodeURIComponent(contest.id)}/edit`} className="after:absolute after:inset-0 hover:text-indigo-700 dark:hover:text-indigo-300">
                        {contest.title}
                      </Link>
                    </h2>
                    <div className="flex flex-wrap gap-1.5">
                      <Badge tone={contest.status === 'cancelled' ? 'red' : contest.status === 'draft' ? 'slate' : 'indigo'}>{t(`contestEditor.status.${contest.status}`)}</Badge>
                      <Badge tone="slate">{contest.price}</Badge>
                    </div>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {formatDateTime(contest.startsAt)} · {t('contestEditor.list.seats', { filled: contest.filledSeats, total: contest.totalSeats })} ·{' '}
                      {t('contestEditor.entries', { confirmed: contest.entries.confirmed, pending: contest.entries.pending })}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">{t('contestEditor.list.test', { title: contest.testTitle })}</p>
                  </div>
                </li>
              ))}
            </ul>
            {pages > 1 && <Pagination page={filters.page} pages={pages} onPage={(p) => setParams(p > 1 ? { ...(filters.q ? { q: filters.q } : {}), page: String(p) } : filters.q ? { q: filters.q } : {})} busy={contests.isFetching} />}
          </>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {filters.q ? t('contestEditor.list.noMatch') : t('contestEditor.list.empty')}
          </p>
        ))}
    </div>
  );
}
