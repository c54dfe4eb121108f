import { ROLES } from '@abhyas/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SectionHeader } from '@/components/admin/list-page-header';
import { Pagination } from '@/components/ui/pagination';
import { QueryError } from '@/components/ui/query-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useChangeRole } from '../api/change-role';
import { useAdminUsers } from '../api/get-admin-users';
import { useSetAccommodation } from '../api/set-accommodation';
import { UsersTable } from '../components/users-table';
import { filtersFromParams, filtersToParams, USERS_PAGE_SIZE, type UserFilters } from '../utils/user-filters';

/** `/admin/users` (admins): every account, searched by name or email, with role changes and compensatory time. */
export function AdminUsersPage() {
  useDocumentTitle(`${t('editor.title')} · ${t('users.title')}`);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [search, setSearch] = useState(filters.search);
  const debounced = useDebouncedValue(search, 300);
  const users = useAdminUsers(filters);
  const changeRole = useChangeRole();
  const setAccommodation = useSetAccommodation();
  const self = useCurrentUser().data?.user.id;

  function update(patch: Partial<UserFilters>) {
    setParams(filtersToParams({ ...filters, page: 1, ...patch }), { replace: patch.page === undefined });
  }

  useEffect(() => {
    if (debounced.trim() !== filters.search) update({ search: debounced });
    // Only a settled search box changes the address; the filters follow from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const page = users.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / USERS_PAGE_SIZE)) : 1;

  return (
    <div className="flex flex-col gap-6">
      <SectionHeader title={t('users.title')} intro={t('users.intro')} />

      <div role="search" className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_12rem]">
        <TextField label={t('users.search')} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
        <SelectField
          label={t('users.roleFilter')}
          value={filters.role}
          onChange={(e) => update({ role: e.target.value as UserFilters['role'] })}
          options={[{ value: '', label: t('users.allRoles') }, ...ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))]}
        />
      </div>

      {users.isError && <QueryError message={t('users.fetchFailed')} retryLabel={t('content.retry')} onRetry={() => void users.refetch()} retrying={users.isFetching} />}
      {users.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('users.loading')}
        </p>
      )}

      {page && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {t('users.count', { count: page.total })}
          </p>
          {page.data.length > 0 ? (
            <UsersTable
              users={page.data}
              selfId={self}
              savingId={changeRole.isPending ? (changeRole.variables?.id ?? null) : null}
              onRoleChange={(user, role) => changeRole.mutate({ id: user.id, role })}
              savingAccommodationId={setAccommodation.isPending ? (setAccommodation.variables?.id ?? null) : null}
              onAccommodationChange={(user, extraMinutesPerHour) => setAccommodation.mutate({ id: user.id, extraMinutesPerHour })}
            />
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">{t('users.none')}</p>
          )}
          {pages > 1 && <Pagination page={filters.page} pages={pages} onPage={(p) => update({ page: p })} busy={users.isFetching} />}
        </>
      )}
    </div>
  );
}
