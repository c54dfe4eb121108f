import { IMPORT_FORMATS, QUESTION_LANGUAGES, type ImportFormat, type QuestionImportReport, type QuestionLanguage } from '@abhyas/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { controlClasses } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { UploadProgress } from '@/components/ui/upload-progress';
import { EditorPageHeader } from '@/components/admin/editor-page-header';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useImportQuestions } from '../api/import-questions';
import { ImportReport } from '../components/import-report';
import { useEditorSettings } from '@/lib/editor-settings';
import { IMPORT_ACCEPT } from '../utils/import-position';

/** `/admin/questions/import`: choose a file, preview what it holds (a dry run), then import it. */
export function QuestionImportPage() {
  useDocumentTitle(t('questions.import.title'));
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [format, setFormat] = useState<ImportFormat | ''>('');
  const [category, setCategory] = useState('');
  const [language, setLanguage] = useState<QuestionLanguage | ''>('');
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<QuestionImportReport | null>(null);
  const [result, setResult] = useState<QuestionImportReport | null>(null);
  const upload = useImportQuestions();
  const { importMaxBytes } = useEditorSettings();
  const dryRun = upload.variables?.dryRun ?? true;

  function reset() {
    setPreview(null);
    setResult(null);
    upload.reset();
  }

  function chooseFile(chosen: File | null) {
    reset();
    if (chosen && chosen.size > importMaxBytes) {
      setFile(null);
      setFileError(t('questions.import.tooLarge', { size: (chosen.size / 1024 / 1024).toFixed(1), limit: Math.round(importMaxBytes / 1024 / 1024) }));
      return;
    }
    setFileError(null);
    setFile(chosen);
  }

  function send(asDryRun: boolean) {
    if (!file) {
      setFileError(t('questions.import.chooseFirst'));
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, format, category, language, dryRun: asDryRun, onProgress: setProgress },
      { onSuccess: (report) => (report.dryRun ? setPreview(report) : setResult(report)) },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send(true);
  }

  const importable = preview?.imported ?? 0;

  return (
    <div className="flex flex-col gap-6">
      <EditorPageHeader backTo="/admin/questions" backLabel={t('questions.back')} title={t('questions.import.title')} />
      <p className="max-w-prose text-slate-600 dark:text-slate-400">{t('questions.import.intro')}</p>

      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
            {t('questions.import.file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept={IMPORT_ACCEPT}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
            className={controlClasses(Boolean(fileError), 'file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:font-semibold file:text-indigo-800 dark:file:bg-indigo-950 dark:file:text-indigo-200')}
          />
          <p id={`${fileId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            {t('questions.import.fileHint')}
          </p>
          {fileError && (
            <p id={`${fileId}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {fileError}
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('questions.import.format')}
            value={format}
            onChange={(event) => {
              reset();
              setFormat(event.target.value as ImportFormat | '');
            }}
            options={[{ value: '', label: t('questions.import.detect') }, ...IMPORT_FORMATS.map((f) => ({ value: f, label: t(`questions.format.${f}`) }))]}
          />
          <TextField
            label={t('questions.import.category')}
            hint={t('questions.import.categoryHint')}
            value={category}
            onChange={(event) => {
              reset();
              setCategory(event.target.value);
            }}
            autoComplete="off"
          />
          <SelectField
            label={t('questions.import.language')}
            hint={t('questions.import.languageHint')}
            value={language}
            onChange={(event) => {
              reset();
              setLanguage(event.target.value as QuestionLanguage | '');
            }}
            options={[{ value: '', label: t('questions.import.languageDetect') }, ...QUESTION_LANGUAGES.map((l) => ({ value: l, label: t(`questions.language.${l}`) }))]}
          />
        </div>
        <Button type="submit" variant={preview ? 'secondary' : 'primary'} disabled={upload.isPending} className="self-stretch sm:self-start">
          {t('questions.import.preview')}
        </Button>
        {upload.isPending && <UploadProgress fraction={progress} label={dryRun ? t('questions.import.checking') : t('questions.import.importing')} name={t('questions.import.progress')} />}
        {upload.isError && (
          <Alert tone="error" role="alert">
            {errorMessage(upload.error, t('questions.import.failed'))}
          </Alert>
        )}
      </form>

      {result ? (
        <section className="flex flex-col gap-4" aria-labelledby={`${fileId}-done`}>
          <Alert tone="success" role="status" title={t('questions.import.doneTitle')}>
            <p id={`${fileId}-done`}>{t('questions.import.doneBody', { count: result.imported, duplicates: result.duplicates })}</p>
          </Alert>
          <ButtonLink to="/admin/questions" className="self-start">
            {t('questions.import.toList')}
          </ButtonLink>
          <ImportReport report={result} />
        </section>
      ) : (
        preview && (
          <section className="flex flex-col gap-5" aria-label={t('questions.import.previewTitle')}>
            <ImportReport report={preview} />
            <div className="flex flex-col gap-2">
              <Button disabled={importable === 0 || upload.isPending} onClick={() => send(false)} className="self-stretch sm:self-start">
                {t('questions.import.commit', { count: importable })}
              </Button>
              {importable === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t('questions.import.nothing')}</p>}
            </div>
          </section>
        )
      )}
    </div>
  );
}
