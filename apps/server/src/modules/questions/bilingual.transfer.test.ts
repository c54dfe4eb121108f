import type { AdminQuestion } from '@abhyas/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { png } from '../../../test/fixtures/images.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { mediaKey } from '../../lib/images.js';

/**
 * Files in two languages, as Moodle writes them with its multi-language filters, become questions in
 * English and Hindi, and are written back the same way: import, export, import again gives the same
 * texts in both languages.
 */
const MAP = png(4, 4, 90);
const span = (lang: string, text: string) => `<span lang="${lang}" class="multilang">${text}</span>`;

/** A Moodle XML export of questions written with the multi-language filter, in Moodle's own shape. */
const MOODLE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<!-- question: 0  -->
  <question type="category">
    <category>
      <text>$course$/top/GK</text>
    </category>
    <info format="moodle_auto_format">
      <text></text>
    </info>
  </question>

<!-- question: 101  -->
  <question type="multichoice">
    <name>
      <text><![CDATA[${span('en', 'Capital')}${span('hi', 'राजधानी')}]]></text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>${span('en', 'What is the capital of India?')}${span('hi', 'भारत की राजधानी क्या है?')}</p><p><img src="@@PLUGINFILE@@/map.png"></p>]]></text>
      <file name="map.png" path="/" encoding="base64">${MAP.toString('base64')}</file>
    </questiontext>
    <generalfeedback format="html">
      <text><![CDATA[${span('en', 'New Delhi since 1931.')} ${span('hi', '1931 से नई दिल्ली।')}]]></text>
    </generalfeedback>
    <defaultgrade>2.0000000</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>
    <single>true</single>
    <shuffleanswers>true</shuffleanswers>
    <answernumbering>abc</answernumbering>
    <answer fraction="100" format="html">
      <text><![CDATA[${span('en', 'New Delhi')}${span('hi', 'नई दिल्ली')}]]></text>
      <feedback format="html">
        <text><![CDATA[${span('en', 'Yes.')}${span('hi', 'हाँ।')}]]></text>
      </feedback>
    </answer>
    <answer fraction="0" format="html">
      <text><![CDATA[${span('en', 'Mumbai')}${span('hi', 'मुंबई')}]]></text>
      <feedback format="html">
        <text></text>
      </feedback>
    </answer>
    <answer fraction="0" format="html">
      <text>1911</text>
      <feedback format="html">
        <text></text>
      </feedback>
    </answer>
  </question>

<!-- question: 102  -->
  <question type="truefalse">
    <name>
      <text>Ganga</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[${span('hi_in', 'गंगा भारत की सबसे लंबी नदी है।')}${span('en_us', 'The Ganga is the longest river in India.')}]]></text>
    </questiontext>
    <generalfeedback format="html">
      <text></text>
    </generalfeedback>
    <defaultgrade>1.0000000</defaultgrade>
    <penalty>1.0000000</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>
    <answer fraction="100" format="moodle_auto_format">
      <text>true</text>
      <feedback format="html">
        <text><![CDATA[${span('hi_in', 'सही।')}${span('en_us', 'Right.')}]]></text>
      </feedback>
    </answer>
    <answer fraction="0" format="moodle_auto_format">
      <text>false</text>
      <feedback format="html">
        <text></text>
      </feedback>
    </answer>
  </question>

</quiz>
`;

/** A GIFT export of questions written with multilang2's {mlang}: Moodle escapes its braces. */
const GIFT = String.raw`$CATEGORY: $course$/top/GK

// question: 201  name: Capital
::Capital::[html]<p>\{mlang en\}What is the capital of India?\{mlang\}\{mlang hi\}भारत की राजधानी क्या है?\{mlang\}</p>{
	=[html]\{mlang en\}New Delhi\{mlang\}\{mlang hi\}नई दिल्ली\{mlang\}#[html]\{mlang en\}Yes.\{mlang\}\{mlang hi\}हाँ।\{mlang\}
	~[html]Mumbai
	~[html]\{mlang hi\}कोलकाता\{mlang\}\{mlang other\}Kolkata\{mlang\}
	####[html]\{mlang other\}Since 1931.\{mlang\}
}

// question: 202  name: Sum
::Sum::[html]\{mlang hi\}2 + 2 कितना है?\{mlang\}\{mlang other\}What is 2 + 2?\{mlang\}{
	=[html]4
	~[html]5
}
`;

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function bank() {
  const t = await buildTestApp();
  apps.push(t);
  const auth = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
  const importFile = async (file: string | Buffer, query: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/questions/import?dryRun=false&${query}`, headers: { ...auth, 'content-type': 'application/octet-stream' }, payload: file });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const exportAs = async (format: string) => (await t.app.inject({ method: 'GET', url: `/api/admin/questions/export?format=${format}`, headers: auth })).body;
  const questions = async () => ((await t.app.inject({ method: 'GET', url: '/api/admin/questions?pageSize=100', headers: auth })).json().data as AdminQuestion[]).sort((a, b) => (a.stem < b.stem ? -1 : 1));
  return { t, auth, importFile, exportAs, questions };
}

/** What a question says in each language, whichever it was written in first. */
function content(q: AdminQuestion) {
  const own = { stem: q.stem, explanation: q.explanation, options: q.options.map((o) => [o.text, o.feedback]) };
  const other = q.translation && { stem: q.translation.stem, explanation: q.translation.explanation, options: q.translation.options.map((o) => [o.text, o.feedback]) };
  return { type: q.type, key: q.options.map((o) => o.correct), languages: [...q.languages].sort(), [q.language]: own, ...(q.translation ? { [q.translation.language]: other } : {}) };
}

/** Import, export in the same format, import the export elsewhere: the same questions, the file's markup kept. */
async function roundTrip(file: string, format: string) {
  const source = await bank();
  const first = await source.importFile(file, `format=${format}`);
  expect(first.errors).toEqual([]);
  const exported = await source.exportAs(format);
  const target = await bank();
  expect((await target.importFile(exported, `format=${format}`)).imported).toBe(first.imported);
  const [before, after] = [await source.questions(), await target.questions()];
  expect(after.map(content)).toEqual(before.map(content));
  // The export is the same content: imported again into the bank it came from, it is all duplicates.
  expect(await source.importFile(exported, `format=${format}`)).toMatchObject({ imported: 0, duplicates: first.imported });
  return { before, exported };
}

describe('Moodle XML with multilang spans', () => {
  it('makes one question in English and Hindi of each, and writes them back with the same spans', async () => {
    const { before, exported } = await roundTrip(MOODLE_XML, 'moodlexml');
    const [capital, ganga] = before;
    expect(capital).toMatchObject({
      title: 'Capital',
      language: 'en',
      languages: ['en', 'hi'],
      categoryPath: 'GK',
      marks: 2,
      explanation: 'New Delhi since 1931.',
      options: [{ text: 'New Delhi', correct: true, feedback: 'Yes.' }, { text: 'Mumbai', correct: false, feedback: null }, { text: '1911' }],
    });
    expect(capital!.stem).toContain('<p>What is the capital of India?</p>');
    expect(capital!.translation).toMatchObject({
      language: 'hi',
      explanation: '1931 से नई दिल्ली।',
      options: [{ text: 'नई दिल्ली', feedback: 'हाँ।' }, { text: 'मुंबई', feedback: null }, { text: '1911', feedback: null }],
    });
    // The image the stem shows is stored once and shown in both languages.
    const mapUrl = `/media/${mediaKey(MAP)}.png`;
    expect(capital!.stemHtml).toContain(mapUrl);
    expect(capital!.translation!.stem).toMatch(/^<p>भारत की राजधानी क्या है\?<\/p><p><img src="\/media\//);
    expect(capital!.translation!.stemHtml).toContain(mapUrl);

    expect(ganga).toMatchObject({ type: 'truefalse', language: 'en', stem: 'The Ganga is the longest river in India.', options: [{ text: 'True', correct: true, feedback: 'Right.' }, { text: 'False' }] });
    expect(ganga!.translation).toMatchObject({ language: 'hi', stem: 'गंगा भारत की सबसे लंबी नदी है।', options: [{ text: 'True', feedback: 'सही।' }, { text: 'False' }] });

    // Written back as Moodle reads it: spans in the codes and order the file used.
    expect(exported).toContain(`<text><![CDATA[${span('en', 'New Delhi')}${span('hi', 'नई दिल्ली')}]]></text>`);
    expect(exported).toContain(`<text><![CDATA[${span('hi_in', 'गंगा भारत की सबसे लंबी नदी है।')}${span('en_us', 'The Ganga is the longest river in India.')}]]></text>`);
    expect(exported).toContain('<text><![CDATA[1911]]></text>');
    expect(exported).toContain('@@PLUGINFILE@@/');
  });
});

describe('GIFT with {mlang}', () => {
  it('makes one question in English and Hindi of each, `other` included, and writes {mlang} back', async () => {
    const { before, exported } = await roundTrip(GIFT, 'gift');
    const [capital, sum] = before;
    expect(capital).toMatchObject({ language: 'en', stem: '<p>What is the capital of India?</p>', explanation: 'Since 1931.' });
    expect(capital!.options.map((o) => o.text)).toEqual(['New Delhi', 'Mumbai', 'Kolkata']);
    expect(capital!.translation).toMatchObject({ stem: '<p>भारत की राजधानी क्या है?</p>', explanation: 'Since 1931.', options: [{ text: 'नई दिल्ली', feedback: 'हाँ।' }, { text: 'Mumbai' }, { text: 'कोलकाता' }] });
    expect(sum).toMatchObject({ language: 'en', stem: 'What is 2 + 2?', translation: { language: 'hi', stem: '2 + 2 कितना है?' } });

    // Each language's whole text in its block (the paragraph both shared is in each), in the codes the file used.
    expect(exported).toContain(String.raw`::Capital::[markdown]\{mlang en\}<p>What is the capital of India?</p>\{mlang\}\{mlang hi\}<p>भारत की राजधानी क्या है?</p>\{mlang\} {`);
    expect(exported).toContain('\t~Mumbai\n');
    expect(exported).toContain(String.raw`\{mlang hi\}2 + 2 कितना है?\{mlang\}\{mlang other\}What is 2 + 2?\{mlang\}`);
  });

  it('writes a question typed in Abhyas with spans, escaped for GIFT', async () => {
    const source = await bank();
    const typed = { type: 'single', language: 'hi', stem: 'राजधानी?', options: [{ text: 'दिल्ली', correct: true }, { text: 'पटना', correct: false }], translation: { language: 'en', stem: 'Capital?', options: [{ text: 'Delhi' }, { text: 'Patna' }] } };
    expect((await source.t.app.inject({ method: 'POST', url: '/api/admin/questions', headers: source.auth, payload: typed })).statusCode).toBe(201);
    const exported = await source.exportAs('gift');
    expect(exported).toContain(String.raw`<span lang\="en" class\="multilang">Capital?</span><span lang\="hi" class\="multilang">राजधानी?</span>`);
    const target = await bank();
    await target.importFile(exported, 'format=gift');
    const [back] = await target.questions();
    expect(content(back!)).toEqual(content((await source.questions())[0]!));
    // Written first in Hindi, read back with its English first: the same question, the same hash.
    expect(back).toMatchObject({ language: 'en', stem: 'Capital?', translation: { language: 'hi', stem: 'राजधानी?' } });
    // Aiken holds one language: the question's own.
    expect(await source.exportAs('aiken')).toBe('राजधानी?\nA) दिल्ली\nB) पटना\nANSWER: A\n');
  });
});

describe('CSV with Hindi columns', () => {
  const CSV = [
    'type,question,question_hi,option_a,option_a_hi,option_b,option_b_hi,option_c,option_c_hi,correct,explanation,explanation_hi,category',
    'single,What is 15% of 200?,200 का 15% कितना है?,20,,30,,35,,B,15/100 × 200 = 30,15/100 × 200 = 30,Quant',
    'truefalse,Delhi is the capital.,दिल्ली राजधानी है।,,,,,,,T,,,GK',
    'single,Largest planet?,,Jupiter,,Saturn,,Mars,,A,,,GK',
  ].join('\n');

  it('makes a row with Hindi beside its texts one question in both languages, and writes them back there', async () => {
    const { before, exported } = await roundTrip(CSV, 'csv');
    const byStem = new Map(before.map((q) => [q.stem, q]));
    expect(byStem.get('What is 15% of 200?')).toMatchObject({ language: 'en', translation: { language: 'hi', stem: '200 का 15% कितना है?', explanation: '15/100 × 200 = 30', options: [{ text: '20' }, { text: '30' }, { text: '35' }] } });
    expect(byStem.get('Delhi is the capital.')?.translation?.options.map((o) => o.text)).toEqual(['True', 'False']);
    expect(byStem.get('Largest planet?')).toMatchObject({ languages: ['en'], translation: null });
    expect(exported).toContain('single,What is 15% of 200?,200 का 15% कितना है?,20,20,30,30,35,35,,,,,,,B,15/100 × 200 = 30,15/100 × 200 = 30,Quant,');
  });

  it('refuses Hindi options without the Hindi question, naming the row', async () => {
    const source = await bank();
    const report = await source.importFile('question,question_hi,option_a,option_a_hi,option_b,correct\nQ?,,a,क,b,A\n', 'format=csv');
    expect(report).toMatchObject({ imported: 0, errors: [{ position: { line: 2 }, message: expect.stringContaining('question_hi is empty') }] });
  });
});

describe('the language of a file without markup', () => {
  const AIKEN = 'भारत की राजधानी?\nA) दिल्ली\nB) मुंबई\nANSWER: A\n\nThe capital of Nepal?\nA) Kathmandu\nB) Pokhara\nANSWER: A\n';

  it('is Hindi for a stem in Devanagari and English otherwise, unless the import names it', async () => {
    const detected = await bank();
    await detected.importFile(AIKEN, 'format=aiken');
    expect((await detected.questions()).map((q) => [q.stem, q.language])).toEqual([
      ['The capital of Nepal?', 'en'],
      ['भारत की राजधानी?', 'hi'],
    ]);
    const named = await bank();
    const report = await named.importFile(AIKEN, 'format=aiken&language=hi');
    expect(report.preview.map((p: { languages: string[] }) => p.languages)).toEqual([['hi'], ['hi']]);
    expect((await named.questions()).map((q) => q.languages)).toEqual([['hi'], ['hi']]);
  });

  it('gives way to the markup of a file that has it', async () => {
    const source = await bank();
    await source.importFile(GIFT, 'format=gift&language=hi');
    expect((await source.questions()).map((q) => q.languages)).toEqual([
      ['en', 'hi'],
      ['en', 'hi'],
    ]);
    expect((await source.t.app.inject({ method: 'POST', url: '/api/admin/questions/import?language=fr', payload: AIKEN, headers: { ...source.auth, 'content-type': 'text/plain' } })).statusCode).toBe(400);
  });
});
