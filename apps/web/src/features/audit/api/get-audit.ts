import { auditPageSchema } from '@abhyas/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { auditQueryString, type AuditFilters } from '../utils/audit-filters';
import { auditKeys } from './audit-keys';

/** GET /api/admin/audit: one page of the trail, newest first. */
export async function getAudit(filters: AuditFilters, signal?: AbortSignal) {
  return apiRequest(`admin/audit?${auditQueryString(filters)}`, { schema: auditPageSchema, signal });
}

export function auditQueryOptions(filters: AuditFilters) {
  return queryOptions({ queryKey: auditKeys.list(filters), queryFn: ({ signal }) => getAudit(filters, signal) });
}

/** The trail's page; the previous page stays on screen while the next one loads. */
export function useAudit(filters: AuditFilters) {
  return useQuery({ ...auditQueryOptions(filters), placeholderData: keepPreviousData });
}
