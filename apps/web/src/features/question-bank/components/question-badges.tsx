import type { AdminQuestion } from '@abhyas/contracts';
import { Badge } from '@/components/ui/badge';
import { t } from '@/i18n/i18n';

/** Type (with all-or-nothing marking), difficulty and status of a question as small labels. */
export function QuestionBadges({ question }: { question: Pick<AdminQuestion, 'type' | 'marking' | 'difficulty' | 'status'> }) {
  return (
    <>
      <Badge tone="indigo">{t(`questions.type.${question.type}`)}</Badge>
      {question.marking === 'allOrNothing' && <Badge tone="indigo">{t('questions.marking.allOrNothing')}</Badge>}
      <Badge tone={question.difficulty === 'hard' ? 'red' : question.difficulty === 'easy' ? 'green' : 'amber'}>{t(`questions.difficulty.${question.difficulty}`)}</Badge>
      {question.status === 'published' ? <Badge tone="green">{t('editor.status.published')}</Badge> : <Badge tone="slate">{t('editor.status.draft')}</Badge>}
    </>
  );
}
