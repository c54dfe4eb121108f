import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiDownload } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { saveBlob } from '@/lib/save-blob';
import { rangeQueryString, type AnalyticsRange } from '../utils/analytics-range';

/** GET /api/admin/analytics/export: the report as CSV, saved as a download. */
export async function exportAnalytics(range: AnalyticsRange): Promise<void> {
  const { blob, fileName } = await apiDownload(`admin/analytics/export?${rangeQueryString(range)}`);
  saveBlob(blob, fileName ?? 'abhyas-analytics.csv');
}

export function useExportAnalytics() {
  return useMutation({
    mutationFn: exportAnalytics,
    onError: (error) => toast.error(errorMessage(error, t('analytics.export.failed'))),
  });
}
