import type { AdminQuestion } from '@abhyas/contracts';
import { StatusBadge } from '@/components/admin/status-badge';
import { Badge } from '@/components/ui/badge';
import { formatList, t } from '@/i18n/i18n';

/** Type (with all-or-nothing marking), difficulty, status and the languages a question can be read in, as small labels. */
export function QuestionBadges({ question }: { question: Pick<AdminQuestion, 'type' | 'marking' | 'difficulty' | 'status' | 'languages'> }) {
  return (
    <>
      <Badge tone="indigo">{t(`questions.type.${question.type}`)}</Badge>
      {question.marking === 'allOrNothing' && <Badge tone="indigo">{t('questions.marking.allOrNothing')}</Badge>}
      <Badge tone={question.difficulty === 'hard' ? 'red' : question.difficulty === 'easy' ? 'green' : 'amber'}>{t(`questions.difficulty.${question.difficulty}`)}</Badge>
      <StatusBadge status={question.status} />
      <Badge tone="slate">{formatList(question.languages.map((language) => t(`questions.language.${language}`)))}</Badge>
    </>
  );
}
