import { contestInputSchema, testInputSchema, type ContestInput, type PrizeInput } from '@abhyas/contracts';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { seededRandom, shuffled } from '../lib/seeded-random.js';
import { BY_SERVER } from '../modules/audit/audit.service.js';
import { contestIdBySlug, createContest, enterDirectly, FINALIZE_AFTER_END_MS, finalizeEndedContests } from '../modules/contests/contests.service.js';
import { DEFAULT_CHALLENGE_WINDOW_MS } from '../lib/challenge-window.js';
import { CONTEST_ONLY_CATEGORY } from '../modules/practice/practice.service.js';
import { publishedQuestionIds } from '../modules/questions/question-reads.service.js';
import { createTest, publishTest, testIdBySlug, useTestForContest } from '../modules/papers/papers.service.js';
import { userByEmail } from '../modules/users/users.service.js';
import { playContest, type Turn } from './contest-play.js';
import { bankOf, between, DEMO_PEERS, inTurns, peerOf, type Bank } from './peers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** India Standard Time is UTC+05:30, all year. */
const IST_OFFSET = 5.5 * HOUR;
const QUARTER_HOUR = 15 * MINUTE;
const DAY = 24 * HOUR;
/** Players taking a paper at the same time: on PostgreSQL their round trips overlap. */
const PLAYS_AT_ONCE = 6;

/** A day some days after `now`, at a time of day in India. */
function atIndianTime(now: number, days: number, hour: number): number {
  const local = new Date(now + IST_OFFSET);
  local.setUTCDate(local.getUTCDate() + days);
  local.setUTCHours(hour, 0, 0, 0);
  return local.getTime() - IST_OFFSET;
}

/** Within the hour: the next quarter hour after `now`, and a quarter hour more, so a newcomer has time to join. */
const withinTheHour = (now: number) => Math.ceil(now / QUARTER_HOUR) * QUARTER_HOUR + QUARTER_HOUR;

type DemoContest = {
  slug: string;
  /**
   * The contest-only category its questions come from (contests.gift, or the generated sprints):
   * practice never offers it and no mock test uses it, so nobody has seen the paper before.
   */
  category: string;
  questions: number;
  input: Omit<ContestInput, 'testId' | 'startsAt' | 'slug' | 'published'>;
  startsAt: (now: number) => number;
  marks: number;
  negativeMarks: number;
  /** Demo peers holding confirmed entries, so the card shows participants and a seat bar. */
  peers: number;
  /**
   * Of those, how many play the contest (the rest never start), each starting within
   * `startWithinMinutes` of the start; `candidate`: the demo candidate plays too. Past contests are
   * then made final, ranks, prizes and ratings included.
   */
  play?: { players: number; startWithinMinutes: number; candidate: boolean };
};

const cash = (fromRank: number, toRank: number, rupees: number): PrizeInput => ({ fromRank, toRank, kind: 'cash', amount: rupees * 100, description: '' });

/**
 * The four sample contests of the specification, with their figures, and two past sprints whose
 * results are final, so the boards, ratings and rating histories have something to show.
 */
export const DEMO_CONTESTS: DemoContest[] = [
  {
    slug: 'artificial-intelligence',
    category: `${CONTEST_ONLY_CATEGORY}/Artificial Intelligence`,
    questions: 15,
    input: {
      title: 'Artificial Intelligence',
      icon: 'ai',
      level: 'Advanced',
      description: 'Machine learning from the ground up: supervised and unsupervised learning, evaluation metrics, overfitting and the models behind today’s language models. Fifteen questions in thirty minutes, marked +4 and −1.',
      durationMinutes: 30,
      totalSeats: 100,
      priceAmount: 99_900,
      prizes: [cash(1, 1, 5000), cash(2, 2, 3000), cash(3, 3, 2000), { fromRank: 4, toRank: 10, kind: 'voucher', amount: 50_000, description: 'Book voucher' }, { fromRank: 1, toRank: 100, kind: 'certificate', description: 'Certificate of participation' }],
      freezeMinutes: 5,
    },
    startsAt: (now) => atIndianTime(now, 2, 10),
    marks: 4,
    negativeMarks: 1,
    peers: 27,
    play: { players: 24, startWithinMinutes: 5, candidate: false },
  },
  {
    slug: 'digital-marketing',
    category: `${CONTEST_ONLY_CATEGORY}/Digital Marketing`,
    questions: 15,
    input: {
      title: 'Digital Marketing',
      icon: 'marketing',
      level: 'Intermediate',
      description: 'Campaign arithmetic and the channels that carry it: click-through and conversion rates, cost per click and per acquisition, return on ad spend, SEO and the funnel. Fifteen questions in twenty-five minutes.',
      durationMinutes: 25,
      totalSeats: 80,
      priceAmount: 79_900,
      prizes: [cash(1, 1, 3000)],
      freezeMinutes: 5,
    },
    startsAt: (now) => atIndianTime(now, 3, 10),
    marks: 4,
    negativeMarks: 1,
    peers: 18,
    play: { players: 16, startWithinMinutes: 5, candidate: false },
  },
  {
    slug: 'web-development',
    category: `${CONTEST_ONLY_CATEGORY}/Web Development`,
    questions: 15,
    input: {
      title: 'Web Development',
      icon: 'code',
      level: 'Beginner',
      description: 'HTML, CSS, HTTP and JavaScript basics for beginners: fifteen questions in twenty minutes, no negative marking. Open to everyone, free.',
      durationMinutes: 20,
      totalSeats: 50,
      priceAmount: 0,
      prizes: [cash(1, 1, 1000), { fromRank: 2, toRank: 3, kind: 'scholarship', amount: null, description: 'Scholarship for an online web development course' }, { fromRank: 4, toRank: 5, kind: 'certificate', amount: null, description: 'Certificate of merit' }],
      freezeMinutes: 5,
    },
    startsAt: withinTheHour,
    marks: 2,
    negativeMarks: 0,
    peers: 5,
    // Four of them play while a newcomer watches: starts over the first minutes, submissions spread
    // over the twenty (one never starts).
    play: { players: 4, startWithinMinutes: 6, candidate: false },
  },
  {
    slug: 'graphic-design',
    category: `${CONTEST_ONLY_CATEGORY}/Graphic Design`,
    questions: 15,
    input: {
      title: 'Graphic Design',
      icon: 'design',
      level: 'Beginner',
      description: 'Colour models, typography, layout and file formats: fifteen questions in twenty-five minutes, no negative marking. Free to enter.',
      durationMinutes: 25,
      totalSeats: 60,
      priceAmount: 0,
      prizes: [cash(1, 1, 1500)],
      freezeMinutes: null,
    },
    startsAt: (now) => atIndianTime(now, 1, 10),
    marks: 2,
    negativeMarks: 0,
    peers: 11,
    play: { players: 10, startWithinMinutes: 5, candidate: false },
  },
  {
    slug: 'quant-sprint-1',
    category: `${CONTEST_ONLY_CATEGORY}/Quant Sprint 1`,
    questions: 10,
    input: {
      title: 'Quant Sprint 1',
      icon: 'maths',
      level: 'Intermediate',
      description: 'Percentages, profit and loss, simple and compound interest: ten questions in fifteen minutes, marked +2 and −0.5. Free to enter.',
      durationMinutes: 15,
      totalSeats: 100,
      priceAmount: 0,
      prizes: [cash(1, 1, 500), { fromRank: 1, toRank: 10, kind: 'certificate', amount: null, description: 'Certificate of merit' }],
      freezeMinutes: null,
    },
    startsAt: (now) => atIndianTime(now, -9, 18),
    marks: 2,
    negativeMarks: 0.5,
    peers: 20,
    play: { players: 20, startWithinMinutes: 3, candidate: true },
  },
  {
    slug: 'quant-sprint-2',
    category: `${CONTEST_ONLY_CATEGORY}/Quant Sprint 2`,
    questions: 10,
    input: {
      title: 'Quant Sprint 2',
      icon: 'maths',
      level: 'Intermediate',
      description: 'Speed and distance, time and work, averages, ratios and pipes: ten questions in fifteen minutes, marked +2 and −0.5. Free to enter.',
      durationMinutes: 15,
      totalSeats: 100,
      priceAmount: 0,
      prizes: [cash(1, 1, 500), { fromRank: 1, toRank: 10, kind: 'certificate', amount: null, description: 'Certificate of merit' }],
      freezeMinutes: 3,
    },
    startsAt: (now) => atIndianTime(now, -2, 18),
    marks: 2,
    negativeMarks: 0.5,
    peers: 24,
    play: { players: 22, startWithinMinutes: 3, candidate: true },
  },
  {
    // Ended a few hours ago: its answer key may still be challenged, so its results are provisional.
    slug: 'quant-sprint-3',
    category: `${CONTEST_ONLY_CATEGORY}/Quant Sprint 3`,
    questions: 10,
    input: {
      title: 'Quant Sprint 3',
      icon: 'maths',
      level: 'Intermediate',
      description: 'Percentages, time and work, interest, averages and speed: ten questions in fifteen minutes, marked +2 and −0.5. Free to enter.',
      durationMinutes: 15,
      totalSeats: 100,
      priceAmount: 0,
      prizes: [cash(1, 1, 500), { fromRank: 1, toRank: 10, kind: 'certificate', amount: null, description: 'Certificate of merit' }],
      freezeMinutes: 3,
    },
    startsAt: (now) => Math.floor(now / QUARTER_HOUR) * QUARTER_HOUR - 3 * HOUR,
    marks: 2,
    negativeMarks: 0.5,
    peers: 24,
    play: { players: 22, startWithinMinutes: 3, candidate: true },
  },
];

type Deps = { db: Db; clock: Clock };

const instructions = (spec: DemoContest, count: number) => `## Contest rules

1. **${count} questions in ${spec.input.durationMinutes} minutes.** Everyone starts when the contest opens; the paper closes for everyone when the contest ends.
2. Each correct answer earns **${spec.marks} marks**.${spec.negativeMarks > 0 ? ` **${spec.negativeMarks} mark** is taken off for each wrong answer.` : ' Wrong answers cost nothing.'} A question left blank scores nothing.
3. Questions and options appear in a different order for every candidate.
4. The leaderboard ranks by score, then by the time taken, then by the earlier submission.
5. Answers and explanations are shown to everyone once the contest has ended.`;

/** The contest's paper: a published test of the category's questions, marked as a contest paper. */
async function paperFor(deps: Deps, spec: DemoContest, startsAt: number, authorId: string | null): Promise<string | null> {
  const slug = `contest-paper-${spec.slug}`;
  const existing = await testIdBySlug(deps, slug);
  if (existing) return existing;
  const pool = shuffled(await publishedQuestionIds(deps, { category: spec.category }), seededRandom(`demo-contest:${spec.slug}`));
  const questionIds = pool.slice(0, spec.questions);
  if (questionIds.length === 0) return null;
  const input = testInputSchema.parse({
    title: `${spec.input.title} contest paper`,
    slug,
    description: `The paper of the ${spec.input.title} contest.`,
    instructions: instructions(spec, questionIds.length),
    durationMinutes: spec.input.durationMinutes,
    sections: [{ title: spec.input.title, marks: spec.marks, negativeMarks: spec.negativeMarks, questionIds }],
    shuffleQuestions: true,
    shuffleOptions: true,
    attemptsAllowed: 1,
    markedAnsweredCounts: true,
    revealMode: 'date',
    revealAt: new Date(startsAt + spec.input.durationMinutes * MINUTE).toISOString(),
    graceSeconds: 30,
  });
  const test = await createTest(deps, BY_SERVER, input, authorId);
  await publishTest(deps, BY_SERVER, test.id);
  await useTestForContest(deps, test.id, true);
  return test.id;
}

/** The demo candidate as a player: a little above the middle of the peers. */
const candidateAsPlayer = (userId: string) => ({ index: DEMO_PEERS.length, userId, ability: 0.7, guesser: false });

/** Who plays the contest and when: starts spread over the first minutes, each at their own pace. */
function turnsOf(spec: DemoContest, startsAt: number, players: { index: number; userId: string; ability: number; guesser: boolean }[]): Turn[] {
  const random = seededRandom(`demo-contest-turns:${spec.slug}`);
  const within = spec.play?.startWithinMinutes ?? 0;
  return players.map((peer) => ({ peer, startAt: startsAt + Math.round(between(random, 0.1, within) * MINUTE), pace: between(random, 0.8, 2.6) }));
}

/**
 * Creates the sample contests not there yet (by slug), each on its own paper, scheduled from now:
 * Web Development opens within the hour, the others over the following days, and two sprints ended
 * days ago. Demo peers hold entries so the cards show participants and seats taken, and most of them
 * play each contest at its time (see contest-play.ts); the sprints are made final, so their winners'
 * ratings have moved. Running it again changes nothing.
 */
export async function seedDemoContests(db: Db, clock: Clock): Promise<number> {
  const deps = { db, clock, paidEntry: true, holdMs: 0, payments: null };
  const author = await userByEmail(deps, 'editor@abhyas.test');
  const candidate = await userByEmail(deps, 'candidate@abhyas.test');
  const now = clock.now();
  const peers = (await Promise.all(DEMO_PEERS.map((p) => userByEmail(deps, p.email)))).flatMap((u, index) => (u ? [{ index, userId: u.id }] : []));
  const bank: Bank = bankOf(db);
  let created = 0;
  for (const spec of DEMO_CONTESTS) {
    if (await contestIdBySlug(deps, spec.slug)) continue;
    const startsAt = spec.startsAt(now);
    // Registration: the peers joined over the day or two before now, or before the start of a past contest.
    const registered = Math.min(now, startsAt - 10 * MINUTE);
    const at = (time: number) => ({ ...deps, clock: { now: () => time } });
    const opened = at(registered - 3 * DAY);
    const testId = await paperFor(opened, spec, startsAt, author?.id ?? null);
    if (!testId) continue;
    const input = contestInputSchema.parse({ ...spec.input, slug: spec.slug, testId, startsAt: new Date(startsAt).toISOString(), published: true } satisfies ContestInput);
    const contest = await createContest(opened, BY_SERVER, input, author?.id ?? null);
    const random = seededRandom(`demo-contest-entries:${spec.slug}`);
    const entered = shuffled(peers, random).slice(0, spec.peers);
    const entrants = entered.map((p, i) => ({ userId: p.userId, joinedAt: registered - (spec.peers - i) * Math.round((40 + random() * 80) * MINUTE) }));
    const plays = spec.play && candidate ? spec.play.candidate : false;
    if (plays && candidate) entrants.push({ userId: candidate.id, joinedAt: registered - 30 * MINUTE });
    await enterDirectly(at(registered), contest.id, entrants);
    if (spec.play) {
      const players = [...entered.slice(0, spec.play.players).map((p) => peerOf(p.index, p.userId)), ...(plays && candidate ? [candidateAsPlayer(candidate.id)] : [])];
      await inTurns(turnsOf(spec, startsAt, players).map((turn) => () => playContest(db, contest, turn, bank)), PLAYS_AT_ONCE);
    }
    created += 1;
  }
  // The sprints whose challenge window has closed are made final now, as the server would on its next sweep.
  await finalizeEndedContests(deps, {}, FINALIZE_AFTER_END_MS + DEFAULT_CHALLENGE_WINDOW_MS);
  return created;
}
