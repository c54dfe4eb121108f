import type { AttemptResult } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';
import { formatMarks } from '@/lib/format';

type Level = AttemptResult['confidence'][number];

const ORDER = ['guess', 'fifty', 'sure'] as const;

function clause(level: Level): string {
  const subject = t(`exam.guess.subject.${level.level as (typeof ORDER)[number]}`);
  const net = Math.round(level.net * 100) / 100;
  if (net < 0) return -net === 1 ? t('exam.guess.costOne', { subject }) : t('exam.guess.cost', { subject, marks: formatMarks(-net) });
  if (net > 0) return t('exam.guess.paid', { subject, marks: formatMarks(net) });
  return t('exam.guess.even', { subject });
}

/**
 * The guessing report in words: what each confidence level the candidate used gained or lost,
 * guesses first ("Your guesses cost you 3.5 marks; your 50-50s paid +4."); null when no answer
 * carried a confidence.
 */
export function guessingReport(confidence: readonly Level[]): string | null {
  const used = ORDER.map((name) => confidence.find((l) => l.level === name)).filter((l): l is Level => l !== undefined && l.answered > 0);
  if (used.length === 0) return null;
  const text = used.map(clause).join('; ');
  return t('exam.guess.sentence', { clauses: `${text.charAt(0).toUpperCase()}${text.slice(1)}` });
}
