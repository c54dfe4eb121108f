import { adminUserPageSchema } from '@abhyas/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryString, type UserFilters } from '../utils/user-filters';
import { userKeys } from './user-keys';

/** GET /api/admin/users: one page of users, searched by name or email and narrowed by role. */
export async function getAdminUsers(filters: UserFilters, signal?: AbortSignal) {
  return apiRequest(`admin/users?${usersQueryString(filters)}`, { schema: adminUserPageSchema, signal });
}

export function adminUsersQueryOptions(filters: UserFilters) {
  return queryOptions({ queryKey: userKeys.list(filters), queryFn: ({ signal }) => getAdminUsers(filters, signal) });
}

/** The users table's page; the previous page stays on screen while the next one loads. */
export function useAdminUsers(filters: UserFilters) {
  return useQuery({ ...adminUsersQueryOptions(filters), placeholderData: keepPreviousData });
}
