import { questionInputSchema, testInputSchema, type TestInput } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/helpers.js';
import { systemClock } from '../../lib/clock.js';
import type { AppError } from '../../lib/errors.js';
import { BY_SERVER } from '../audit/audit.service.js';
import { bulkQuestions, createQuestion } from '../questions/questions.service.js';
import { createTest, publishTest, publishedTestDetail, testForAttempt, testForPreview, testRevealInfo, updateTest } from './papers.service.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
const deps = () => ({ db: handle.db, clock: systemClock });
const bank: Record<string, string[]> = {};

async function addQuestions(category: string, n: number, difficulty: 'easy' | 'medium' | 'hard' = 'medium', publish = true): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const input = questionInputSchema.parse({
      type: 'single',
      stem: `${category} ${difficulty} question ${i} ${Math.random()}`,
      difficulty,
      categoryPath: category,
      options: [{ text: 'Right', correct: true }, { text: 'Wrong', correct: false }, { text: 'Also wrong', correct: false }],
    });
    ids.push((await createQuestion(deps(), BY_SERVER, input, null)).id);
  }
  if (publish) await bulkQuestions(deps(), BY_SERVER, { ids, action: 'publish' });
  return ids;
}

const parse = (input: TestInput) => testInputSchema.parse(input);
const appError = async (p: Promise<unknown>) => p.then(() => { throw new Error('expected a refusal'); }, (err: unknown) => err as AppError);

beforeAll(async () => {
  handle = await createTestDb();
  bank.quantEasy = await addQuestions('Exam/Quant', 6, 'easy');
  bank.quantHard = await addQuestions('Exam/Quant/Algebra', 4, 'hard');
  bank.reasoning = await addQuestions('Exam/Reasoning', 5);
  bank.drafts = await addQuestions('Exam/Reasoning', 2, 'medium', false);
});
afterAll(async () => handle.dispose());

describe('tests service', () => {
  it('draws a blueprint deterministically from the seed, never a question twice, fixed questions kept out of draws', async () => {
    const fixed = bank.reasoning!.slice(0, 2);
    const test = await createTest(deps(), BY_SERVER, parse({
      title: 'Draw check',
      durationMinutes: 30,
      sections: [
        { title: 'Fixed', marks: 1, questionIds: fixed },
        { title: 'Drawn', marks: 2, negativeMarks: 0.5, rules: [{ category: 'Exam/Quant', difficulty: 'hard', count: 3 }, { category: 'Exam', count: 10 }] },
      ],
    }), null);
    await publishTest(deps(), BY_SERVER, test.id);
    const a = await testForAttempt(deps(), test.slug, 'seed-1');
    const again = await testForAttempt(deps(), test.slug, 'seed-1');
    expect(again).toEqual(a);
    expect(a!.sections[0]!.questionIds).toEqual(fixed);
    const drawn = a!.sections[1]!.questionIds;
    expect(drawn).toHaveLength(13);
    expect(new Set([...drawn, ...fixed]).size).toBe(15);
    expect(drawn.slice(0, 3).every((id) => bank.quantHard!.includes(id))).toBe(true);
    expect(drawn.some((id) => bank.drafts!.includes(id))).toBe(false);
    // 13 of the 13 drawable published questions: every seed draws the same set, in its own order.
    const orders = new Set<string>();
    for (const seed of ['s1', 's2', 's3', 's4', 's5']) orders.add((await testForAttempt(deps(), test.slug, seed))!.sections[1]!.questionIds.join());
    expect(orders.size).toBeGreaterThan(1);
    expect(await testRevealInfo(deps(), test.id)).toEqual({ revealMode: 'submission', revealAt: null });
    const asked: string[][] = [];
    const detail = await publishedTestDetail(deps(), test.slug, { userId: 'u1', attemptsSummary: async (userId, testId) => (asked.push([userId, testId]), { count: 2, openAttemptId: 'a9' }) });
    expect(detail.myAttempts).toEqual({ count: 2, openAttemptId: 'a9' });
    expect(asked).toEqual([['u1', test.id]]);
    expect((await publishedTestDetail(deps(), test.slug)).myAttempts).toBeNull();
  });

  it('draws different subsets for different seeds when the pool is larger than the count', async () => {
    const test = await createTest(deps(), BY_SERVER, parse({ title: 'Subset', durationMinutes: 10, sections: [{ title: 'Quant', marks: 1, rules: [{ category: 'Exam/Quant', count: 3 }] }] }), null);
    expect(await testForAttempt(deps(), test.slug, 'x')).toBeNull();
    const sets = new Set<string>();
    for (let i = 0; i < 12; i += 1) sets.add([...(await testForPreview(deps(), test.id, `seed-${i}`))!.sections[0]!.questionIds].sort().join());
    expect(sets.size).toBeGreaterThan(3);
  });

  it('names the rules a bank cannot fill, alone or together, and missing or draft fixed questions', async () => {
    const alone = await appError(createTest(deps(), BY_SERVER, parse({ title: 'Short', durationMinutes: 10, sections: [{ title: 'Hard', marks: 1, rules: [{ category: 'Exam/Quant', difficulty: 'hard', count: 5 }] }] }), null));
    expect(alone.statusCode).toBe(400);
    expect(alone.details).toEqual([{ field: 'sections.0.rules.0.count', message: 'The blueprint of section 1 “Hard”, rule 1 (category Exam/Quant, hard) needs 5 questions; the bank has 4 published questions in English matching it' }]);

    // Each rule alone fits (4 hard, 10 quant) but together they need 12 of the 10 quant questions.
    const together = await appError(createTest(deps(), BY_SERVER, parse({
      title: 'Overlap',
      durationMinutes: 10,
      sections: [
        { title: 'A', marks: 1, rules: [{ category: 'Exam/Quant', count: 8 }] },
        { title: 'B', marks: 1, rules: [{ category: 'Exam/Quant/Algebra', count: 4 }] },
      ],
    }), null));
    expect(together.details![0]!.message).toContain('need 12 questions together; the bank has 10 published questions in English matching them');

    const fixed = await appError(createTest(deps(), BY_SERVER, parse({ title: 'Fixed', durationMinutes: 10, sections: [{ title: 'F', marks: 1, questionIds: ['no-such-question', bank.drafts![0]!] }] }), null));
    expect(fixed.details).toEqual([
      { field: 'sections.0.questionIds', message: 'No question in the bank has the id no-such-question' },
      { field: 'sections.0.questionIds', message: `Publish these questions first, they are drafts: ${bank.drafts![0]}` },
    ]);
  });

  it('keeps section ids by position across updates', async () => {
    const input = parse({ title: 'Keeps ids', durationMinutes: 10, sections: [{ title: 'One', marks: 1, questionIds: bank.quantEasy!.slice(0, 2) }, { title: 'Two', marks: 1, questionIds: bank.quantEasy!.slice(2, 4) }] });
    const created = await createTest(deps(), BY_SERVER, input, null);
    const updated = await updateTest(deps(), BY_SERVER, created.id, parse({ ...input, sections: [{ title: 'One again', marks: 3, questionIds: bank.quantEasy!.slice(4, 6) }] }));
    expect(updated.sections.map((s) => s.id)).toEqual([created.sections[0]!.id]);
    expect(updated).toMatchObject({ slug: created.slug, questionCount: 2, maxScore: 6 });
  });
});
