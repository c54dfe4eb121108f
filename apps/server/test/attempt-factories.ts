import { questionInputSchema, testInputSchema, type QuestionInput, type TestInput } from '@abhyas/contracts';
import type { Db } from '../src/db/index.js';
import { systemClock } from '../src/lib/clock.js';
import { BY_SERVER } from '../src/modules/audit/audit.service.js';
import { bulkQuestions, createQuestion } from '../src/modules/questions/questions.service.js';
import { createTest, publishTest } from '../src/modules/papers/papers.service.js';

// Mock tests start the attempt engine's timed attempts: the engine's own tests start them here, as the papers module does.
export { createTest, publishTest };
export { startTestAttempt } from '../src/modules/papers/papers.seeding.js';

let n = 0;

/**
 * A published question through the real service. `key` lists the correct options' indexes; the
 * stem names the question so tests can tell them apart.
 */
export async function makeQuestion(db: Db, opts: Partial<QuestionInput> & { key?: number[]; optionCount?: number } = {}) {
  n += 1;
  const { key = [0], optionCount = 4, ...fields } = opts;
  const type = fields.type ?? (key.length > 1 ? 'multiple' : 'single');
  const count = type === 'truefalse' ? 2 : optionCount;
  const input = questionInputSchema.parse({
    type,
    stem: `Question ${n}: which is it? ${Math.random().toString(36).slice(2, 8)}`,
    explanation: `Because of reason ${n}.`,
    options: Array.from({ length: count }, (_, i) => ({ text: `Option ${i + 1} of question ${n}`, correct: key.includes(i) })),
    categoryPath: 'SSC/Quant/Percentages',
    ...fields,
  });
  const question = await createQuestion({ db, clock: systemClock }, BY_SERVER, input, null);
  await bulkQuestions({ db, clock: systemClock }, BY_SERVER, { ids: [question.id], action: 'publish' });
  return question;
}

export async function makeQuestions(db: Db, count: number, opts: Parameters<typeof makeQuestion>[1] = {}) {
  const out = [];
  for (let i = 0; i < count; i += 1) out.push(await makeQuestion(db, opts));
  return out;
}

type SectionSpec = { title?: string; questionIds: string[]; marks?: number; negativeMarks?: number; timeLimitMinutes?: number | null; cutOff?: number | null };

/** A published test through the real tests service: fixed sections, no shuffles unless asked. */
export async function makeTest(db: Db, opts: Omit<Partial<TestInput>, 'sections'> & { sections: SectionSpec[] }) {
  n += 1;
  const { sections, ...fields } = opts;
  const input = testInputSchema.parse({
    title: `Mock test ${n}`,
    durationMinutes: sections.every((s) => s.timeLimitMinutes) ? sections.reduce((t, s) => t + (s.timeLimitMinutes ?? 0), 0) : 60,
    shuffleOptions: false,
    sections: sections.map((s, i) => ({ title: s.title ?? `Section ${i + 1}`, marks: s.marks ?? 2, negativeMarks: s.negativeMarks ?? 0.5, timeLimitMinutes: s.timeLimitMinutes ?? null, questionIds: s.questionIds, cutOff: s.cutOff ?? null })),
    ...fields,
  });
  const deps = { db, clock: systemClock };
  const test = await createTest(deps, BY_SERVER, input, null);
  return publishTest(deps, BY_SERVER, test.id);
}
