/**
 * The demo bank seeded through the real importer, as the demo mock tests will draw on it: enough
 * distinct published questions in each section's category (the content hash has already removed
 * any repeats by then).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { systemClock } from '../lib/clock.js';
import { currentQuestionsForDelivery } from '../modules/questions/questions.service.js';
import { publishedQuestionIds } from '../modules/questions/question-reads.service.js';
import { seedDemoQuestions } from './question-bank.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
  await seedDemoQuestions(handle.db, systemClock);
});
afterAll(async () => handle.dispose());

/** What the demo mock tests need from each category, at least. */
const NEEDS: Record<string, number> = {
  // SSC CGL style: four sections of 25.
  'SSC/General Intelligence and Reasoning': 25,
  'SSC/General Awareness': 25,
  'SSC/Quantitative Aptitude': 25,
  'SSC/English Language': 25,
  // Banking prelims style: three timed sections of 20.
  'Banking/English Language': 20,
  'Banking/Quantitative Aptitude': 20,
  'Banking/Reasoning': 20,
  // JEE sectional: three subjects of 10.
  'JEE/Physics': 10,
  'JEE/Chemistry': 10,
  'JEE/Mathematics': 10,
};

async function published() {
  return handle.db
    .selectFrom('questions')
    .innerJoin('question_categories as c', 'c.id', 'questions.category_id')
    .select(['c.path', 'questions.type', 'questions.marking', 'questions.difficulty'])
    .where('questions.status', '=', 'published')
    .execute();
}

describe('the seeded demo bank', () => {
  it('has enough distinct published questions for every demo mock test section', async () => {
    const rows = await published();
    const count = (path: string) => rows.filter((r) => r.path === path).length;
    for (const [path, need] of Object.entries(NEEDS)) expect(count(path), path).toBeGreaterThanOrEqual(need);
  });

  it('gives the JEE sections "one or more correct" questions, some marked all or nothing', async () => {
    const jee = (await published()).filter((r) => r.path.startsWith('JEE/'));
    expect(jee.length).toBeGreaterThanOrEqual(30);
    const multiple = jee.filter((r) => r.type === 'multiple');
    expect(multiple.length).toBeGreaterThanOrEqual(3);
    expect(multiple.filter((r) => r.marking === 'all_or_nothing').length).toBeGreaterThanOrEqual(2);
    expect(jee.filter((r) => r.marking === 'all_or_nothing' && r.type !== 'multiple')).toEqual([]);
  });

  it('words a true/false question’s options in its Hindi too, which its GIFT file cannot', async () => {
    const ids = [...(await publishedQuestionIds(handle, { category: 'SSC/General Awareness' })), ...(await publishedQuestionIds(handle, { category: 'Railways' }))];
    const trueFalse = [...(await currentQuestionsForDelivery(handle, ids)).values()].filter((q) => q.type === 'truefalse');
    expect(trueFalse.length).toBeGreaterThanOrEqual(3);
    for (const q of trueFalse) {
      expect(q.options.map((o) => o.text), q.stem).toEqual(['True', 'False']);
      expect(q.translation?.options.map((o) => o.text), q.stem).toEqual(['सत्य', 'असत्य']);
    }
  });

  it('mixes easy, medium and hard questions in every section', async () => {
    const rows = await published();
    for (const path of Object.keys(NEEDS)) {
      const levels = new Set(rows.filter((r) => r.path === path).map((r) => r.difficulty));
      expect(levels.size, `${path}: ${[...levels].join(', ')}`).toBeGreaterThanOrEqual(2);
    }
  });
});
