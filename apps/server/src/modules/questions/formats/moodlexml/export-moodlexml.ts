import { writeMultilang } from '../multilang.js';
import { sameField, type ParsedImage, type ParsedQuestion, type ParsedText } from '../types.js';
import { FORMAT_NAMES } from './fields.js';
import { gradePercent } from './grades.js';

/** Escapes text for an attribute or a text node. */
const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Wraps text in CDATA; a `]]>` inside is split across two sections. */
const cdata = (s: string): string => (s === '' ? '' : `<![CDATA[${s.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`);

function files(q: ParsedQuestion, field: ParsedImage['field'], pad: string): string {
  return q.images
    .filter((img) => sameField(img.field, field))
    .map((img) => {
      const cut = img.name.lastIndexOf('/');
      const path = cut === -1 ? '/' : `/${img.name.slice(0, cut)}/`;
      return `${pad}<file name="${esc(img.name.slice(cut + 1))}" path="${esc(path)}" encoding="base64">${img.data.toString('base64')}</file>\n`;
    })
    .join('');
}

/** `<tag format="…"><text>…</text><file/>…</tag>`: a text field with its own files. */
function field(tag: string, text: ParsedText, q: ParsedQuestion, scope: ParsedImage['field'], pad: string): string {
  return `${pad}<${tag} format="${FORMAT_NAMES[text.format]}">\n${pad}  <text>${cdata(text.text)}</text>\n${files(q, scope, `${pad}  `)}${pad}</${tag}>\n`;
}

/** Category names are written under `$course$/top/`; `//` inside a name stays escaped. */
function categoryQuestion(category: string | undefined): string {
  const path = category ? `$course$/top/${category}` : '$course$/top';
  return `  <question type="category">\n    <category>\n      <text>${cdata(path)}</text>\n    </category>\n  </question>\n\n`;
}

/** A multiple-answer question marked all or nothing is written as the plugin's `multichoiceset`. */
const allOrNothing = (q: ParsedQuestion): boolean => q.type === 'multiple' && q.marking === 'allOrNothing';

function answer(q: ParsedQuestion, i: number): string {
  const o = q.options[i];
  if (!o) return '';
  // multichoiceset keeps a correct flag per answer, written as the plugin does: 100 or 0.
  const grade = allOrNothing(q) ? (o.fraction > 0 ? '100' : '0') : gradePercent(o.fraction);
  let body: string;
  if (q.type === 'truefalse') {
    body = `      <text>${i === 0 ? 'true' : 'false'}</text>\n`;
  } else {
    body = `      <text>${cdata(o.text.text)}</text>\n${files(q, { option: i }, '      ')}`;
  }
  const fb = o.feedback ?? { text: '', format: o.text.format };
  const format = q.type === 'truefalse' ? 'moodle_auto_format' : FORMAT_NAMES[o.text.format];
  return `    <answer fraction="${grade}" format="${format}">\n${body}${field('feedback', fb, q, { optionFeedback: i }, '      ')}    </answer>\n`;
}

function question(bilingual: ParsedQuestion): string {
  // A question in two languages is one Moodle question whose texts hold both, in multi-language markup.
  const q = writeMultilang(bilingual);
  const lines: string[] = [];
  lines.push(`  <question type="${q.type === 'truefalse' ? 'truefalse' : allOrNothing(q) ? 'multichoiceset' : 'multichoice'}">`);
  lines.push(`    <name>\n      <text>${cdata(q.title ?? '')}</text>\n    </name>`);
  let out = `${lines.join('\n')}\n${field('questiontext', q.stem, q, 'stem', '    ')}`;
  if (q.generalFeedback) out += field('generalfeedback', q.generalFeedback, q, 'generalFeedback', '    ');
  const simple: [string, string | undefined][] = [
    ['defaultgrade', q.defaultMarks?.toString()],
    ['penalty', q.penalty?.toString()],
    ['idnumber', q.idNumber],
  ];
  if (q.type !== 'truefalse') {
    if (!allOrNothing(q)) simple.push(['single', q.type === 'single' ? 'true' : 'false']);
    simple.push(['shuffleanswers', q.shuffleAnswers === undefined ? undefined : q.shuffleAnswers ? 'true' : 'false']);
    simple.push(['answernumbering', q.answerNumbering]);
  }
  for (const [tag, value] of simple) if (value !== undefined) out += `    <${tag}>${esc(value)}</${tag}>\n`;
  out += q.options.map((_, i) => answer(q, i)).join('');
  if (q.tags.length) out += `    <tags>\n${q.tags.map((t) => `      <tag><text>${cdata(t)}</text></tag>\n`).join('')}    </tags>\n`;
  return `${out}  </question>\n\n`;
}

/**
 * Writes questions as a Moodle XML file that Moodle (and parseMoodleXml) imports: a category question
 * whenever the category changes, CDATA text, base64 files inside the field they belong to, and
 * grades as percentages; a question in two languages has both in each text, in the multi-language
 * markup it came in (Moodle's multilang spans for one written in Abhyas). A multiple-answer question marked all or nothing is a `multichoiceset` (the
 * All-or-Nothing Multiple Choice plugin), its answers at 100 (correct) or 0. Option images of
 * true/false questions have no place in Moodle and are left out.
 */
export function exportMoodleXml(questions: ParsedQuestion[]): string {
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n';
  let current: string | undefined;
  questions.forEach((q, i) => {
    if (i === 0 ? q.category !== undefined : q.category !== current) out += categoryQuestion(q.category);
    current = q.category;
    out += question(q);
  });
  return `${out}</quiz>\n`;
}
