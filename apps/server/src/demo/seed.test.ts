import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { systemClock } from '../lib/clock.js';
import { verifyPassword } from '../modules/auth/passwords.js';
import { userByEmail } from '../modules/users/users.service.js';
import { adsForPlace } from '../modules/ads/ads.service.js';
import { DEMO_ADS } from './ads.js';
import { seedDemo } from './index.js';
import { DEMO_PASSWORD, DEMO_USERS } from './users.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.dispose());

describe('demo seed', () => {
  it('creates the demo accounts once, with working passwords', async () => {
    const first = await seedDemo(handle.db, systemClock);
    expect(first).toMatchObject({ users: DEMO_USERS.length, tests: 4, ads: DEMO_ADS.length });
    expect(first.questions).toBeGreaterThanOrEqual(150);
    const published = await handle.db.selectFrom('questions').select('id').where('status', '=', 'published').execute();
    expect(published.length).toBe(first.questions);
    expect(await seedDemo(handle.db, systemClock)).toEqual({ users: 0, blogs: 0, topics: 0, questions: 0, tests: 0, ads: 0 });
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
});
