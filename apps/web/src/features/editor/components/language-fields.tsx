import { LANGUAGES, type AdminTranslation, type Language } from '@abhyas/contracts';
import { useState } from 'react';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { t } from '@/i18n/i18n';
import type { FieldErrors } from '@/lib/form-errors';

/** An article of the same kind as the one being edited, as the editors' list gives it. */
export type LinkableArticle = { id: string; title: string; language: Language; translations: AdminTranslation[] };

type Props = {
  /** The article being edited; undefined while writing a new one. */
  item: LinkableArticle | undefined;
  /** Every article of this kind, or undefined while the list loads. */
  articles: readonly LinkableArticle[] | undefined;
  errors: FieldErrors;
};

/**
 * The language an article is written in and the same article in the other language. The second
 * offers the articles in another language that have no version in this one yet, and the one
 * already linked; choosing another language lets go of a link in the new language.
 */
export function LanguageFields({ item, articles, errors }: Props) {
  const [language, setLanguage] = useState<Language>(item?.language ?? 'en');
  const [linked, setLinked] = useState(item?.translations[0]?.id ?? '');

  const known = new Map<string, { id: string; title: string; language: Language }>();
  for (const current of item?.translations ?? []) known.set(current.id, current);
  for (const article of articles ?? []) {
    if (article.id === item?.id || article.language === language) continue;
    const taken = article.translations.some((other) => other.language === language && other.id !== item?.id);
    if (!taken) known.set(article.id, article);
  }
  const options: SelectOption[] = [
    { value: '', label: t('editor.field.translationNone') },
    ...[...known.values()].filter((a) => a.language !== language).map((a) => ({ value: a.id, label: a.title, lang: a.language })),
  ];

  function chooseLanguage(next: Language) {
    setLanguage(next);
    if (known.get(linked)?.language === next) setLinked('');
  }

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        name="language"
        label={t('editor.field.language')}
        value={language}
        onChange={(event) => chooseLanguage(event.target.value as Language)}
        options={LANGUAGES.map((value) => ({ value, label: t(`language.${value}`), lang: value }))}
        error={errors.language}
      />
      <SelectField
        name="translationOf"
        label={t('editor.field.translation')}
        hint={t('editor.field.translationHint')}
        value={linked}
        onChange={(event) => setLinked(event.target.value)}
        options={options}
        error={errors.translationOf}
      />
    </div>
  );
}
