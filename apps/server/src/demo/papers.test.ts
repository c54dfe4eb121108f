import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { systemClock } from '../lib/clock.js';
import { currentQuestionsForDelivery } from '../modules/questions/questions.service.js';
import { candidateQuestions, publishedQuestionIds } from '../modules/questions/question-reads.service.js';
import { getAdminTest, publishedTests, testForAttempt } from '../modules/papers/papers.service.js';
import { seedDemoQuestions } from './question-bank.js';
import { seedDemoTests } from './papers.js';
import { seedDemoUsers } from './users.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
const deps = () => ({ db: handle.db, clock: systemClock });
beforeAll(async () => {
  handle = await createTestDb();
  // What the tests need: the editor who writes them, the bank they are built from (the whole demo seed is in seed.test.ts).
  await seedDemoUsers(handle.db, systemClock);
  await seedDemoQuestions(handle.db, systemClock);
  await seedDemoTests(handle.db, systemClock);
});
afterAll(async () => handle.dispose());

const shape = async (slug: string) => {
  const summary = (await publishedTests(deps())).find((t) => t.slug === slug);
  expect(summary, slug).toBeDefined();
  return getAdminTest(deps(), summary!.id);
};

describe('demo tests', () => {
  it('publishes four tests built from the demo bank', async () => {
    expect((await publishedTests(deps())).map((t) => t.slug).sort()).toEqual(['daily-quiz', 'ibps-po-prelims-mock-1', 'jee-main-pcm-sectional-1', 'ssc-cgl-tier-1-mock-1']);
  });

  it('an SSC CGL Tier I paper: 100 fixed questions in four sections of 25, 60 minutes, +2/−0.5, one clock', async () => {
    const test = await shape('ssc-cgl-tier-1-mock-1');
    expect(test).toMatchObject({ durationMinutes: 60, exam: 'SSC', questionCount: 100, maxScore: 200, shuffleQuestions: false, markedAnsweredCounts: true });
    expect(test.sections.map((s) => s.title)).toEqual(['General Intelligence and Reasoning', 'General Awareness', 'Quantitative Aptitude', 'English Comprehension']);
    for (const s of test.sections) expect(s).toMatchObject({ marks: 2, negativeMarks: 0.5, timeLimitMinutes: null, rules: [], questionCount: 25 });
    const ids = test.sections.flatMap((s) => s.questionIds);
    expect(new Set(ids).size).toBe(100);
    // One correct option in every question, as in the real paper.
    const types = await candidateQuestions(deps(), ids);
    expect([...types.values()].every((q) => q.type !== 'multiple')).toBe(true);
    expect(test.instructions).toContain('**100 questions**');
    expect(test.instructions).toContain('**0.50 marks** will be deducted for each wrong answer');
  });

  it('offers the SSC paper and the daily quiz in English and Hindi, their English section in English only', async () => {
    const ssc = await shape('ssc-cgl-tier-1-mock-1');
    expect(ssc.languages).toEqual(['en', 'hi']);
    expect(ssc.sections.map((s) => [s.title, s.language])).toEqual([
      ['General Intelligence and Reasoning', null],
      ['General Awareness', null],
      ['Quantitative Aptitude', null],
      ['English Comprehension', 'en'],
    ]);
    expect(ssc.instructions).toContain('Questions are given in English and Hindi, except Part D (English Comprehension), in English only');
    const quiz = await shape('daily-quiz');
    expect(quiz.languages).toEqual(['en', 'hi']);
    expect(quiz.sections.map((s) => [s.title, s.language, s.rules.map((r) => r.category).sort()])).toEqual([
      ['Daily mix', null, ['Banking/Reasoning', 'SSC/General Awareness', 'SSC/Quantitative Aptitude']],
      ['English', 'en', ['SSC/English Language']],
    ]);
    // Every draw of the quiz gives its mix in both languages and its English section in English.
    for (const seed of ['a', 'b', 'c', 'd']) {
      const drawn = (await testForAttempt(deps(), 'daily-quiz', seed))!;
      const [mix, english] = drawn.sections.map((s) => s.questionIds);
      const delivered = await currentQuestionsForDelivery(deps(), [...mix!, ...english!]);
      for (const id of mix!) expect(delivered.get(id)!.translation?.language, id).toBe('hi');
      for (const id of english!) expect(delivered.get(id)!.language, id).toBe('en');
    }
  });

  it('gives the SSC paper and the daily quiz in Hindi too but for their English: every question its Hindi, option for option', async () => {
    const ssc = await shape('ssc-cgl-tier-1-mock-1');
    const english = ssc.sections.find((s) => s.title === 'English Comprehension')!.questionIds;
    const paper = ssc.sections.filter((s) => s.title !== 'English Comprehension').flatMap((s) => s.questionIds);
    expect(paper).toHaveLength(75);
    const rules = (await shape('daily-quiz')).sections.filter((s) => s.language === null).flatMap((s) => s.rules);
    expect(rules.map((r) => r.category).sort()).toEqual(['Banking/Reasoning', 'SSC/General Awareness', 'SSC/Quantitative Aptitude']);
    const pool = (await Promise.all(rules.map((r) => publishedQuestionIds(deps(), { category: r.category })))).flat();
    expect(pool.length).toBeGreaterThanOrEqual(100);
    const delivered = await currentQuestionsForDelivery(deps(), [...paper, ...pool]);
    expect(delivered.size).toBe(new Set([...paper, ...pool]).size);
    for (const q of delivered.values()) {
      expect(q.translation?.language, q.stem).toBe('hi');
      expect(q.translation!.stemHtml, q.stem).toMatch(/[\u0900-\u097F]/);
      expect(q.translation!.options, q.stem).toHaveLength(q.options.length);
    }
    expect([...(await currentQuestionsForDelivery(deps(), english)).values()].filter((q) => q.translation)).toEqual([]);
  });

  it('a bank PO prelims paper: three locked 20-minute sections of 20, drawn per candidate, +1/−0.25', async () => {
    const test = await shape('ibps-po-prelims-mock-1');
    expect(test).toMatchObject({ durationMinutes: 60, questionCount: 60, maxScore: 60, exam: 'Banking' });
    expect(test.sections.map((s) => s.title)).toEqual(['English Language', 'Quantitative Aptitude', 'Reasoning Ability']);
    for (const s of test.sections) expect(s).toMatchObject({ marks: 1, negativeMarks: 0.25, timeLimitMinutes: 20, questionIds: [], questionCount: 20 });
    expect((await publishedTests(deps())).find((t) => t.slug === test.slug)?.lockedSections).toBe(true);
    const a = await testForAttempt(deps(), test.slug, 'candidate-a');
    expect(a!.sections.map((s) => s.questionIds.length)).toEqual(test.sections.map((s) => s.questionCount));
    expect(test.instructions).toContain('Sectional timing applies');
  });

  it('a JEE sectional marked +4/−1 with multiple-answer questions', async () => {
    const test = await shape('jee-main-pcm-sectional-1');
    expect(test).toMatchObject({ durationMinutes: 60, attemptsAllowed: 3, questionCount: 30, maxScore: 120 });
    expect(test.sections.map((s) => s.title)).toEqual(['Physics', 'Chemistry', 'Mathematics']);
    for (const s of test.sections) expect(s).toMatchObject({ marks: 4, negativeMarks: 1, timeLimitMinutes: null, questionCount: 10 });
    const types = await candidateQuestions(deps(), test.sections.flatMap((s) => s.questionIds));
    expect([...types.values()].filter((q) => q.type === 'multiple').length).toBeGreaterThanOrEqual(3);
  });

  it('a daily quiz of 10 mixed questions in 10 minutes, a fresh draw per attempt', async () => {
    const test = await shape('daily-quiz');
    expect(test).toMatchObject({ durationMinutes: 10, questionCount: 10, maxScore: 10, attemptsAllowed: null });
    expect(test.sections.map((s) => s.questionCount)).toEqual([8, 2]);
    for (const s of test.sections) expect(s).toMatchObject({ marks: 1, negativeMarks: 0.25, timeLimitMinutes: null });
    expect(test.sections[0]!.rules.length).toBeGreaterThan(1);
    const draws = new Set<string>();
    for (const seed of ['a', 'b', 'c']) draws.add((await testForAttempt(deps(), 'daily-quiz', seed))!.sections.flatMap((s) => s.questionIds).join());
    expect(draws.size).toBeGreaterThan(1);
  });
});
