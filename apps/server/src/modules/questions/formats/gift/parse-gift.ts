/**
 * GIFT importer, following Moodle's question/format/gift/format.php (readquestions/readquestion),
 * leniencies included: missing-word questions (`_____` where the answers were), `~=` answers, `$CATEGORY:`,
 * `[id:…]`/`[tag:…]` in comments. Abhyas also reads `[difficulty:easy|medium|hard]` and
 * `[marking:partial|all-or-nothing]` there (Moodle takes them for comments); all or nothing is for
 * multiple-answer questions only. Multi-language markup (`<span lang="hi" class="multilang">`, `\{mlang hi\}`)
 * makes one question in both languages. Kinds Abhyas does not store are skipped with a reason; malformed
 * questions are errors at the question's first line, and the rest of the file is still read.
 */
import { readMultilang } from '../multilang.js';
import { decodeText } from '../text.js';
import type { Difficulty, Marking, ParsedQuestion, ParseResult, Parser, Position } from '../types.js';
import { readAnswers } from './gift-answers.js';
import type { Block, BlockLine } from './gift-blocks.js';
import { joinLines, readMetadata, splitBlocks } from './gift-blocks.js';
import { leadingSpace, parseTextWithFormat, protect, restore, trimGift } from './gift-text.js';

export const BLANK = '_____';

const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard'];
/** `[marking:…]` values, with spaces, `-` and `_` left out. */
const MARKINGS: Record<string, Marking> = { partial: 'partial', allornothing: 'allOrNothing' };

type State = { category?: string; result: ParseResult };

export const parseGift: Parser = (input) => {
  const { text, problems } = decodeText(input);
  const state: State = { result: { format: 'gift', questions: [], skipped: [], errors: [...problems] } };
  for (const block of splitBlocks(text)) readBlock(block, state);
  state.result.errors.sort((a, b) => (a.position.line ?? 0) - (b.position.line ?? 0));
  return state.result;
};

function readBlock(block: Block, state: State): void {
  let lines = block.lines;
  const first = lines[0];
  if (!first) return; // only comments
  if (first.text.startsWith('$CATEGORY:')) {
    const category = trimGift(first.text.slice('$CATEGORY:'.length));
    if (category === '') delete state.category;
    else state.category = category;
    // Moodle wants a blank line after the category; a question right below it is read anyway.
    lines = lines.slice(1);
    if (lines.length === 0) return;
  }
  readQuestion(lines, block.comments, state);
}

function readQuestion(lines: BlockLine[], comments: string, state: State): void {
  const { result } = state;
  const joined = joinLines(lines);
  const text = protect(joined.text);
  const position: Position = { line: (lines[0] as BlockLine).line };
  const fail = (message: string, at?: Position): void => {
    if (at && at.line === position.line) result.errors.push({ position: at, message });
    else if (at) result.errors.push({ position, message: `${message} (line ${at.line}, column ${at.column})` });
    else result.errors.push({ position, message });
  };
  const skip = (type: string, reason: string): void => {
    result.skipped.push({ position, type, reason });
  };

  // Title: `::name::`.
  let start = 0;
  let title: string | undefined;
  if (text.startsWith('::')) {
    const end = text.indexOf('::', 2);
    if (end < 0) return fail('The title is not closed: write ::title:: before the question');
    title = trimGift(restore(text.slice(2, end)));
    start = end + 2;
    start += leadingSpace(text.slice(start));
  }

  if (!title && /^:[^:]/.test(text) && text.slice(0, text.indexOf('{') >>> 0).includes('::')) {
    return fail('A title must start with :: (this one starts with a single :)');
  }

  const open = text.indexOf('{', start);
  const close = text.indexOf('}', start);
  if (open < 0 && close < 0) {
    return skip('description', 'Description (text with no answer block {…}): not a question');
  }
  if (close < 0) {
    return fail('The answer block { is not closed with } (a blank line inside {…} ends the question)', joined.at(open));
  }
  if (open < 0 || close < open) {
    return fail('Found } without a matching {; write \\} for a literal brace', joined.at(close));
  }
  const inner = text.indexOf('{', open + 1);
  if (inner >= 0 && inner < close) {
    return fail('Unescaped { inside the answer block; write \\{ for a literal brace', joined.at(inner));
  }
  const after = text.slice(close + 1);
  if (after.includes('{')) {
    const n = 1 + (after.match(/\{/g)?.length ?? 0);
    return skip('cloze', `${n} answer blocks in one question (several blanks): Abhyas questions have one answer block`);
  }

  // Stem: answers removed; a blank where they were unless they end the question (missing word).
  const before = text.slice(start, open);
  const stemRaw = trimGift(after) === '' ? before : before + BLANK + after;
  const stem = parseTextWithFormat(trimGift(stemRaw));

  // General feedback: after the last `####`.
  let answerRaw = text.slice(open + 1, close);
  let generalRaw = '';
  const gf = answerRaw.lastIndexOf('####');
  if (gf >= 0) {
    generalRaw = answerRaw.slice(gf + 4);
    answerRaw = answerRaw.slice(0, gf);
  }
  const lead = leadingSpace(answerRaw);
  const outcome = readAnswers({ text: trimGift(answerRaw), offset: open + 1 + lead, at: joined.at, stemFormat: stem.format });
  if (outcome.kind === 'skip') return skip(outcome.type, outcome.reason);
  if (outcome.kind === 'error') return fail(outcome.message, outcome.position);
  if (stem.text === '') return fail('The question text is empty');

  const question: ParsedQuestion = { position, type: outcome.type, stem, options: outcome.options, tags: [], images: [] };
  if (title) question.title = title;
  const general = parseTextWithFormat(trimGift(generalRaw), stem.format);
  if (general.text !== '') question.generalFeedback = general;
  if (state.category !== undefined) question.category = state.category;
  const meta = readMetadata(comments);
  question.tags = meta.tags;
  if (meta.idNumber !== undefined) question.idNumber = meta.idNumber;
  if (meta.difficulty !== undefined) {
    if (!DIFFICULTIES.includes(meta.difficulty as Difficulty)) return fail(`[difficulty:${meta.difficulty}] must be easy, medium or hard`);
    question.difficulty = meta.difficulty as Difficulty;
  }
  if (meta.marking !== undefined) {
    const marking = MARKINGS[meta.marking.replace(/[\s_-]/g, '')];
    if (!marking) return fail(`[marking:${meta.marking}] must be partial or all-or-nothing`);
    if (marking === 'allOrNothing' && question.type !== 'multiple') return fail('Only a multiple-answer question can be marked all or nothing');
    if (marking === 'allOrNothing') question.marking = marking;
  }
  result.questions.push(readMultilang(question));
}
