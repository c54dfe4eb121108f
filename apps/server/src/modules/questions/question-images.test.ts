import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { gif, png, SVG } from '../../../test/fixtures/images.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { mediaKey } from '../../lib/images.js';

const CHART = png(6, 4, 30);
const TICK = gif(3, 3);

/** A Moodle XML export in Moodle's own shape: files inside the field that shows them. */
function moodleXml(stemExtra = '', stemFiles = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Bar chart</text></name>
    <questiontext format="html">
      <text><![CDATA[<p>Which year had the most sales?</p><p><img src="@@PLUGINFILE@@/sales%20chart.png" alt="Sales by year" width="300"></p>${stemExtra}]]></text>
      <file name="sales chart.png" path="/" encoding="base64">${CHART.toString('base64')}</file>${stemFiles}
    </questiontext>
    <single>true</single>
    <answer fraction="100" format="html">
      <text><![CDATA[2021 <img src="@@PLUGINFILE@@/tick.gif">]]></text>
      <file name="tick.gif" path="/" encoding="base64">${TICK.toString('base64')}</file>
    </answer>
    <answer fraction="0" format="html"><text>2019</text></answer>
    <answer fraction="0" format="html"><text>2020</text></answer>
  </question>
</quiz>`;
}

let t: TestApp;
let editor: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
});
afterAll(async () => t.close());

const importXml = (app: TestApp, auth: Record<string, string>, xml: string, dryRun: boolean) =>
  app.app.inject({
    method: 'POST',
    url: `/api/admin/questions/import?format=moodlexml&dryRun=${dryRun}&fileName=chart.xml`,
    headers: { ...auth, 'content-type': 'application/xml' },
    payload: xml,
  });

describe('images inside imported Moodle XML', () => {
  const chartUrl = `/media/${mediaKey(CHART)}.png`;
  const tickUrl = `/media/${mediaKey(TICK)}.gif`;

  it('previews the images in a dry run without storing anything', async () => {
    const res = await importXml(t, editor, moodleXml(), true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, images: 2, errors: [] });
    expect(await t.db.selectFrom('media').select('key').execute()).toEqual([]);
  });

  it('stores each image and points the text at it, in the field Moodle scoped it to', async () => {
    const res = await importXml(t, editor, moodleXml(), false);
    expect(res.json()).toMatchObject({ imported: 1, images: 2, errors: [] });
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/questions?search=most%20sales', headers: editor })).json();
    const q = list.data[0];
    expect(q.stem).toContain(`<img src="${chartUrl}" alt="Sales by year" width="300">`);
    expect(q.stemHtml).toContain(`<img src="${chartUrl}" alt="Sales by year" width="300" loading="lazy" decoding="async" />`);
    expect(q.options[0].text).toBe(`2021 <img src="${tickUrl}">`);
    const served = await t.app.inject({ method: 'GET', url: chartUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(CHART)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: tickUrl })).headers['content-type']).toBe('image/gif');
  });

  it('creates nothing new when the same file is imported again', async () => {
    const res = await importXml(t, editor, moodleXml(), false);
    expect(res.json()).toMatchObject({ imported: 0, duplicates: 1, images: 0 });
    expect(await t.db.selectFrom('media').select('key').execute()).toHaveLength(2);
  });

  it('reports an SVG, an oversized image and a missing file, and leaves them out of the text', async () => {
    const small = await buildTestApp({ env: { MEDIA_MAX_BYTES: '2048' } });
    try {
      const auth = (await signedInUser(small.app, small.db, { role: 'editor' })).auth;
      const big = Buffer.concat([png(2, 2, 99), Buffer.alloc(4096)]);
      const xml = moodleXml(
        '<img src="@@PLUGINFILE@@/logo.svg"><img src="@@PLUGINFILE@@/big.png"><img src="@@PLUGINFILE@@/gone.png" alt="Gone">',
        `<file name="logo.svg" path="/" encoding="base64">${SVG.toString('base64')}</file><file name="big.png" path="/" encoding="base64">${big.toString('base64')}</file>`,
      );
      const res = await importXml(small, auth, xml, false);
      expect(res.json()).toMatchObject({ imported: 1, images: 2 });
      expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([
        'Image "logo.svg" in the question text: Upload a PNG, JPEG, WebP or GIF image; it is left out',
        'Image "big.png" in the question text: Images up to 2 KB can be uploaded; this one is 4.1 KB; it is left out',
        'the question text shows "gone.png", which the file does not contain; it is left out',
      ]);
      const stem = (await small.db.selectFrom('questions').select('stem').executeTakeFirstOrThrow()).stem;
      expect(stem).not.toMatch(/logo|big|gone|PLUGINFILE/);
      expect(await small.db.selectFrom('media').select('key').execute()).toHaveLength(2);
    } finally {
      await small.close();
    }
  });

  it('exports Moodle XML with the images inside, and imports back to the same question elsewhere', async () => {
    const exported = await t.app.inject({ method: 'GET', url: '/api/admin/questions/export?format=moodlexml', headers: editor });
    const xml = exported.body;
    expect(xml).toContain(`<img src="@@PLUGINFILE@@/${mediaKey(CHART)}.png"`);
    expect(xml).toContain(`<file name="${mediaKey(CHART)}.png" path="/" encoding="base64">${CHART.toString('base64')}</file>`);
    expect(xml).toContain(`<file name="${mediaKey(TICK)}.gif" path="/" encoding="base64">${TICK.toString('base64')}</file>`);

    const target = await buildTestApp();
    try {
      const auth = (await signedInUser(target.app, target.db, { role: 'editor' })).auth;
      const res = await importXml(target, auth, xml, false);
      expect(res.json()).toMatchObject({ imported: 1, images: 2, errors: [] });
      const hash = async (app: TestApp) => (await app.db.selectFrom('questions').select(['content_hash', 'stem']).executeTakeFirstOrThrow());
      expect(await hash(target)).toEqual(await hash(t));
      expect((await target.app.inject({ method: 'GET', url: chartUrl })).rawPayload.equals(CHART)).toBe(true);
    } finally {
      await target.close();
    }
  });
});
