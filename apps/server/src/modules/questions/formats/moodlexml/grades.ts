/** Moodle's `question_bank::fraction_options()`; imports must use one of these (or its negative). */
const GRADES = [1, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2, 0.1666667, 0.1428571, 0.125, 0.1111111, 0.1, 0.05, 0];
const ALLOWED = [...GRADES, ...GRADES.filter((g) => g !== 0).map((g) => -g)];

/** Moodle's `match_grade_options(…, 'error')`: the allowed grade within 0.00001, else undefined. */
export function matchGrade(fraction: number): number | undefined {
  return ALLOWED.find((g) => Math.abs(fraction - g) < 0.00001);
}

const pct = (f: number): string => `${Number((f * 100).toFixed(5))}%`;

/** Moodle's `qtype_multichoice::save_question_options` sum rules; a message when they fail. */
export function checkSums(fractions: number[], single: boolean): string | undefined {
  if (single) {
    const max = Math.max(...fractions);
    if (Math.abs(max - 1) > 1e-7) {
      return `One of the answers should have a score of 100% so it is possible to get full marks for this question. The maximum score is currently ${pct(max)}.`;
    }
    return undefined;
  }
  const total = Math.round(fractions.filter((f) => f > 0).reduce((a, b) => a + b, 0) * 100) / 100;
  if (total !== 1) return `The positive scores you have chosen do not add up to 100%. Instead, they add up to ${pct(total)}.`;
  return undefined;
}

/** A grade as Moodle writes it in `fraction="…"`: a percentage. */
export const gradePercent = (fraction: number): string => String(Number((fraction * 100).toFixed(5)));
