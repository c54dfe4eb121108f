import type { QuestionLanguage } from '@abhyas/contracts';
import type { ReactNode } from 'react';
import { t } from '@/i18n/i18n';

/**
 * A field of a question in its two languages, side by side where the form is wide enough and stacked
 * where it is not (a phone, or beside the preview on a laptop); the field alone while the question
 * has one language.
 */
export function LanguagePair({ own, second }: { own: ReactNode; second: ReactNode }) {
  if (!second) return <>{own}</>;
  return (
    <div className="@container">
      <div className="grid gap-4 @xl:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-3">{own}</div>
        <div className="flex min-w-0 flex-col gap-3">{second}</div>
      </div>
    </div>
  );
}

/** A field's label naming its language while the question has two; as it is while it has one. */
export function inLanguage(label: string, language: QuestionLanguage, bilingual: boolean): string {
  return bilingual ? t('questions.field.inLanguage', { field: label, language: t(`questions.language.${language}`) }) : label;
}
