import { questionInputSchema, testInputSchema } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestDb } from '../../../test/helpers.js';
import { systemClock } from '../../lib/clock.js';
import { paperPort } from '../../wiring.js';
import { beginTimedAttempt, getAttempt } from '../attempts/attempts.service.js';
import { BY_SERVER } from '../audit/audit.service.js';
import { bulkQuestions, createQuestion } from '../questions/questions.service.js';
import { previewTest } from './paper-attempts.js';
import { createTest, publishTest, testForAttempt } from './papers.service.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
const deps = () => ({ db: handle.db, clock: systemClock, papers: paperPort(handle.db) });

async function addQuestions(category: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const options = ['Right', 'Wrong', 'Also wrong', 'Far off', 'Nowhere near'].map((text, k) => ({ text: `${text} ${i}`, correct: k === 0 }));
    ids.push((await createQuestion(deps(), BY_SERVER, questionInputSchema.parse({ type: 'single', stem: `${category} question ${i}`, categoryPath: category, options }), null)).id);
  }
  await bulkQuestions(deps(), BY_SERVER, { ids, action: 'publish' });
  return ids;
}

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.dispose());

describe('the editors\' preview of a test', () => {
  it('shows, for a seed, the questions and option order of an attempt started with that seed', async () => {
    const fixed = await addQuestions('Preview/Fixed', 4);
    await addQuestions('Preview/Drawn', 6);
    const test = await createTest(
      deps(),
      BY_SERVER,
      testInputSchema.parse({
        title: 'Preview as a candidate',
        durationMinutes: 20,
        shuffleQuestions: true,
        shuffleOptions: true,
        sections: [
          { title: 'Fixed', marks: 1, questionIds: fixed },
          { title: 'Drawn', marks: 1, rules: [{ category: 'Preview/Drawn', count: 3 }] },
        ],
      }),
      null,
    );
    await publishTest(deps(), BY_SERVER, test.id);
    const shown = (questions: { questionId: string; sectionId: string | null; options: { id: string; html: string }[] }[]) =>
      questions.map((q) => ({ questionId: q.questionId, sectionId: q.sectionId, options: q.options }));

    const firstOptions = new Set<string>();
    for (const seed of ['s1', 's2', 's3', 's4', 's5', 's6']) {
      const user = await createUser(handle.db);
      const paper = await testForAttempt(deps(), test.slug, seed);
      const { id } = await beginTimedAttempt(deps(), { test: paper!, seed, userId: user.id, deviceId: null });
      const attempt = await getAttempt(deps(), id, user.id, null);
      const preview = await previewTest(deps(), test.id, seed);
      expect(shown(preview.questions)).toEqual(shown(attempt.questions));
      firstOptions.add(preview.questions[0]!.options.map((o) => o.html).join());
    }
    // The seeds shuffle: the check above compares orders that differ from seed to seed.
    expect(firstOptions.size).toBeGreaterThan(1);
  });
});
