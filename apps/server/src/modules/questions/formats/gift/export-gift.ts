/**
 * GIFT exporter: writes questions so that Moodle (and parseGift) read them back as they were.
 *
 * - `single`: the one full-credit answer is written `=`, others `~` or `~%n%` (Moodle single = 1).
 * - `multiple`: every answer is `~` or `~%n%`, never `=` (Moodle turns on multiple answers when no `=`).
 * - `truefalse`: `{TRUE#feedback when wrong#feedback when right}` (Moodle's order).
 * - A stem holding `_____` gets the answer block in place of the first one (missing-word format).
 * - A question in two languages has both in each text, in the multi-language markup it came in
 *   (Moodle's multilang spans for one written in Abhyas), escaped as GIFT escapes `{`, `}` and `=`.
 * - `[id:…]`/`[tag:…]` go in a `//` comment right above the question, with Abhyas's `[difficulty:…]` and
 *   `[marking:all-or-nothing]` (Moodle ignores those: it imports such a question with partial credit);
 *   `$CATEGORY:` when the category changes.
 *
 * What GIFT cannot say is not written: default marks, penalty, shuffle, numbering, images. A question
 * without a category after one with a category would inherit it on import.
 */
import { writeMultilang } from '../multilang.js';
import type { ParsedOption, ParsedQuestion, ParsedText, TextFormat } from '../types.js';
import { escapeGift, trimGift, writeText } from './gift-text.js';
import { BLANK } from './parse-gift.js';

export function exportGift(questions: ParsedQuestion[]): string {
  const out: string[] = [];
  let category: string | undefined;
  for (const q of questions) {
    if (q.category !== undefined && q.category !== category) {
      category = q.category;
      out.push(`$CATEGORY: ${category}\n`);
    }
    out.push(`${writeQuestion(q)}\n`);
  }
  return out.join('\n');
}

function percent(fraction: number): string {
  return String(Math.round(fraction * 1e7) / 1e5);
}

function writeMetadata(q: ParsedQuestion): string {
  const bits: string[] = [];
  const esc = (s: string) => s.replace(/\]/g, '\\]');
  if (q.idNumber !== undefined && q.idNumber !== '') bits.push(`[id:${esc(q.idNumber)}]`);
  for (const tag of q.tags) bits.push(`[tag:${esc(tag)}]`);
  if (q.difficulty !== undefined) bits.push(`[difficulty:${q.difficulty}]`);
  if (q.type === 'multiple' && q.marking === 'allOrNothing') bits.push('[marking:all-or-nothing]');
  return bits.length ? `// ${bits.join(' ')}\n` : '';
}

function feedbackSuffix(feedback: ParsedText | undefined, format: TextFormat): string {
  return feedback && feedback.text !== '' ? `#${writeText(feedback, format)}` : '';
}

function writeOption(o: ParsedOption, type: ParsedQuestion['type'], format: TextFormat): string {
  let marker: string;
  if (type === 'single' && o.fraction === 1) marker = '=';
  else if (o.fraction === 0) marker = '~';
  else marker = `~%${percent(o.fraction)}%`;
  return `\t${marker}${writeText(o.text, format)}${feedbackSuffix(o.feedback, format)}`;
}

function writeAnswers(q: ParsedQuestion): string {
  const format = q.stem.format;
  const general = q.generalFeedback && q.generalFeedback.text !== '' ? `####${writeText(q.generalFeedback, format)}` : '';
  if (q.type === 'truefalse') {
    const isTrue = (q.options[0]?.fraction ?? 0) > 0;
    const right = isTrue ? q.options[0] : q.options[1];
    const wrong = isTrue ? q.options[1] : q.options[0];
    const rightFb = feedbackSuffix(right?.feedback, format);
    const wrongFb = feedbackSuffix(wrong?.feedback, format);
    const fb = rightFb ? `${wrongFb || '#'}${rightFb}` : wrongFb;
    return `{${isTrue ? 'TRUE' : 'FALSE'}${fb}${general ? `\n\t${general}\n` : ''}}`;
  }
  const lines = q.options.map((o) => writeOption(o, q.type, format));
  if (general) lines.push(`\t${general}`);
  return `{\n${lines.join('\n')}\n}`;
}

function writeQuestion(bilingual: ParsedQuestion): string {
  const q = writeMultilang(bilingual);
  const title = q.title !== undefined && q.title !== '' ? `::${escapeGift(q.title)}::` : '';
  const stem = writeText(q.stem, 'moodle');
  const answers = writeAnswers(q);
  // The escaped stem has no `_` escapes, so the blank is found at the same place as in the text.
  const blank = stem.indexOf(BLANK);
  const missingWord = blank >= 0 && trimGift(stem.slice(blank + BLANK.length)) !== '';
  const body = missingWord
    ? `${stem.slice(0, blank)}${answers}${stem.slice(blank + BLANK.length)}`
    : `${stem} ${answers}`;
  return `${writeMetadata(q)}${title}${body}`;
}
