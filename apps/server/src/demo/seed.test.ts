import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ItemStats } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { systemClock } from '../lib/clock.js';
import { verifyPassword } from '../modules/auth/passwords.js';
import { userByEmail } from '../modules/users/users.service.js';
import { myAttempts, saveAnswer, submitAttempt, testItemStats } from '../modules/attempts/attempts.service.js';
import { startTestAttempt } from '../modules/papers/paper-attempts.js';
import { getAdminTest, publishedTests, testIdBySlug } from '../modules/papers/papers.service.js';
import { candidateRating, listContests } from '../modules/contests/contests.service.js';
import { boardEntries } from '../modules/contests/board/leaderboard.repo.js';
import { practiceChoices, startSession } from '../modules/practice/practice.service.js';
import { publishedQuestionIds } from '../modules/questions/question-reads.service.js';
import { adsForPlace } from '../modules/ads/ads.service.js';
import { DEMO_ADS } from './ads.js';
import { DEMO_CONTESTS } from './contests.js';
import { seedDemo } from './index.js';
import { DEMO_PEER_TESTS, DEMO_PEERS } from './peers.js';
import { DEMO_PASSWORD, DEMO_USERS } from './users.js';
import { paperPort } from '../wiring.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
const ok = (stats: ItemStats) => {
  if (stats.status !== 'ok') throw new Error(`expected item statistics, got ${stats.status}`);
  return stats;
};
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.dispose());

describe('demo seed', () => {
  it('creates the demo accounts and content once, with working passwords', { timeout: 60_000 }, async () => {
    const first = await seedDemo(handle.db, systemClock);
    expect(first).toMatchObject({ users: DEMO_USERS.length, tests: 4, peerAttempts: DEMO_PEERS.length * DEMO_PEER_TESTS.length, contests: DEMO_CONTESTS.length, ads: DEMO_ADS.length });
    expect(first.questions).toBeGreaterThanOrEqual(150);
    // Quant Sprint 3's key is open to challenges: challenged, one question dropped, those whose score moved told.
    expect(first.challenges).toBeGreaterThanOrEqual(8);
    const notices = await handle.db.selectFrom('notices').select(['kind']).execute();
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((n) => n.kind === 'score_changed' || n.kind === 'challenge_answered')).toBe(true);
    expect((await handle.db.selectFrom('question_key_decisions').select('action').execute()).map((d) => d.action).sort()).toEqual(['drop', 'keep']);
    const candidate = await userByEmail(handle, 'candidate@abhyas.test');
    expect(await handle.db.selectFrom('notices').select('kind').where('user_id', '=', candidate!.id).where('kind', '=', 'challenge_answered').execute()).toHaveLength(1);
    // The fuller explanation is written in both the question's languages: its Hindi is kept, and grown too.
    const reworded = await handle.db.selectFrom('question_versions').select(['question_id', 'translation']).where('version', '=', 2).execute();
    expect(reworded).toHaveLength(1);
    expect(JSON.parse(reworded[0]!.translation ?? '{}').explanation).toContain('जाँच:');
    const published = await handle.db.selectFrom('questions').select('id').where('status', '=', 'published').execute();
    expect(published.length).toBe(first.questions);
    expect(await seedDemo(handle.db, systemClock)).toEqual({ users: 0, blogs: 0, topics: 0, questions: 0, tests: 0, peerAttempts: 0, contests: 0, challenges: 0, ads: 0 });
    // Questions are linked to the topic that explains them, e.g. every percentages question.
    const linked = await handle.db
      .selectFrom('questions')
      .innerJoin('topics', 'topics.id', 'questions.topic_id')
      .innerJoin('question_tags', 'question_tags.question_id', 'questions.id')
      .select(['topics.slug', 'question_tags.tag'])
      .where('question_tags.tag', '=', 'percentages')
      .execute();
    expect(linked.length).toBeGreaterThanOrEqual(10);
    expect(new Set(linked.map((r) => r.slug))).toEqual(new Set(['percentages-and-percentage-change']));
    const admin = await userByEmail(handle, 'admin@abhyas.test');
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(admin!.password_hash, DEMO_PASSWORD)).toBe(true);
    expect((await userByEmail(handle, 'newcomer@abhyas.test'))?.phone).toBeNull();
    // The demo ads: the PIN-targeted one in Koramangala, the prefix one in Delhi, national elsewhere,
    // each showing a banner stored in the media table.
    const ads = async (pincode: string) => adsForPlace({ db: handle.db, clock: systemClock }, pincode);
    expect((await ads('560034')).map((a) => a.title)).toEqual(['Koramangala: free SSC CGL mock test this Sunday']);
    expect((await ads('110001')).map((a) => a.title)).toEqual(['UPSC prelims notes for Delhi aspirants']);
    const national = await ads('600001');
    expect(national.map((a) => a.title)).toEqual(['Practise 200+ exam MCQs free']);
    const key = /^\/media\/([0-9a-f]{32})\.webp$/.exec(national[0]!.imageUrl)?.[1];
    expect(await handle.db.selectFrom('media').select('content_type').where('key', '=', key!).executeTakeFirst()).toEqual({ content_type: 'image/webp' });
  });

  it('leaves a short audit trail of its own work, as the server’s: each import, the tests and contests it made, the contests it finalized', async () => {
    const records = await handle.db.selectFrom('audit_events').select(['kind', 'actor_id', 'object_label']).execute();
    const count = (kind: string) => records.filter((r) => r.kind === kind).length;
    expect(records.every((r) => r.actor_id === null)).toBe(true);
    const files = readdirSync(join(import.meta.dirname, 'questions')).filter((f) => f.endsWith('.gift'));
    expect(records.filter((r) => r.kind === 'questions.imported').map((r) => r.object_label).sort()).toEqual([...files, 'generated', 'generated-contests'].sort());
    expect(count('test.created')).toBe(4 + DEMO_CONTESTS.length);
    expect(count('test.published')).toBe(4 + DEMO_CONTESTS.length);
    expect(count('contest.created')).toBe(DEMO_CONTESTS.length);
    expect(count('contest.finalized')).toBeGreaterThanOrEqual(1);
    expect(records.length).toBeLessThan(100);
  });

  it('stores every demo blog cover as media, served like an upload', async () => {
    const covers = await handle.db.selectFrom('blogs').select('cover_image_url').execute();
    expect(covers.length).toBeGreaterThanOrEqual(8);
    for (const { cover_image_url: url } of covers) {
      const key = /^\/media\/([0-9a-f]{32})\.webp$/.exec(url ?? '')?.[1];
      expect(key, String(url)).toBeDefined();
      const stored = await handle.db.selectFrom('media').select(['content_type', 'width', 'height', 'bytes']).where('key', '=', key!).executeTakeFirst();
      expect(stored).toMatchObject({ content_type: 'image/webp', width: 1200, height: 630 });
      expect(stored!.bytes).toBeLessThan(100 * 1024);
    }
  });

  it('has demo candidates who took the daily quiz and the SSC paper, so item analysis and ranks have something to show', async () => {
    const deps = { db: handle.db, clock: systemClock, papers: paperPort(handle.db) };
    const peers = await Promise.all(DEMO_PEERS.map((p) => userByEmail(handle, p.email)));
    expect(peers.every((p) => p?.role === 'candidate' && p.email.startsWith('demo.peer'))).toBe(true);
    // Nobody signs in as them: neither the demo password nor any other matches what is stored.
    for (const peer of peers.slice(0, 3)) {
      for (const guess of [DEMO_PASSWORD, '', peer!.email, 'password']) expect(await verifyPassword(peer!.password_hash, guess)).toBe(false);
    }

    const ssc = ok(await testItemStats(deps, (await testIdBySlug(deps, 'ssc-cgl-tier-1-mock-1'))!));
    expect(ssc.attempts).toBe(DEMO_PEERS.length);
    expect(ssc.questions).toHaveLength(100);
    // Plausible answers: most questions separate stronger from weaker candidates, none is answered by all or none.
    const discriminating = ssc.questions.filter((q) => (q.discriminationIndex ?? 0) > 0).length;
    expect(discriminating).toBeGreaterThanOrEqual(70);
    const facilities = ssc.questions.map((q) => q.facilityIndex ?? 0);
    expect(Math.min(...facilities)).toBeGreaterThan(0);
    expect(Math.max(...facilities)).toBeLessThan(100);
    expect(ssc.test.mean! / 200).toBeGreaterThan(0.15);
    expect(ssc.test.mean! / 200).toBeLessThan(0.75);
    // Stronger peers (later in the list) score higher on the whole.
    const scores = await Promise.all(peers.map(async (p) => (await myAttempts(deps, p!.id)).find((a) => a.test?.slug === 'ssc-cgl-tier-1-mock-1')!.score!));
    const third = DEMO_PEERS.length / 3;
    const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(average(scores.slice(-third))).toBeGreaterThan(average(scores.slice(0, third)) + 20);
    expect(ok(await testItemStats(deps, (await testIdBySlug(deps, 'daily-quiz'))!)).attempts).toBe(DEMO_PEERS.length);

    // The demo candidate takes the daily quiz and is ranked among the peers.
    const candidate = (await userByEmail(handle, 'candidate@abhyas.test'))!;
    const { attempt } = await startTestAttempt(deps, 'daily-quiz', candidate.id, null, 'hi');
    // In Hindi, as they chose, but for the English section's questions, which are in English alone.
    expect(attempt.test?.languages).toEqual(['en', 'hi']);
    expect(attempt.view.language).toBe('hi');
    const english = attempt.sections.find((s) => s.title === 'English')!;
    const inSection = (id: string | null) => attempt.questions.filter((q) => q.sectionId === id);
    expect(inSection(english.id)).toHaveLength(2);
    expect(inSection(english.id).every((q) => q.language === 'en' && q.translation === null)).toBe(true);
    expect(attempt.questions.filter((q) => q.sectionId !== english.id).every((q) => q.translation?.language === 'hi')).toBe(true);
    const first = attempt.questions[0]!;
    await saveAnswer(deps, { attemptId: attempt.id, userId: candidate.id, deviceId: null, questionId: first.questionId, input: { optionIds: [first.options[0]!.id], markedForReview: false, seq: 1 } });
    const result = await submitAttempt(deps, attempt.id, candidate.id, null);
    expect(result).toMatchObject({ ranked: true, candidates: DEMO_PEERS.length + 1 });
    expect(result.rank).toBeGreaterThanOrEqual(1);
  });

  it('has the four sample contests, each on its own paper of 15 questions, with demo peers entered, and three past sprints', async () => {
    const deps = { db: handle.db, clock: systemClock, paidEntry: true, holdMs: 15 * 60_000, payments: null };
    const now = Date.now();
    const { upcoming, live, past } = await listContests(deps, null);
    expect(live).toEqual([]);
    expect(past.map((c) => c.slug)).toEqual(['quant-sprint-3', 'quant-sprint-2', 'quant-sprint-1']);
    const bySlug = new Map(upcoming.map((c) => [c.slug, c]));
    expect([...bySlug.keys()].sort()).toEqual(['artificial-intelligence', 'digital-marketing', 'graphic-design', 'web-development']);
    // The figures of the specification, paired as it pairs them.
    const figures = (slug: string) => {
      const c = bySlug.get(slug)!;
      return { title: c.title, level: c.level, totalSeats: c.totalSeats, price: c.price, isFree: c.isFree, firstPrize: c.firstPrize, questionCount: c.questionCount, status: c.status };
    };
    expect(figures('artificial-intelligence')).toEqual({ title: 'Artificial Intelligence', level: 'Advanced', totalSeats: 100, price: '₹999', isFree: false, firstPrize: 5000, questionCount: 15, status: 'upcoming' });
    expect(figures('digital-marketing')).toEqual({ title: 'Digital Marketing', level: 'Intermediate', totalSeats: 80, price: '₹799', isFree: false, firstPrize: 3000, questionCount: 15, status: 'upcoming' });
    expect(figures('web-development')).toEqual({ title: 'Web Development', level: 'Beginner', totalSeats: 50, price: 'Free', isFree: true, firstPrize: 1000, questionCount: 15, status: 'upcoming' });
    expect(figures('graphic-design')).toEqual({ title: 'Graphic Design', level: 'Beginner', totalSeats: 60, price: 'Free', isFree: true, firstPrize: 1500, questionCount: 15, status: 'upcoming' });
    // Web Development opens within the hour, the others over the following days, at 10:00 in India.
    const web = bySlug.get('web-development')!;
    expect(Date.parse(web.startsAt) - now).toBeGreaterThan(15 * 60_000 - 1000);
    expect(Date.parse(web.startsAt) - now).toBeLessThanOrEqual(30 * 60_000);
    expect(web).toMatchObject({ durationMinutes: 20, freezeMinutes: 5 });
    for (const slug of ['artificial-intelligence', 'digital-marketing', 'graphic-design']) {
      const startsAt = new Date(bySlug.get(slug)!.startsAt);
      expect(startsAt.getTime()).toBeGreaterThan(now + 9 * 3_600_000);
      expect(startsAt.toISOString().slice(11, 16), slug).toBe('04:30');
    }
    expect(upcoming.map((c) => c.slug)[0]).toBe('web-development');
    // Peers' entries show as participants and seats taken, consistent with the entries stored.
    for (const c of [...upcoming, ...past]) {
      const entries = await handle.db.selectFrom('contest_entries').select(['status', 'user_id']).where('contest_id', '=', c.id).execute();
      expect(entries.length, c.slug).toBeGreaterThan(0);
      expect(c.filledSeats, c.slug).toBe(entries.length);
      expect(c.users.count).toBe(entries.length);
      expect(c.users.names).toHaveLength(Math.min(5, entries.length));
      expect(entries.every((e) => e.status === 'confirmed')).toBe(true);
    }
    // Each paper is a published contest paper of its own, of its contest-only category's questions, and no mock test.
    const contests = [...upcoming, ...past];
    const papers = await handle.db.selectFrom('tests').select(['id', 'kind', 'status']).where('id', 'in', contests.map((c) => c.testId)).execute();
    expect(papers).toHaveLength(7);
    expect(papers.every((p) => p.kind === 'contest' && p.status === 'published')).toBe(true);
    const mockTests = (await publishedTests({ db: handle.db, clock: systemClock })).map((t) => t.id);
    expect(mockTests.filter((id) => papers.some((p) => p.id === id))).toEqual([]);
    const categories = await handle.db
      .selectFrom('test_sections as s')
      .innerJoin('test_section_questions as q', 'q.section_id', 's.id')
      .innerJoin('questions', 'questions.id', 'q.question_id')
      .innerJoin('question_categories as c', 'c.id', 'questions.category_id')
      .select(['s.test_id', 'c.path'])
      .where('s.test_id', '=', web.testId)
      .execute();
    expect(categories).toHaveLength(15);
    expect(categories.every((r) => r.path === 'Contests/Web Development')).toBe(true);
  });

  it('keeps every demo contest paper’s questions out of the mock tests and out of practice', async () => {
    const deps = { db: handle.db, clock: systemClock, papers: paperPort(handle.db) };
    const paperIds = (await handle.db.selectFrom('tests').select('id').where('kind', '=', 'contest').execute()).map((r) => r.id);
    expect(paperIds).toHaveLength(DEMO_CONTESTS.length);
    const paperQuestions = new Set((await Promise.all(paperIds.map(async (id) => (await getAdminTest(deps, id)).sections.flatMap((s) => s.questionIds)))).flat());
    expect(paperQuestions.size).toBe(DEMO_CONTESTS.reduce((n, c) => n + c.questions, 0));
    // In no mock test: neither listed in a section nor drawn into any attempt at one.
    const mock = (await publishedTests(deps)).map((t) => t.id);
    const listed = (await Promise.all(mock.map(async (id) => (await getAdminTest(deps, id)).sections.flatMap((s) => s.questionIds)))).flat();
    expect(listed.filter((id) => paperQuestions.has(id))).toEqual([]);
    const drawn = await handle.db.selectFrom('attempt_questions as aq').innerJoin('attempts as a', 'a.id', 'aq.attempt_id').select('aq.question_id').where('a.test_id', 'in', mock).execute();
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.filter((r) => paperQuestions.has(r.question_id))).toEqual([]);
    // In no category practice offers, and the contest-only category is not offered.
    const choices = await practiceChoices(deps);
    expect(choices.categories.length).toBeGreaterThan(10);
    expect(choices.categories.filter((c) => c.path.startsWith('Contests'))).toEqual([]);
    for (const { path } of choices.categories) {
      const ids = await publishedQuestionIds(deps, { category: path });
      expect(ids.filter((id) => paperQuestions.has(id)), path).toEqual([]);
    }
    // A practice session over the whole bank never draws them either.
    const asha = (await userByEmail(handle, 'newcomer@abhyas.test'))!;
    for (let round = 0; round < 3; round += 1) {
      const session = await startSession(deps, asha.id, { source: 'bank', count: 50 });
      expect(session.questions.filter((q) => paperQuestions.has(q.questionId))).toEqual([]);
    }
  });

  it('has the peers play: the past sprints are final with ratings moved, but for the one still open to challenges, and the live contest’s board moves as it runs', async () => {
    const deps = { db: handle.db, clock: systemClock, paidEntry: true, holdMs: 15 * 60_000, payments: null };
    const { upcoming, past } = await listContests(deps, null);
    expect(past.map((c) => [c.slug, c.status === 'final'])).toEqual([
      ['quant-sprint-3', false],
      ['quant-sprint-2', true],
      ['quant-sprint-1', true],
    ]);
    for (const c of past.filter((p) => p.status === 'final')) {
      const entries = await handle.db.selectFrom('contest_entries').select(['final_rank', 'rating_before', 'rating_after']).where('contest_id', '=', c.id).where('final_rank', 'is not', null).orderBy('final_rank').execute();
      expect(entries.length, c.slug).toBeGreaterThanOrEqual(20);
      // The winner's rating moved up.
      expect(entries[0]!.rating_after!, c.slug).toBeGreaterThan(entries[0]!.rating_before!);
    }
    // The demo candidate played both sprints: their profile shows a rating and its history.
    const candidate = (await userByEmail(handle, 'candidate@abhyas.test'))!;
    const rating = await candidateRating(deps, candidate.id);
    expect(rating.contests).toBe(2);
    expect(rating.history.map((h) => h.slug)).toEqual(['quant-sprint-2', 'quant-sprint-1']);
    expect(rating.rating).not.toBeNull();

    // In every contest most entrants play, each attempt the contest's own: within its start and end.
    for (const c of [...upcoming, ...past]) {
      const spec = DEMO_CONTESTS.find((d) => d.slug === c.slug)!;
      const attempts = await handle.db
        .selectFrom('contest_entries as e')
        .innerJoin('attempts as a', 'a.id', 'e.attempt_id')
        .select(['a.started_at', 'a.ends_at', 'a.status'])
        .where('e.contest_id', '=', c.id)
        .execute();
      expect(attempts.length, c.slug).toBe(spec.play!.players + (spec.play!.candidate ? 1 : 0));
      for (const a of attempts) {
        expect(Number(a.started_at), c.slug).toBeGreaterThanOrEqual(Date.parse(c.startsAt));
        expect(Number(a.ends_at), c.slug).toBeLessThanOrEqual(Date.parse(c.endsAt));
        expect(a.status).toBe('submitted');
      }
    }

    // Web Development: before its start nobody has begun; during it, peers start and submit at
    // moments spread over the twenty minutes; one of the five never starts.
    const web = upcoming.find((c) => c.slug === 'web-development')!;
    const start = Date.parse(web.startsAt);
    const stateAt = async (moment: number) => {
      const entries = await boardEntries(handle.db, web.id, null, moment);
      return { started: entries.filter((e) => e.attemptStatus !== null).length, submitted: entries.filter((e) => e.attemptStatus === 'submitted').length, answered: entries.reduce((n, e) => n + e.answered, 0) };
    };
    expect(await stateAt(Date.now())).toEqual({ started: 0, submitted: 0, answered: 0 });
    const end = await stateAt(Date.parse(web.endsAt));
    expect(end).toMatchObject({ started: 4, submitted: 4 });
    const submissions = (await boardEntries(handle.db, web.id, null)).flatMap((e) => (e.submittedAt === null ? [] : [e.submittedAt]));
    expect(submissions.every((t) => t > start && t <= Date.parse(web.endsAt))).toBe(true);
    expect(Math.max(...submissions) - Math.min(...submissions)).toBeGreaterThan(3 * 60_000);
    const midway = await stateAt(Math.round((Math.min(...submissions) + Math.max(...submissions)) / 2));
    expect(midway.submitted).toBeGreaterThan(0);
    expect(midway.submitted).toBeLessThan(4);
    expect(midway.answered).toBeLessThan(end.answered);
  });
});
