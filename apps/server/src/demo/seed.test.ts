import type { ItemStats } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { systemClock } from '../lib/clock.js';
import { verifyPassword } from '../modules/auth/passwords.js';
import { userByEmail } from '../modules/users/users.service.js';
import { myAttempts, saveAnswer, startTestAttempt, submitAttempt, testItemStats } from '../modules/attempts/attempts.service.js';
import { testIdBySlug } from '../modules/tests/tests.service.js';
import { adsForPlace } from '../modules/ads/ads.service.js';
import { DEMO_ADS } from './ads.js';
import { seedDemo } from './index.js';
import { DEMO_PEER_TESTS, DEMO_PEERS } from './peers.js';
import { DEMO_PASSWORD, DEMO_USERS } from './users.js';

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
  it('creates the demo accounts and content once, with working passwords', async () => {
    const first = await seedDemo(handle.db, systemClock);
    expect(first).toMatchObject({ users: DEMO_USERS.length, tests: 4, peerAttempts: DEMO_PEERS.length * DEMO_PEER_TESTS.length, ads: DEMO_ADS.length });
    expect(first.questions).toBeGreaterThanOrEqual(150);
    const published = await handle.db.selectFrom('questions').select('id').where('status', '=', 'published').execute();
    expect(published.length).toBe(first.questions);
    expect(await seedDemo(handle.db, systemClock)).toEqual({ users: 0, blogs: 0, topics: 0, questions: 0, tests: 0, peerAttempts: 0, ads: 0 });
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
    const deps = { db: handle.db, clock: systemClock };
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
    const { attempt } = await startTestAttempt(deps, 'daily-quiz', candidate.id, null);
    const first = attempt.questions[0]!;
    await saveAnswer(deps, { attemptId: attempt.id, userId: candidate.id, deviceId: null, questionId: first.questionId, input: { optionIds: [first.options[0]!.id], markedForReview: false, seq: 1 } });
    const result = await submitAttempt(deps, attempt.id, candidate.id, null);
    expect(result).toMatchObject({ ranked: true, candidates: DEMO_PEERS.length + 1 });
    expect(result.rank).toBeGreaterThanOrEqual(1);
  });
});
