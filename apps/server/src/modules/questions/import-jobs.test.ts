import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { systemClock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { BY_SERVER } from '../audit/audit.service.js';
import { parseGift } from './formats/gift/parse-gift.js';
import { localImportSource, type ImportSource } from './import-prepare.js';
import { runImport } from './import.service.js';
import { listQuestions } from './questions.service.js';

let t: TestApp;
let editor: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
});
afterAll(async () => t.close());

/** `count` distinct questions as GIFT; `tag` makes a file's questions differ from another's. */
const giftFile = (count: number, tag: string) =>
  Array.from({ length: count }, (_, i) => `$CATEGORY: Jobs/${tag}\n::Q${i}:: How much is ${i} + ${tag.length} in ${tag}? {=${i + tag.length} ~${i + 100} ~${i + 200}}\n`).join('\n');
const upload = (body: string | Buffer, query = 'fileName=bank.gift&dryRun=false') =>
  t.app.inject({ method: 'POST', url: `/api/admin/questions/import?${query}`, headers: { ...editor, 'content-type': 'application/octet-stream' }, payload: body });
const deps = () => ({ db: t.db, clock: systemClock });
const count = async (table: 'questions' | 'question_options' | 'question_imports') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const visible = async (category: string) => (await listQuestions(deps(), { category, page: 1, pageSize: 1 })).total;

describe('imports off the request loop', () => {
  it('parses a large upload in a worker and reports exactly as before: dry run, import, then duplicates', async () => {
    const file = giftFile(900, 'worker');
    expect(Buffer.byteLength(file)).toBeGreaterThan(64 * 1024);
    const dry = await upload(file, 'fileName=bank.gift');
    expect(dry.json()).toMatchObject({ format: 'gift', dryRun: true, imported: 900, duplicates: 0, errors: [] });
    expect(dry.json().preview).toHaveLength(200);
    expect(dry.json().preview[0]).toEqual({ position: { line: 2 }, type: 'single', stem: 'How much is 0 + 6 in worker?', options: 3, category: 'Jobs/worker', languages: ['en'] });
    expect(await visible('Jobs/worker')).toBe(0);

    const real = await upload(file);
    expect(real.statusCode).toBe(200);
    expect(real.json()).toMatchObject({ dryRun: false, imported: 900, duplicates: 0, byType: { single: 900 } });
    expect(await visible('Jobs/worker')).toBe(900);
    const stored = await t.db.selectFrom('questions').select(['stem_html', 'import_id']).where('title', '=', 'Q5').where('search_text', 'like', '%worker%').executeTakeFirstOrThrow();
    expect(stored.stem_html).toBe('<p>How much is 5 + 6 in worker?</p>\n');
    expect(await count('question_imports')).toBe(0);

    expect((await upload(file)).json()).toMatchObject({ imported: 0, duplicates: 900 });
  });

  it('adds nothing twice when the same file is imported twice at once', async () => {
    const file = giftFile(900, 'concurrent');
    const [a, b] = await Promise.all([upload(file), upload(file)]);
    expect(a.json().imported + b.json().imported).toBe(900);
    expect(await visible('Jobs/concurrent')).toBe(900);
  });

  it('refuses a file that is not text with one clear error and writes nothing', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'), Buffer.alloc(90_000, 7)]);
    const res = await upload(png, 'fileName=photo.gift&dryRun=false');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This is a PNG image, not a question file: upload GIFT, Aiken, Moodle XML or CSV' });
  });
});

/** A source that writes the real rows but can hold before a chunk or spoil one. */
function steered(file: string, hooks: { before?: (from: number) => Promise<void>; spoil?: (from: number) => boolean }): ImportSource {
  const source = localImportSource(parseGift(file), {});
  return {
    ...source,
    async rows(from, to, now) {
      await hooks.before?.(from);
      const rows = await source.rows(from, to, now);
      // A tag twice on one question breaks question_tags' primary key: a real constraint error.
      if (hooks.spoil?.(from)) rows[0]!.tags = ['same', 'same'];
      return rows;
    },
  };
}

describe('an import written in chunks', () => {
  it('shows none of its questions until every chunk is written', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const atThird = new Promise<void>((r) => (reached = r));
    const running = runImport(deps(), BY_SERVER, steered(giftFile(800, 'hidden'), { before: async (from) => { if (from === 600) { reached(); await held; } } }), { dryRun: false });
    await atThird;
    expect(Number((await t.db.selectFrom('questions').select((eb) => eb.fn.countAll<number>().as('n')).where('search_text', 'like', '%hidden%').executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
    expect(await visible('Jobs/hidden')).toBe(0);
    release();
    expect((await running).imported).toBe(800);
    expect(await visible('Jobs/hidden')).toBe(800);
  });

  it('leaves nothing behind when a chunk fails, and the same file then imports whole', async () => {
    const [questions, options] = [await count('questions'), await count('question_options')];
    const file = giftFile(600, 'failing');
    await expect(runImport(deps(), BY_SERVER, steered(file, { spoil: (from) => from === 400 }), { dryRun: false })).rejects.toThrow();
    expect([await count('questions'), await count('question_options'), await count('question_imports')]).toEqual([questions, options, 0]);
    expect((await runImport(deps(), BY_SERVER, steered(file, {}), { dryRun: false })).imported).toBe(600);
  });

  it('clears an import cut off earlier, so its questions neither show nor count as duplicates', async () => {
    const importId = newId();
    const long = Date.now() - 3_600_000;
    const file = giftFile(300, 'cutoff');
    await t.db.insertInto('question_imports').values({ id: importId, state: 'running', started_at: long, heartbeat_at: long }).execute();
    // What a process that died mid-import leaves: its first chunk, hidden.
    const source = localImportSource(parseGift(file), {});
    await source.select(new Uint8Array(source.prepared.hashes.length / 64).fill(1));
    const rows = (await source.rows(0, 200, long)).map(({ category: _c, ...r }) => ({ ...r, question: { ...r.question, import_id: importId } }));
    for (const r of rows) await t.db.insertInto('questions').values(r.question).execute();
    expect(await visible('')).toBeGreaterThan(0);
    const before = await visible('');

    const report = await runImport(deps(), BY_SERVER, steered(file, {}), { dryRun: false });
    expect(report).toMatchObject({ imported: 300, duplicates: 0 });
    expect(await visible('')).toBe(before + 300);
    expect(await count('question_imports')).toBe(0);
  });
});
