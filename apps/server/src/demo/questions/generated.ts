/**
 * Generated demo questions: arithmetic, mensuration, number-series and reasoning families with computed answers, each
 * question in English with its Hindi from the family's templates (the same numbers and options). Deterministic
 * (each family has its own seeded PRNG), so seeding twice produces the same questions, never duplicates.
 * The tests re-compute every answer independently from the question text.
 */
import type { ParsedQuestion } from '../../modules/questions/formats/types.js';
import { compoundInterest, simpleInterest } from './families/interest.js';
import { pipesAndCistern, speedDistance, timeAndWork } from './families/motion-work.js';
import { lcmHcf, numberSeries, unitConversions } from './families/numbers.js';
import { percentChange, percentOf, profitLoss } from './families/percentages.js';
import { mensuration } from './families/mensuration.js';
import { averages, ratioShare } from './families/ratio-average.js';
import { alphabetPosition, calendarDays, clockAngles, codingDecoding, directionSense, letterSeries, rowRanking, symbolOperations } from './families/reasoning.js';
import type { Draft, Rng } from './families/util.js';
import { build, createRng } from './families/util.js';

type Family = { seed: number; count: number; make: (rng: Rng, count: number) => Draft[] };

const FAMILIES: Family[] = [
  { seed: 101, count: 10, make: percentOf },
  { seed: 102, count: 10, make: percentChange },
  { seed: 103, count: 10, make: profitLoss },
  { seed: 104, count: 10, make: simpleInterest },
  { seed: 105, count: 10, make: compoundInterest },
  { seed: 106, count: 10, make: ratioShare },
  { seed: 107, count: 10, make: averages },
  { seed: 108, count: 12, make: speedDistance },
  { seed: 109, count: 10, make: timeAndWork },
  { seed: 110, count: 15, make: numberSeries },
  { seed: 111, count: 10, make: lcmHcf },
  { seed: 112, count: 10, make: unitConversions },
  { seed: 113, count: 6, make: codingDecoding },
  { seed: 114, count: 5, make: letterSeries },
  { seed: 115, count: 5, make: directionSense },
  { seed: 116, count: 4, make: clockAngles },
  { seed: 117, count: 4, make: calendarDays },
  { seed: 118, count: 4, make: symbolOperations },
  { seed: 119, count: 6, make: rowRanking },
  { seed: 120, count: 5, make: alphabetPosition },
  { seed: 121, count: 6, make: mensuration },
  { seed: 122, count: 5, make: pipesAndCistern },
];

export function generateDemoQuestions(): ParsedQuestion[] {
  const out: ParsedQuestion[] = [];
  for (const family of FAMILIES) {
    const rng = createRng(family.seed);
    const perTitle = new Map<string, number>();
    for (const draft of family.make(rng, family.count)) {
      const n = (perTitle.get(draft.title) ?? 0) + 1;
      perTitle.set(draft.title, n);
      out.push(build(rng, draft, out.length, n));
    }
  }
  return out;
}
