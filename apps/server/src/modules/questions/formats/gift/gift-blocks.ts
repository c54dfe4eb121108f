/**
 * Splits a decoded GIFT file into question blocks the way Moodle's readquestions() does: blocks are
 * separated by blank lines, every line is trimmed, and `//` comment lines are set aside (they may carry
 * Moodle 4 `[id:…]` and `[tag:…]` metadata, and Abhyas's own `[difficulty:…]` and `[marking:…]`).
 */
import type { Position } from '../types.js';
import { leadingSpace, trimGift } from './gift-text.js';

export type BlockLine = { line: number; indent: number; text: string };

export type Block = {
  /** Non-comment lines, trimmed. */
  lines: BlockLine[];
  /** Comment lines, trimmed, joined with newlines. */
  comments: string;
  /** First line of the block, comments included. */
  firstLine: number;
};

export function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  text.split('\n').forEach((raw, i) => {
    const trimmed = trimGift(raw);
    if (trimmed === '') {
      if (current) blocks.push(current);
      current = undefined;
      return;
    }
    current ??= { lines: [], comments: '', firstLine: i + 1 };
    if (trimmed.startsWith('//')) current.comments += `${trimmed}\n`;
    else current.lines.push({ line: i + 1, indent: leadingSpace(raw), text: trimmed });
  });
  if (current) blocks.push(current);
  return blocks;
}

/** The joined text of some lines, with a way back from an offset in it to a line and column. */
export type Joined = { text: string; at: (offset: number) => Position };

export function joinLines(lines: BlockLine[]): Joined {
  const starts: number[] = [];
  let text = '';
  lines.forEach((l, i) => {
    if (i > 0) text += '\n';
    starts.push(text.length);
    text += l.text;
  });
  const at = (offset: number): Position => {
    let i = starts.length - 1;
    while (i > 0 && (starts[i] as number) > offset) i -= 1;
    const l = lines[i];
    if (!l) return {};
    return { line: l.line, column: offset - (starts[i] as number) + l.indent + 1 };
  };
  return { text, at };
}

const ID_TOKEN = /\[id:((?:\\\]|[^\]\p{Cc}])+)\]/u;
const DIFFICULTY_TOKEN = /\[difficulty:([^\]\p{Cc}]*)\]/u;
const MARKING_TOKEN = /\[marking:([^\]\p{Cc}]*)\]/u;
const TAG_TOKEN = /\[tag:((?:\\\]|[^\]<>`\p{Cc}])+)\]/gu;

export type Metadata = { idNumber?: string; tags: string[]; difficulty?: string; marking?: string };

/**
 * Moodle's extract_idnumber_and_tags_from_comment(): the first `[id:…]` and every `[tag:…]`; `\]` is a
 * `]`. Also the first `[difficulty:…]` and `[marking:…]`, Abhyas's own (Moodle reads them as comments),
 * as written, lower-cased: the question reader checks their values.
 */
export function readMetadata(comments: string): Metadata {
  const clean = (s: string) => trimGift(s).replace(/\\\]/g, ']');
  const id = ID_TOKEN.exec(comments);
  const idNumber = id ? clean(id[1] as string) : '';
  const tags = [...comments.matchAll(TAG_TOKEN)].map((m) => clean(m[1] as string)).filter((t) => t !== '');
  const meta: Metadata = idNumber === '' ? { tags } : { idNumber, tags };
  const difficulty = DIFFICULTY_TOKEN.exec(comments);
  if (difficulty) meta.difficulty = trimGift(difficulty[1] as string).toLowerCase();
  const marking = MARKING_TOKEN.exec(comments);
  if (marking) meta.marking = trimGift(marking[1] as string).toLowerCase();
  return meta;
}
