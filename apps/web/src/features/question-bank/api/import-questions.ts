import { questionImportReportSchema, type ImportFormat, type QuestionImportReport, type QuestionLanguage } from '@abhyas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload';
import { questionKeys } from './question-keys';

export interface ImportRequest {
  file: File;
  /** '' lets the server detect the format. */
  format: ImportFormat | '';
  /** A category path put in front of the file's own categories. */
  category: string;
  /** The language of questions the file does not mark; '' lets the server tell Hindi by its script. */
  language: QuestionLanguage | '';
  dryRun: boolean;
  onProgress?: (fraction: number) => void;
}

/** The query string of POST /api/admin/questions/import. */
export function importQueryString({ file, format, category, language, dryRun }: Pick<ImportRequest, 'file' | 'format' | 'category' | 'language' | 'dryRun'>): string {
  const params = new URLSearchParams();
  if (format) params.set('format', format);
  if (category.trim()) params.set('category', category.trim());
  if (language) params.set('language', language);
  params.set('fileName', file.name.slice(0, 255));
  params.set('dryRun', String(dryRun));
  return params.toString();
}

/** POST /api/admin/questions/import with the raw file: a dry run reports, a real run also saves. */
export function importQuestions(request: ImportRequest): Promise<QuestionImportReport> {
  return uploadWithProgress(`admin/questions/import?${importQueryString(request)}`, {
    body: request.file,
    schema: questionImportReportSchema,
    ...(request.onProgress ? { onProgress: request.onProgress } : {}),
  });
}

export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: questionKeys.import(),
    mutationFn: importQuestions,
    onSuccess: (report) => {
      if (!report.dryRun) void queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
    },
  });
}
