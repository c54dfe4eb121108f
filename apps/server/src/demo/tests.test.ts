import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { systemClock } from '../lib/clock.js';
import { candidateQuestions } from '../modules/questions/questions.service.js';
import { getAdminTest, publishedTests, testForAttempt } from '../modules/tests/tests.service.js';
import { seedDemo } from './index.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
const deps = () => ({ db: handle.db, clock: systemClock });
beforeAll(async () => {
  handle = await createTestDb();
  await seedDemo(handle.db, systemClock);
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

  it('an SSC CGL Tier I paper: four fixed sections of single-answer questions, 60 minutes, +2/−0.5, one clock', async () => {
    const test = await shape('ssc-cgl-tier-1-mock-1');
    expect(test).toMatchObject({ durationMinutes: 60, exam: 'SSC', shuffleQuestions: false, markedAnsweredCounts: true });
    expect(test.sections.map((s) => s.title)).toEqual(['General Intelligence and Reasoning', 'General Awareness', 'Quantitative Aptitude', 'English Comprehension']);
    for (const s of test.sections) {
      expect(s).toMatchObject({ marks: 2, negativeMarks: 0.5, timeLimitMinutes: null, rules: [] });
      expect(s.questionIds.length).toBeGreaterThan(0);
      expect(s.questionIds.length).toBeLessThanOrEqual(25);
    }
    const types = await candidateQuestions(deps(), test.sections.flatMap((s) => s.questionIds));
    expect(new Set([...types.values()].map((q) => q.type))).toEqual(new Set(['single']));
    expect(test.instructions).toContain(`**${test.questionCount} questions**`);
    expect(test.instructions).toContain('**0.50 marks** will be deducted for each wrong answer');
  });

  it('a bank PO prelims paper: locked 20-minute sections drawn per candidate, +1/−0.25', async () => {
    const test = await shape('ibps-po-prelims-mock-1');
    expect(test.sections.length).toBeGreaterThanOrEqual(2);
    expect(test.durationMinutes).toBe(20 * test.sections.length);
    for (const s of test.sections) expect(s).toMatchObject({ marks: 1, negativeMarks: 0.25, timeLimitMinutes: 20, questionIds: [] });
    expect(test.sections.map((s) => s.title)).toEqual(expect.arrayContaining(['Quantitative Aptitude', 'Reasoning Ability']));
    const a = await testForAttempt(deps(), test.slug, 'candidate-a');
    expect(a!.sections.map((s) => s.questionIds.length)).toEqual(test.sections.map((s) => s.questionCount));
    expect(test.instructions).toContain('Sectional timing applies');
  });

  it('a JEE sectional marked +4/−1 with a multiple-answer question', async () => {
    const test = await shape('jee-main-pcm-sectional-1');
    expect(test).toMatchObject({ durationMinutes: 60, attemptsAllowed: 3 });
    for (const s of test.sections) expect(s).toMatchObject({ marks: 4, negativeMarks: 1, timeLimitMinutes: null });
    const types = await candidateQuestions(deps(), test.sections.flatMap((s) => s.questionIds));
    expect([...types.values()].some((q) => q.type === 'multiple')).toBe(true);
  });

  it('a daily quiz of 10 mixed questions in 10 minutes, a fresh draw per attempt', async () => {
    const test = await shape('daily-quiz');
    expect(test).toMatchObject({ durationMinutes: 10, questionCount: 10, maxScore: 10, attemptsAllowed: null });
    expect(test.sections).toHaveLength(1);
    expect(test.sections[0]).toMatchObject({ marks: 1, negativeMarks: 0.25 });
    expect(test.sections[0]!.rules.length).toBeGreaterThan(1);
    const draws = new Set<string>();
    for (const seed of ['a', 'b', 'c']) draws.add((await testForAttempt(deps(), 'daily-quiz', seed))!.sections[0]!.questionIds.join());
    expect(draws.size).toBeGreaterThan(1);
  });
});
