import { ROLES, type Role } from '@abhyas/contracts';

export const USERS_PAGE_SIZE = 20;

/** What the users table shows: a search, a role, a page; kept in the address bar. */
export interface UserFilters {
  search: string;
  role: Role | '';
  page: number;
}

export function filtersFromParams(params: URLSearchParams): UserFilters {
  const role = params.get('role') ?? '';
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    role: (ROLES as readonly string[]).includes(role) ? (role as Role) : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function filtersToParams(f: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.search.trim()) params.set('search', f.search.trim());
  if (f.role) params.set('role', f.role);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
}

/** The API's query string for the filters, one page of USERS_PAGE_SIZE. */
export function usersQueryString(f: UserFilters): string {
  const params = filtersToParams(f);
  params.set('pageSize', String(USERS_PAGE_SIZE));
  return params.toString();
}
