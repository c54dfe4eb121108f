/**
 * The past demo contests' papers: arithmetic from the generated families, drawn with seeds of their
 * own (so the numbers differ from the practice bank's) and filed under the contest-only category,
 * without the tags that link questions to learning topics.
 */
import type { ParsedQuestion } from '../../modules/questions/formats/types.js';
import { compoundInterest, simpleInterest } from './families/interest.js';
import { pipesAndCistern, speedDistance, timeAndWork } from './families/motion-work.js';
import { percentChange, percentOf, profitLoss } from './families/percentages.js';
import { averages, ratioShare } from './families/ratio-average.js';
import type { Draft, Rng } from './families/util.js';
import { build, createRng } from './families/util.js';

type Make = (rng: Rng, count: number) => Draft[];

/** Each past contest's category and the families its ten questions come from, two each. */
export const CONTEST_SPRINTS: { category: string; families: { seed: number; make: Make }[] }[] = [
  {
    category: 'Contests/Quant Sprint 1',
    families: [
      { seed: 901, make: percentOf },
      { seed: 902, make: percentChange },
      { seed: 903, make: profitLoss },
      { seed: 904, make: simpleInterest },
      { seed: 905, make: compoundInterest },
    ],
  },
  {
    category: 'Contests/Quant Sprint 2',
    families: [
      { seed: 911, make: speedDistance },
      { seed: 912, make: timeAndWork },
      { seed: 913, make: averages },
      { seed: 914, make: ratioShare },
      { seed: 915, make: pipesAndCistern },
    ],
  },
  {
    category: 'Contests/Quant Sprint 3',
    families: [
      { seed: 921, make: percentChange },
      { seed: 922, make: timeAndWork },
      { seed: 923, make: simpleInterest },
      { seed: 924, make: averages },
      { seed: 925, make: speedDistance },
    ],
  },
];

const PER_FAMILY = 2;

export function generateContestQuestions(): ParsedQuestion[] {
  const out: ParsedQuestion[] = [];
  for (const sprint of CONTEST_SPRINTS) {
    for (const family of sprint.families) {
      const rng = createRng(family.seed);
      family.make(rng, PER_FAMILY).forEach((draft, i) => {
        const question = build(rng, { ...draft, title: `Contest ${draft.title.toLowerCase()}` }, out.length, i + 1);
        out.push({ ...question, category: sprint.category, tags: ['contest paper', `family:${draft.family}`] });
      });
    }
  }
  return out;
}
