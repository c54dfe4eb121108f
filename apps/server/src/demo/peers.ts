import type { Attempt, OptionId } from '@abhyas/contracts';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { seededRandom, type Random } from '../lib/seeded-random.js';
import { attemptsSummary, finishAttempt, saveAnswer } from '../modules/attempts/attempts.service.js';
import { currentQuestionsForDelivery, type DeliveryQuestion } from '../modules/questions/questions.service.js';
import { publishedQuestionDifficulties } from '../modules/questions/question-reads.service.js';
import { startTestAttempt } from '../modules/papers/paper-attempts.js';
import { testIdBySlug } from '../modules/papers/papers.service.js';
import { createUser, userByEmail } from '../modules/users/users.service.js';
import { paperPort } from '../wiring.js';

/**
 * Demo candidates who have already taken the daily quiz and the SSC paper, so that an editor opens a
 * real item analysis (it needs 20 submitted first attempts) and the demo candidate is ranked among
 * others. Their answers follow a simple model of ability: stronger candidates know more, the
 * others skip or guess, and a few guess nearly everything.
 *
 * Nobody signs in as them: their stored password hash is not a hash any password verifies against,
 * and their addresses are on the reserved `.test` domain, which no mail server delivers to. They are
 * listed nowhere candidates look; the README names the pattern of their addresses.
 */
const NAMES = [
  'Aarav Sharma', 'Diya Patel', 'Vihaan Reddy', 'Ananya Iyer', 'Kabir Singh', 'Ishita Das', 'Arjun Nair', 'Meghna Rao',
  'Rohan Gupta', 'Sneha Kulkarni', 'Aditya Mishra', 'Pooja Menon', 'Siddharth Jain', 'Kavya Pillai', 'Nikhil Verma', 'Tanvi Joshi',
  'Harsh Chauhan', 'Riya Banerjee', 'Manish Yadav', 'Neha Saxena', 'Varun Bhat', 'Shreya Ghosh', 'Kunal Mehta', 'Divya Shetty',
  'Rahul Tiwari', 'Aishwarya Hegde', 'Farhan Qureshi', 'Lakshmi Narayanan', 'Gurpreet Kaur', 'Tenzin Dorje',
] as const;

export const DEMO_PEERS = NAMES.map((name, i) => ({ name, email: `demo.peer${String(i + 1).padStart(2, '0')}@abhyas.test` }));

/** The slugs of the tests every demo peer has taken once. */
export const DEMO_PEER_TESTS = ['ssc-cgl-tier-1-mock-1', 'daily-quiz'] as const;

/** Stored as the peers' password hash: not an Argon2 hash, so every password is refused. */
export const NO_PASSWORD = '!demo-peer:no-password-signs-in';

/** Peers (by index) who guess nearly every question. */
const GUESSERS = new Set([4, 17, 26]);

const DIFFICULTY = { easy: -1, medium: 0, hard: 1 } as const;
const SECOND = 1000;
const DAY = 86_400_000;

type Deps = { db: Db; clock: Clock };
export type Peer = { index: number; userId: string; ability: number; guesser: boolean };

/** A number in [from, to) from the generator. */
export const between = (random: Random, from: number, to: number) => from + (to - from) * random();

/** One of the items, each as likely as its weight. */
function weightedPick<T>(random: Random, items: readonly { item: T; weight: number }[]): T {
  let roll = random() * items.reduce((sum, i) => sum + i.weight, 0);
  for (const { item, weight } of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items.at(-1)!.item;
}

/**
 * What a peer chooses for one question, as bank positions (empty: left blank), and how long it took.
 * A question's difficulty comes from the bank, varied a little per question; the chance of knowing
 * the answer rises with the peer's ability over it (a logistic curve, as in item response theory).
 * Not knowing, a careful peer skips; otherwise they guess, drawn to one plausible wrong option.
 */
export function answerOf(peer: Peer, question: DeliveryQuestion, difficulty: number, random: Random, caution: number): { positions: number[]; seconds: number } {
  const key = question.options.flatMap((o, position) => (o.fraction > 0 ? [position] : []));
  const wrong = question.options.flatMap((o, position) => (o.fraction > 0 ? [] : [position]));
  // The wrong option that tempts those who half-know the answer, the same for every peer (and every fresh seed).
  const tempting = wrong[Math.floor(seededRandom(`demo-tempting:${question.stem}`)() * wrong.length)];
  const guess = (): number[] => {
    const pick = weightedPick(random, [...key.map((p) => ({ item: p, weight: 1.4 })), ...wrong.map((p) => ({ item: p, weight: p === tempting ? 2 : 1 }))]);
    if (question.type !== 'multiple') return [pick];
    const other = weightedPick(random, question.options.map((_, p) => ({ item: p, weight: p === pick ? 0 : 1 })));
    return random() < 0.5 ? [pick] : [pick, other].sort((a, b) => a - b);
  };
  if (peer.guesser) return random() < 0.05 ? { positions: [], seconds: between(random, 3, 8) } : { positions: guess(), seconds: between(random, 4, 14) };
  const knows = random() < 1 / (1 + Math.exp(-1.7 * (peer.ability - difficulty)));
  if (knows) {
    // Even a candidate who knows slips now and then.
    if (random() < 0.04 && tempting !== undefined) return { positions: [tempting], seconds: between(random, 10, 30) };
    return { positions: key, seconds: between(random, 12, 32) };
  }
  if (random() < caution) return { positions: [], seconds: between(random, 8, 20) };
  return { positions: guess(), seconds: between(random, 18, 40) };
}

/** The option letter the candidate sees for each bank position the candidate sees, found by the option's text. */
export function positionsByLetter(shown: Attempt['questions'][number], question: DeliveryQuestion): Map<number, OptionId> {
  const letters = new Map<number, OptionId>();
  for (const option of shown.options) {
    const position = question.options.findIndex((o, p) => o.html === option.html && !letters.has(p));
    if (position >= 0) letters.set(position, option.id);
  }
  return letters;
}

/** Saves of one attempt sent together: their order does not matter, each question keeps its own. */
const SAVES_AT_ONCE = 10;
/** Attempts taken at the same time: on PostgreSQL their round trips overlap. */
const ATTEMPTS_AT_ONCE = 6;

/**
 * One peer takes one test start to finish through the attempt engine, on a clock of their own set
 * some days back: start, save each answer at the moment it is given, submit before time runs out.
 */
async function takeTest(db: Db, peer: Peer, slug: string, startedAt: number, bank: Bank): Promise<void> {
  const at = (time: number) => ({ db, clock: { now: () => time } });
  const random = seededRandom(`demo-peer:${peer.index}:${slug}`);
  const { attempt } = await startTestAttempt({ ...at(startedAt), papers: paperPort(db) }, slug, peer.userId, null);
  const questions = await bank.questions(attempt.questions.map((q) => q.questionId));
  // A timed paper with negative marks makes careful candidates leave what they do not know.
  const caution = between(random, 0.35, 0.75);
  const deadline = attempt.endsAt ? Date.parse(attempt.endsAt) - 30 * SECOND : Infinity;
  let now = startedAt;
  const saves: (() => Promise<unknown>)[] = [];
  for (const shown of attempt.questions) {
    const question = questions.get(shown.questionId);
    if (!question) continue;
    const { positions, seconds } = answerOf(peer, question, question.difficulty, random, caution);
    const spentMs = Math.round(seconds * SECOND);
    if (now + spentMs > deadline) break;
    now += spentMs;
    const letters = positionsByLetter(shown, question);
    const optionIds = positions.flatMap((p) => letters.get(p) ?? []);
    if (optionIds.length === 0) continue;
    const input = { optionIds, markedForReview: false, seq: saves.length + 1, timeSpentMs: spentMs };
    const savedAt = now;
    saves.push(() => saveAnswer(at(savedAt), { attemptId: attempt.id, userId: peer.userId, deviceId: null, questionId: question.id, input }));
  }
  for (let i = 0; i < saves.length; i += SAVES_AT_ONCE) await Promise.all(saves.slice(i, i + SAVES_AT_ONCE).map((save) => save()));
  // Submitted as the candidate's Submit does, without reading the result back.
  await finishAttempt(at(now + 20 * SECOND), attempt.id, 'candidate');
}

type BankQuestion = DeliveryQuestion & { difficulty: number };
export type Bank = { questions: (ids: string[]) => Promise<Map<string, BankQuestion>> };

/**
 * The questions the peers meet, each read once: its options and key, and a difficulty from the
 * bank's level, varied a little per question.
 */
export function bankOf(db: Db): Bank {
  const known = new Map<string, BankQuestion>();
  return {
    async questions(ids) {
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length > 0) {
        const [questions, refs] = await Promise.all([currentQuestionsForDelivery({ db }, missing), publishedQuestionDifficulties({ db }, { ids: missing })]);
        const level = new Map(refs.map((r) => [r.id, DIFFICULTY[r.difficulty]]));
        // Varied by the question's text, not its id, so every fresh seed gives the same statistics.
        for (const [id, q] of questions) known.set(id, { ...q, difficulty: (level.get(id) ?? 0) + between(seededRandom(`demo-difficulty:${q.stem}`), -0.5, 0.5) });
      }
      return new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!] as const] : [])));
    },
  };
}

/** A demo peer as they answer: abilities spread from weak to strong across the peers, with a little noise. */
export function peerOf(index: number, userId: string, random: Random = seededRandom(`demo-peer:${index}`)): Peer {
  return { index, userId, ability: -1.6 + (3.2 * index) / (DEMO_PEERS.length - 1) + between(random, -0.3, 0.3), guesser: GUESSERS.has(index) };
}

/** Runs the tasks, `limit` at a time. */
export async function inTurns(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/**
 * Creates the demo peers not there yet and has each take the demo peer tests they have not taken,
 * on days before today. Answers how many attempts were submitted; running it again submits none.
 */
export async function seedDemoPeers(db: Db, clock: Clock): Promise<number> {
  const deps: Deps = { db, clock };
  const tests: { slug: string; id: string }[] = [];
  for (const slug of DEMO_PEER_TESTS) {
    const id = await testIdBySlug(deps, slug);
    if (id) tests.push({ slug, id });
  }
  if (tests.length === 0) return 0;
  const today = clock.now();
  const attempts: (() => Promise<void>)[] = [];
  const bank = bankOf(db);
  for (const [index, demo] of DEMO_PEERS.entries()) {
    const user =
      (await userByEmail(deps, demo.email)) ??
      (await createUser(deps, { email: demo.email, name: demo.name, role: 'candidate', passwordHash: NO_PASSWORD, profile: { target_exam: 'SSC CGL' } }));
    if (!user) continue;
    const random = seededRandom(`demo-peer:${index}`);
    const peer = peerOf(index, user.id, random);
    for (const [t, test] of tests.entries()) {
      const startedAt = today - (2 + ((index + 3 * t) % 12)) * DAY + Math.round(between(random, 7, 21) * 3_600_000);
      if ((await attemptsSummary(deps, user.id, test.id)).count === 0) attempts.push(() => takeTest(db, peer, test.slug, startedAt, bank));
    }
  }
  await inTurns(attempts, ATTEMPTS_AT_ONCE);
  return attempts.length;
}
