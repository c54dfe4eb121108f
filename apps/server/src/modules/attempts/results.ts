import type { Confidence } from '@abhyas/contracts';
import { roundMarks, type Outcome } from './marking.js';

/** One question of a submitted attempt, as the result counts it. */
export type ResultLine = {
  questionId: string;
  sectionIndex: number;
  /** Marks for a right answer: the most the question can earn. */
  marks: number;
  mark: number;
  outcome: Outcome;
  confidence: Confidence | null;
  timeSpentMs: number;
  categoryPath: string | null;
  topic: { slug: string; title: string } | null;
};

export type Figures = {
  score: number;
  maxScore: number;
  correct: number;
  wrong: number;
  partial: number;
  unattempted: number;
  accuracy: number | null;
  marksLost: number;
  timeSpentSeconds: number;
};

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Score, counts, accuracy (right ÷ attempted, in per cent), marks lost to wrong answers and time. */
export function figuresOf(lines: readonly ResultLine[]): Figures {
  let score = 0;
  let maxScore = 0;
  let marksLost = 0;
  let timeMs = 0;
  const count = { correct: 0, wrong: 0, partial: 0, unattempted: 0 };
  for (const line of lines) {
    score += line.mark;
    maxScore += line.marks;
    if (line.mark < 0) marksLost -= line.mark;
    timeMs += line.timeSpentMs;
    count[line.outcome] += 1;
  }
  const attempted = count.correct + count.wrong + count.partial;
  return {
    score: roundMarks(score),
    maxScore: roundMarks(maxScore),
    ...count,
    accuracy: attempted === 0 ? null : round2((100 * count.correct) / attempted),
    marksLost: roundMarks(marksLost),
    timeSpentSeconds: Math.round(timeMs / 100) / 10,
  };
}

/** Figures per group, in the order groups first appear. */
function grouped<K>(lines: readonly ResultLine[], keyOf: (line: ResultLine) => K | null, id: (key: K) => string): { key: K; figures: Figures }[] {
  const groups = new Map<string, { key: K; lines: ResultLine[] }>();
  for (const line of lines) {
    const key = keyOf(line);
    if (key === null) continue;
    const k = id(key);
    const group = groups.get(k) ?? { key, lines: [] };
    group.lines.push(line);
    groups.set(k, group);
  }
  return [...groups.values()].map((g) => ({ key: g.key, figures: figuresOf(g.lines) }));
}

export const bySection = (lines: readonly ResultLine[]) => grouped(lines, (l) => l.sectionIndex, String);

/** Strengths and weaknesses: figures per category path and per learning topic. */
export function byCategoryAndTopic(lines: readonly ResultLine[]) {
  return [
    ...grouped(lines, (l) => l.categoryPath, (k) => k).map((g) => ({ kind: 'category' as const, name: g.key, slug: null, ...g.figures })),
    ...grouped(lines, (l) => l.topic, (k) => k.slug).map((g) => ({ kind: 'topic' as const, name: g.key.title, slug: g.key.slug, ...g.figures })),
  ];
}

export const CONFIDENCE_REPORT_LEVELS = ['sure', 'fifty', 'guess', 'none'] as const;

/**
 * The guessing report: per confidence level the candidate gave (or none), how many answers, how many
 * right and wrong, and the marks they gained and lost. Unattempted questions are left out.
 */
export function confidenceReport(lines: readonly ResultLine[]) {
  return CONFIDENCE_REPORT_LEVELS.map((level) => {
    const own = lines.filter((l) => l.outcome !== 'unattempted' && (l.confidence ?? 'none') === level);
    const gained = own.reduce((s, l) => s + Math.max(0, l.mark), 0);
    const lost = own.reduce((s, l) => s + Math.max(0, -l.mark), 0);
    return {
      level,
      answered: own.length,
      correct: own.filter((l) => l.outcome === 'correct').length,
      wrong: own.filter((l) => l.outcome === 'wrong').length,
      marksGained: roundMarks(gained),
      marksLost: roundMarks(lost),
      net: roundMarks(gained - lost),
    };
  });
}

/**
 * Rank and the NTA percentile among ranked attempts: rank = 1 + attempts scoring more (ties share a
 * rank); percentile = 100 × attempts scoring the same or less ÷ attempts, to 7 decimals.
 */
export function standing(above: number, atOrBelow: number): { rank: number; percentile: number; candidates: number } {
  const candidates = above + atOrBelow;
  return { rank: above + 1, percentile: candidates === 0 ? 0 : Math.round((1e9 * atOrBelow) / candidates) / 1e7, candidates };
}
