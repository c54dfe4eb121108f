import { LANGUAGE_NAMES, testInputSchema, type QuestionLanguage, type QuestionType, type TestInput } from '@abhyas/contracts';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { seededRandom, shuffled } from '../lib/seeded-random.js';
import { BY_SERVER } from '../modules/audit/audit.service.js';
import { candidateQuestions, publishedQuestionIds } from '../modules/questions/question-reads.service.js';
import { createTest, publishTest, testIdBySlug } from '../modules/papers/papers.service.js';
import { userByEmail } from '../modules/users/users.service.js';

/** Where a section's questions come from: a category of the demo bank, how many, of which types. */
type Part = {
  category: string;
  count: number;
  /** Only questions of these types; any type when absent. */
  types?: readonly QuestionType[];
  /** Questions of this type are taken before the others. */
  first?: QuestionType;
};
/** `language`: the section is in that one language only, as a bilingual paper's English section is. */
type SectionSpec = { title: string; parts: Part[]; language?: QuestionLanguage };
/** A section as it came out of the bank: the questions it holds, or the rules it draws by. */
export type SeededSection = { title: string; count: number; timeLimitMinutes: number | null; language: QuestionLanguage | null };

export type DemoTestSpec = {
  slug: string;
  title: string;
  description: string;
  exam: string;
  /** The languages the test is offered in; English alone when absent. */
  languages?: QuestionLanguage[];
  marks: number;
  negativeMarks: number;
  /** Minutes for the whole test; with `sectionMinutes`, every section is locked to that many minutes and the duration is their sum. */
  durationMinutes?: number;
  sectionMinutes?: number;
  /** A fixed paper (every candidate the same questions) or a blueprint drawn per candidate. */
  draw: 'fixed' | 'blueprint';
  shuffleQuestions: boolean;
  attemptsAllowed: number | null;
  sections: SectionSpec[];
  instructions: (sections: SeededSection[], durationMinutes: number) => string;
};

const SINGLE: readonly QuestionType[] = ['single'];
/** One correct option: four-option questions first, true/false ones only to make up the number. */
const ONE_CORRECT = { types: ['single', 'truefalse'] as readonly QuestionType[], first: 'single' as const };
const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The four demo tests, each in the manner of the exam it prepares for. */
export const DEMO_TESTS: DemoTestSpec[] = [
  {
    slug: 'ssc-cgl-tier-1-mock-1',
    title: 'SSC CGL Tier I: Full Mock Test 1',
    description: 'A full-length Tier I paper: reasoning, general awareness, quantitative aptitude and English comprehension in one hour.',
    exam: 'SSC',
    languages: ['en', 'hi'],
    marks: 2,
    negativeMarks: 0.5,
    durationMinutes: 60,
    draw: 'fixed',
    shuffleQuestions: false,
    attemptsAllowed: null,
    sections: [
      { title: 'General Intelligence and Reasoning', parts: [{ category: 'SSC/General Intelligence and Reasoning', count: 25, ...ONE_CORRECT }] },
      { title: 'General Awareness', parts: [{ category: 'SSC/General Awareness', count: 25, ...ONE_CORRECT }] },
      { title: 'Quantitative Aptitude', parts: [{ category: 'SSC/Quantitative Aptitude', count: 25, ...ONE_CORRECT }] },
      { title: 'English Comprehension', parts: [{ category: 'SSC/English Language', count: 25, ...ONE_CORRECT }], language: 'en' },
    ],
    instructions: (sections, minutes) => {
      const total = sections.reduce((n, s) => n + s.count, 0);
      return `## Important instructions

1. The paper has **${plural(total, 'question')}** of the objective, multiple-choice type, in ${plural(sections.length, 'part')}:
${sections.map((s, i) => `   - Part ${String.fromCharCode(65 + i)}: ${s.title} (${plural(s.count, 'question')})`).join('\n')}
2. The time allowed is **${minutes} minutes** for the whole paper. There is no separate time for a part: you may move between parts and questions at any time.
3. Each question has several options, of which only one is correct.
4. Each correct answer carries **2 marks**. **0.50 marks** will be deducted for each wrong answer. No marks are deducted for a question not attempted.
5. An answer is recorded only when you click **Save & Next** or **Mark for Review & Next**. A question answered and marked for review will be considered for evaluation.
6. You may change an answer at any time before the paper is submitted. Use **Clear Response** to withdraw an answer.
7. The clock is kept by the server. When the time allowed is over, the paper is submitted automatically with the answers saved until then; you do not need to click Submit.
8. The result, with your rank among all candidates who have taken this paper for the first time, is shown as soon as you submit. Answers and explanations follow at once.
9. ${inLanguages(sections, 'part')}`;
    },
  },
  {
    slug: 'ibps-po-prelims-mock-1',
    title: 'Bank PO Prelims: Mock Test 1',
    description: 'Three sections, each with its own 20-minute clock, as in the preliminary examination for probationary officers.',
    exam: 'Banking',
    marks: 1,
    negativeMarks: 0.25,
    sectionMinutes: 20,
    draw: 'blueprint',
    shuffleQuestions: true,
    attemptsAllowed: null,
    sections: [
      { title: 'English Language', parts: [{ category: 'Banking/English Language', count: 20, types: SINGLE }] },
      { title: 'Quantitative Aptitude', parts: [{ category: 'Banking/Quantitative Aptitude', count: 20, types: SINGLE }] },
      { title: 'Reasoning Ability', parts: [{ category: 'Banking/Reasoning', count: 20, types: SINGLE }] },
    ],
    instructions: (sections, minutes) => {
      const total = sections.reduce((n, s) => n + s.count, 0);
      return `## Instructions to candidates

1. This test has **${plural(total, 'question')}** in ${plural(sections.length, 'section')}, with a **composite time of ${minutes} minutes**:

   | Section | Questions | Time |
   |---|---|---|
${sections.map((s) => `   | ${s.title} | ${s.count} | ${s.timeLimitMinutes} minutes |`).join('\n')}

2. **Sectional timing applies.** The sections open one after another in the order above. You can work only on the section that is open; when its ${sections[0]?.timeLimitMinutes ?? 20} minutes are over, it closes and the next section opens automatically. You cannot return to a section once it has closed, and finishing a section early does not open the next one sooner.
3. Each correct answer carries **1 mark**. For each wrong answer, **one fourth (0.25) of the marks** assigned to that question is deducted as penalty. A question left blank carries no penalty.
4. The questions and their options appear in a different order for every candidate.
5. Your answer to a question is saved only when you click **Save & Next** or **Mark for Review & Next**. Questions answered and marked for review are evaluated.
6. Time is kept by the server, not by your device. Answers still reaching the server in the seconds after a section closes are accepted; after that the section is closed for good.
7. When the last section's time ends, the test is submitted automatically. Your score, sectional scores, rank and percentile are shown on submission.`;
    },
  },
  {
    slug: 'jee-main-pcm-sectional-1',
    title: 'JEE Sectional Test: Physics, Chemistry and Mathematics',
    description: 'A short sectional across the three subjects, marked +4/−1, with questions that have more than one correct option.',
    exam: 'JEE',
    marks: 4,
    negativeMarks: 1,
    durationMinutes: 60,
    draw: 'fixed',
    shuffleQuestions: false,
    attemptsAllowed: 3,
    sections: [
      { title: 'Physics', parts: [{ category: 'JEE/Physics', count: 10, first: 'multiple' }] },
      { title: 'Chemistry', parts: [{ category: 'JEE/Chemistry', count: 10, first: 'multiple' }] },
      { title: 'Mathematics', parts: [{ category: 'JEE/Mathematics', count: 10, first: 'multiple' }] },
    ],
    instructions: (sections, minutes) => {
      const total = sections.reduce((n, s) => n + s.count, 0);
      return `## General instructions

1. The duration of the test is **${minutes} minutes**. The countdown timer at the top of the screen shows the time remaining; when it reaches zero, the test ends by itself and the answers saved until then are submitted.
2. The test has **${plural(total, 'question')}** in ${plural(sections.length, 'subject')}: ${list(sections.map((s) => `${s.title} (${s.count})`))}. You may switch between subjects and questions at any time.
3. **Marking scheme:**
   - Questions with a single correct option: **+4** for the correct option, **−1** for an incorrect one, **0** if unanswered.
   - Questions with **one or more** correct options are shown with check boxes. Full marks (**+4**) are given only when every correct option, and no incorrect option, is chosen. Where partial marking applies to such a question, each correct option chosen earns its share of the 4 marks and each incorrect option chosen takes a share away. A response that earns nothing is marked **−1**.
4. To answer, choose an option and click **Save & Next**. **Mark for Review & Next** saves the answer and marks the question for a second look. As per the rule for this test, a question that is answered and marked for review **will be evaluated**.
5. You may take this test up to **3 times**. Only your first attempt counts for the rank and percentile; later attempts are for practice.
6. Percentile is calculated over all first attempts: the percentage of candidates who scored equal to or less than you.`;
    },
  },
  {
    slug: 'daily-quiz',
    title: 'Daily Quiz: 10 Questions in 10 Minutes',
    description: 'A quick mixed set from quantitative aptitude, reasoning, general awareness and English. Every attempt draws a fresh set.',
    exam: 'SSC',
    languages: ['en', 'hi'],
    marks: 1,
    negativeMarks: 0.25,
    durationMinutes: 10,
    draw: 'blueprint',
    shuffleQuestions: true,
    attemptsAllowed: null,
    sections: [
      {
        title: 'Daily mix',
        parts: [
          { category: 'SSC/Quantitative Aptitude', count: 3 },
          { category: 'Banking/Reasoning', count: 3 },
          { category: 'SSC/General Awareness', count: 2 },
        ],
      },
      // English questions are set in English alone, so they have a section of their own, as on the real paper.
      { title: 'English', parts: [{ category: 'SSC/English Language', count: 2 }], language: 'en' },
    ],
    instructions: (sections, minutes) => {
      const total = sections.reduce((n, s) => n + s.count, 0);
      return `## How the daily quiz works

- **${plural(total, 'question')} in ${minutes} minutes**, drawn afresh for every attempt from quantitative aptitude, reasoning, general awareness and English.
- **+1** for a correct answer, **−0.25** for a wrong one, nothing for a question left blank.
- A question with check boxes may have more than one correct option.
- ${inLanguages(sections, 'section')}
- Save each answer with **Save & Next**. When the ${minutes} minutes are over, the quiz is submitted for you.
- Take it as often as you like. Only your first attempt is ranked; every attempt adds your wrong answers to your mistakes for revision.`;
    },
  },
];

/** The instructions' line on languages: English and Hindi, but for the sections set in one language alone. */
function inLanguages(sections: SeededSection[], kind: 'part' | 'section'): string {
  const single = sections.flatMap((s, i) => (s.language ? [{ s, i }] : []));
  const name = ({ s, i }: { s: SeededSection; i: number }) => (kind === 'part' ? `Part ${String.fromCharCode(65 + i)} (${s.title})` : `the ${s.title} section`);
  const but = single.map((one) => `${name(one)}, in ${LANGUAGE_NAMES[one.s.language!]} only`);
  return `Questions are given in English and Hindi${but.length > 0 ? `, except ${list(but)}` : ''}: choose your default language before you start, and switch a question with **View In** during the test.`;
}

type Deps = { db: Db; clock: Clock };

/**
 * The published questions of a part readable in `languages`, in an order fixed by the seed, those of
 * the `first` type ahead of the others.
 */
async function poolOf(deps: Deps, part: Part, languages: readonly QuestionLanguage[], seed: string): Promise<string[]> {
  const ids = await publishedQuestionIds(deps, { category: part.category, languages });
  if (!part.types && !part.first) return shuffled(ids, seededRandom(seed));
  const types = await candidateQuestions(deps, ids);
  const typeOf = (id: string) => types.get(id)?.type;
  const order = shuffled(part.types ? ids.filter((id) => part.types!.includes(typeOf(id) ?? 'single')) : ids, seededRandom(seed));
  return part.first ? [...order.filter((id) => typeOf(id) === part.first), ...order.filter((id) => typeOf(id) !== part.first)] : order;
}

/**
 * The test's input from what the bank holds: every section as large as its spec asks, or as the bank
 * allows (a part the bank cannot fill is smaller, a section with nothing left out), so seeding never fails.
 */
export async function demoTestInput(deps: Deps, spec: DemoTestSpec): Promise<{ input: TestInput; sections: SeededSection[] }> {
  const used = new Set<string>();
  const languages = spec.languages ?? ['en'];
  const sections: (TestInput['sections'][number] & { count: number })[] = [];
  for (const section of spec.sections) {
    const questionIds: string[] = [];
    const rules: { category: string; count: number }[] = [];
    for (const part of section.parts) {
      const readableIn = section.language ? [section.language] : languages;
      const pool = (await poolOf(deps, part, readableIn, `${spec.slug}:${section.title}:${part.category}`)).filter((id) => !used.has(id));
      const count = Math.min(part.count, pool.length);
      if (count === 0) continue;
      if (spec.draw === 'fixed') questionIds.push(...pool.slice(0, count));
      else rules.push({ category: part.category, count });
      for (const id of spec.draw === 'fixed' ? pool.slice(0, count) : pool) used.add(id);
    }
    const count = questionIds.length + rules.reduce((n, r) => n + r.count, 0);
    if (count === 0) continue;
    sections.push({
      title: section.title,
      marks: spec.marks,
      negativeMarks: spec.negativeMarks,
      timeLimitMinutes: spec.sectionMinutes ?? null,
      questionIds,
      rules,
      language: section.language ?? null,
      count,
    });
  }
  const durationMinutes = spec.sectionMinutes ? spec.sectionMinutes * sections.length : spec.durationMinutes!;
  const seeded = sections.map((s) => ({ title: s.title, count: s.count, timeLimitMinutes: s.timeLimitMinutes ?? null, language: s.language ?? null }));
  const input: TestInput = {
    title: spec.title,
    slug: spec.slug,
    description: spec.description,
    instructions: spec.instructions(seeded, durationMinutes),
    exam: spec.exam,
    languages,
    durationMinutes,
    sections: sections.map(({ count: _count, ...s }) => s),
    shuffleQuestions: spec.shuffleQuestions,
    shuffleOptions: true,
    attemptsAllowed: spec.attemptsAllowed,
    markedAnsweredCounts: true,
    revealMode: 'submission',
    graceSeconds: 60,
  };
  return { input, sections: seeded };
}

/** Creates and publishes the demo tests not there yet, after the question bank; running it again changes nothing. */
export async function seedDemoTests(db: Db, clock: Clock): Promise<number> {
  const deps = { db, clock };
  const author = await userByEmail(deps, 'editor@abhyas.test');
  let created = 0;
  for (const spec of DEMO_TESTS) {
    if (await testIdBySlug(deps, spec.slug)) continue;
    const { input, sections } = await demoTestInput(deps, spec);
    if (sections.length === 0) continue;
    const test = await createTest(deps, BY_SERVER, testInputSchema.parse(input), author?.id ?? null);
    await publishTest(deps, BY_SERVER, test.id);
    created += 1;
  }
  return created;
}
