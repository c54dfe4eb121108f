import { questionInputSchema, type QuestionInput } from '@abhyas/contracts';
import type { Db } from '../src/db/index.js';
import { systemClock } from '../src/lib/clock.js';
import { bulkQuestions, createQuestion } from '../src/modules/questions/questions.service.js';

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
  const question = await createQuestion({ db, clock: systemClock }, input, null);
  await bulkQuestions({ db, clock: systemClock }, { ids: [question.id], action: 'publish' });
  return question;
}

export async function makeQuestions(db: Db, count: number, opts: Parameters<typeof makeQuestion>[1] = {}) {
  const out = [];
  for (let i = 0; i < count; i += 1) out.push(await makeQuestion(db, opts));
  return out;
}
