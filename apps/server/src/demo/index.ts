import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { seedDemoAds } from './ads.js';
import { seedDemoContent } from './content.js';
import { seedDemoContests } from './contests.js';
import { seedDemoPeers } from './peers.js';
import { seedDemoQuestions } from './question-bank.js';
import { seedDemoTests } from './papers.js';
import { seedDemoTrust } from './trust.js';
import { seedDemoUsers } from './users.js';

/** What the demo seed added, by kind. */
export type DemoSeedReport = {
  users: number;
  blogs: number;
  topics: number;
  questions: number;
  tests: number;
  peerAttempts: number;
  contests: number;
  challenges: number;
  ads: number;
};

/** Seeds the demo content; each step is idempotent, so it runs safely on every start. */
export async function seedDemo(db: Db, clock: Clock): Promise<DemoSeedReport> {
  const users = await seedDemoUsers(db, clock);
  const content = await seedDemoContent(db, clock);
  const questions = await seedDemoQuestions(db, clock);
  // Tests are built from the published bank, so they come after it.
  const tests = await seedDemoTests(db, clock);
  // Candidates who have taken some of those tests, so they have item statistics and ranks to show.
  const peerAttempts = await seedDemoPeers(db, clock);
  // The sample contests, each on its own paper from the bank, with some of those peers entered.
  const contests = await seedDemoContests(db, clock);
  // Challenges of the contest still open to them, a key decision and a question's second version.
  const { challenges } = await seedDemoTrust(db, clock);
  return { users, ...content, questions, tests, peerAttempts, contests, challenges, ads: await seedDemoAds(db, clock) };
}
