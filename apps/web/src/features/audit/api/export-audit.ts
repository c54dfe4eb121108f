import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiDownload } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { saveBlob } from '@/lib/save-blob';
import { auditQueryString, type AuditFilters } from '../utils/audit-filters';

/** GET /api/admin/audit/export: every record the filters match, as CSV, saved as a download. */
export async function exportAudit(filters: AuditFilters): Promise<void> {
  const { blob, fileName } = await apiDownload(`admin/audit/export?${auditQueryString(filters, true)}`);
  saveBlob(blob, fileName ?? 'abhyas-audit.csv');
}

export function useExportAudit() {
  return useMutation({
    mutationFn: exportAudit,
    onError: (error) => toast.error(errorMessage(error, t('audit.exportFailed'))),
  });
}
