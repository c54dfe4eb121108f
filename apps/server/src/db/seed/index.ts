import type { Clock } from '../../lib/clock.js';
import type { Db } from '../index.js';
import { seedDemoContent } from './content.js';
import { seedDemoQuestions } from './question-bank.js';
import { seedDemoUsers } from './users.js';

/** Seeds the demo content; each step is idempotent, so it runs safely on every start. */
export async function seedDemo(db: Db, clock: Clock): Promise<{ users: number; blogs: number; topics: number; questions: number }> {
  const users = await seedDemoUsers(db, clock);
  const content = await seedDemoContent(db, clock);
  return { users, ...content, questions: await seedDemoQuestions(db, clock) };
}
