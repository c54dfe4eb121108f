import type { AttemptResult } from '@abhyas/contracts';

export type TopicFigures = AttemptResult['topics'][number];

/** The share of marks earned at which a category or topic counts as a strength. */
export const STRENGTH_THRESHOLD = 0.6;

const questionsIn = (t: TopicFigures) => t.correct + t.wrong + t.partial + t.unattempted;

/** Categories and topics split into strengths (best first) and weaknesses (weakest first), by share of marks earned. */
export function strengthsAndWeaknesses(topics: readonly TopicFigures[], limit = 5): { strengths: TopicFigures[]; weaknesses: TopicFigures[] } {
  const scored = topics.filter((t) => t.maxScore > 0 && questionsIn(t) > 0).map((t) => ({ topic: t, share: t.score / t.maxScore }));
  const strengths = scored.filter((s) => s.share >= STRENGTH_THRESHOLD).sort((a, b) => b.share - a.share || questionsIn(b.topic) - questionsIn(a.topic));
  const weaknesses = scored.filter((s) => s.share < STRENGTH_THRESHOLD).sort((a, b) => a.share - b.share || questionsIn(b.topic) - questionsIn(a.topic));
  return { strengths: strengths.slice(0, limit).map((s) => s.topic), weaknesses: weaknesses.slice(0, limit).map((s) => s.topic) };
}

/** How many questions a category or topic had. */
export function questionCount(t: TopicFigures): number {
  return questionsIn(t);
}
