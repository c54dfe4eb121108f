import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { seedDemoAds } from './ads.js';
import { seedDemoContent } from './content.js';
import { seedDemoQuestions } from './question-bank.js';
import { seedDemoUsers } from './users.js';

/** Seeds the demo content; each step is idempotent, so it runs safely on every start. */
export async function seedDemo(db: Db, clock: Clock): Promise<{ users: number; blogs: number; topics: number; questions: number; ads: number }> {
  const users = await seedDemoUsers(db, clock);
  const content = await seedDemoContent(db, clock);
  const questions = await seedDemoQuestions(db, clock);
  return { users, ...content, questions, ads: await seedDemoAds(db, clock) };
}
