import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let source: TestApp;
let auth: Record<string, string>;
const QUESTIONS = [
  { type: 'single', stem: 'What is 12.5% of 640?', categoryPath: 'SSC/Quant', tags: ['percentages'], explanation: '640 ÷ 8 = 80.', options: [{ text: '80', correct: true, feedback: 'One eighth.' }, { text: '64', correct: false }, { text: '72', correct: false }, { text: '96', correct: false }] },
  { type: 'multiple', stem: 'Which of these are **prime**?', categoryPath: 'SSC/Quant/Numbers', options: [{ text: '2', correct: true }, { text: '9', correct: false }, { text: '11', correct: true }, { text: '15', correct: false }] },
  // The same content marked all or nothing: another question, which every format but Aiken keeps apart.
  { type: 'multiple', marking: 'allOrNothing', difficulty: 'hard', stem: 'Which of these are **prime**?', categoryPath: 'SSC/Quant/Numbers', options: [{ text: '2', correct: true }, { text: '9', correct: false }, { text: '11', correct: true }, { text: '15', correct: false }] },
  { type: 'truefalse', stem: 'Article 21 protects the right to life and personal liberty.', categoryPath: 'UPSC/Polity', options: [{ text: 'True', correct: true }, { text: 'False', correct: false }] },
  { type: 'single', stem: 'भारत की राजधानी कौन-सी है?', categoryPath: 'SSC/GK', options: [{ text: 'नई दिल्ली', correct: true }, { text: 'मुंबई', correct: false }, { text: 'कोलकाता', correct: false }] },
];

beforeAll(async () => {
  source = await buildTestApp();
  auth = (await signedInUser(source.app, source.db, { role: 'editor' })).auth;
  for (const q of QUESTIONS) {
    const res = await source.app.inject({ method: 'POST', url: '/api/admin/questions', headers: auth, payload: q });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
});
afterAll(async () => source.close());

async function hashes(t: TestApp, type?: string): Promise<string[]> {
  let q = t.db.selectFrom('questions').select('content_hash');
  if (type) q = q.where('type', '=', type as 'single');
  return (await q.execute()).map((r) => r.content_hash).sort();
}

describe('export, then import, gives back the same questions', () => {
  it.each([
    ['gift', 'text/plain', 5],
    ['moodlexml', 'application/xml', 5],
    ['csv', 'text/csv', 5],
    ['aiken', 'text/plain', 2],
  ] as const)('%s', async (format, type, expected) => {
    const exported = await source.app.inject({ method: 'GET', url: `/api/admin/questions/export?format=${format}`, headers: auth });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain(type);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="abhyas-questions-\d{4}-\d{2}-\d{2}\./);
    expect(Number(exported.headers['x-questions-exported'])).toBe(expected);

    const target = await buildTestApp();
    try {
      const editor = (await signedInUser(target.app, target.db, { role: 'editor' })).auth;
      const url = `/api/admin/questions/import?format=${format}&dryRun=false&fileName=back.${format}`;
      const res = await target.app.inject({ method: 'POST', url, headers: { ...editor, 'content-type': 'application/octet-stream' }, payload: exported.rawPayload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ format, dryRun: false, imported: expected, errors: [] });
      const only = format === 'aiken' ? 'single' : undefined;
      const sourceHashes = await hashes(source, only);
      expect(await hashes(target)).toEqual(format === 'aiken' ? (await hashes(target)).filter((h) => sourceHashes.includes(h)) : sourceHashes);
      if (format !== 'aiken') {
        const markings = await target.db.selectFrom('questions').select(['marking', 'difficulty']).where('type', '=', 'multiple').orderBy('marking').execute();
        // Moodle XML has no difficulty; GIFT and CSV carry it.
        expect(markings).toEqual([
          { marking: 'all_or_nothing', difficulty: format === 'moodlexml' ? 'medium' : 'hard' },
          { marking: 'partial', difficulty: 'medium' },
        ]);
        const cats = await target.db.selectFrom('question_categories').select('path').orderBy('path').execute();
        expect(cats.map((c) => c.path)).toEqual(expect.arrayContaining(['SSC/Quant/Numbers', 'UPSC/Polity']));
      }
    } finally {
      await target.close();
    }
  });
});

describe('POST /api/admin/questions/import', () => {
  const gift = '$CATEGORY: Quant\n\n::A:: 2 + 2? {=4 ~3 ~5}\n\nName a colour. {=red}\n';

  it('previews by default and names the skipped question', async () => {
    const res = await source.app.inject({ method: 'POST', url: '/api/admin/questions/import?fileName=q.gift', headers: { ...auth, 'content-type': 'text/plain' }, payload: gift });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ format: 'gift', dryRun: true, imported: 1, skipped: [{ position: { line: 5 }, type: 'shortanswer' }] });
    expect(res.json().preview).toEqual([{ position: { line: 3 }, type: 'single', stem: '2 + 2?', options: 3, category: 'Quant', languages: ['en'] }]);
  });

  it('refuses an empty body, an unknown format and a file it cannot place', async () => {
    const empty = await source.app.inject({ method: 'POST', url: '/api/admin/questions/import', headers: { ...auth, 'content-type': 'text/plain' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    const badFormat = await source.app.inject({ method: 'POST', url: '/api/admin/questions/import?format=docx', headers: { ...auth, 'content-type': 'text/plain' }, payload: gift });
    expect(badFormat.json().details).toContainEqual({ field: 'format', message: 'Format must be gift, aiken, moodlexml or csv' });
    const unknown = await source.app.inject({ method: 'POST', url: '/api/admin/questions/import?fileName=notes.txt', headers: { ...auth, 'content-type': 'text/plain' }, payload: 'plain prose' });
    expect(unknown.json().details).toEqual([{ field: 'format', message: 'Cannot tell the file format; choose GIFT, Aiken, Moodle XML or CSV' }]);
  });

  it('refuses candidates and files over the size limit', async () => {
    const candidate = (await signedInUser(source.app, source.db)).auth;
    expect((await source.app.inject({ method: 'POST', url: '/api/admin/questions/import', headers: { ...candidate, 'content-type': 'text/plain' }, payload: gift })).statusCode).toBe(403);
    const small = await buildTestApp({ env: { IMPORT_MAX_BYTES: '2048' } });
    try {
      const editor = (await signedInUser(small.app, small.db, { role: 'editor' })).auth;
      const big = await small.app.inject({ method: 'POST', url: '/api/admin/questions/import', headers: { ...editor, 'content-type': 'text/plain' }, payload: 'x'.repeat(4096) });
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    } finally {
      await small.close();
    }
  });
});
