import type { QuestionInput } from '@abhyas/contracts';
import { questionInputSchema } from '@abhyas/contracts';
import type { Db } from '../src/db/index.js';
import { systemClock } from '../src/lib/clock.js';
import { bulkQuestions, createQuestion } from '../src/modules/questions/questions.service.js';

let n = 0;

/**
 * A question through the real service, published unless `draft` is set. Single answer by default,
 * option B correct ("Right"), with an explanation.
 */
export async function makeQuestion(db: Db, input: Partial<QuestionInput> & { draft?: boolean } = {}): Promise<string> {
  n += 1;
  const deps = { db, clock: systemClock };
  const { draft, ...fields } = input;
  const parsed = questionInputSchema.parse({
    type: 'single',
    stem: `Practice question ${n} ${Math.random().toString(36).slice(2, 8)}?`,
    explanation: `Because of reason ${n}.`,
    options: [
      { text: 'Wrong', correct: false },
      { text: 'Right', correct: true },
      { text: 'Also wrong', correct: false },
      { text: 'Far off', correct: false },
    ],
    ...fields,
  });
  const question = await createQuestion(deps, parsed, null);
  if (!draft) await bulkQuestions(deps, { ids: [question.id], action: 'publish' });
  return question.id;
}

/** Several published questions sharing the fields given. */
export async function makeQuestions(db: Db, count: number, input: Partial<QuestionInput> = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await makeQuestion(db, input));
  return ids;
}
