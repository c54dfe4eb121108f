import type { AuditFilters } from '../utils/audit-filters';

/** Query keys for the audit trail. */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, 'list', filters] as const,
};
