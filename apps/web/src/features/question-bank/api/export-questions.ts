import type { ImportFormat } from '@abhyas/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { t } from '@/i18n/i18n';
import { apiDownload } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { saveBlob } from '@/lib/save-blob';

export interface ExportRequest {
  format: ImportFormat;
  category: string;
  /** Only these questions; empty means every question in the category. */
  ids: readonly string[];
}

const EXTENSIONS: Record<ImportFormat, string> = { gift: 'gift', aiken: 'txt', moodlexml: 'xml', csv: 'csv' };

export function exportPath({ format, category, ids }: ExportRequest): string {
  const params = new URLSearchParams({ format });
  if (category.trim()) params.set('category', category.trim());
  if (ids.length > 0) params.set('ids', ids.join(','));
  return `admin/questions/export?${params.toString()}`;
}

/**
 * GET /api/admin/questions/export: the file needs the bearer token, so it is fetched as a blob
 * and handed to the browser as a download.
 */
export async function exportQuestions(request: ExportRequest): Promise<void> {
  const { blob, fileName } = await apiDownload(exportPath(request));
  saveBlob(blob, fileName ?? `questions.${EXTENSIONS[request.format]}`);
}

export function useExportQuestions() {
  return useMutation({
    mutationFn: exportQuestions,
    onError: (error) => toast.error(errorMessage(error, t('questions.export.failed'))),
  });
}
