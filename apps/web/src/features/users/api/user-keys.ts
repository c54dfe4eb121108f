import type { UserFilters } from '../utils/user-filters';

/** Query and mutation keys for the admin users table. */
export const userKeys = {
  all: ['admin', 'users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (filters: UserFilters) => [...userKeys.lists(), filters] as const,
  role: () => [...userKeys.all, 'role'] as const,
  accommodation: () => [...userKeys.all, 'accommodation'] as const,
};
