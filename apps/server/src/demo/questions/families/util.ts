/**
 * Shared helpers for the generated demo question families: a seeded PRNG (mulberry32) so every seed
 * run produces the same questions, Indian number formatting, distractor picking and question assembly
 * in English and Hindi (one question, the same numbers and options in both, as bilingual papers print it).
 */
import type { Difficulty, ParsedQuestion } from '../../../modules/questions/formats/types.js';

export type Rng = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  shuffle: <T>(items: readonly T[]) => T[];
};

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return { next, int, pick, shuffle };
}

/** Indian digit grouping: 1234567 → 12,34,567; decimals kept as given (up to 2 places). */
export function inr(n: number): string {
  const negative = n < 0;
  const [whole = '0', frac] = (Math.round(Math.abs(n) * 100) / 100).toString().split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  const grouped = rest ? `${rest},${last3}` : last3;
  return `${negative ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

export const rupees = (n: number): string => `₹${inr(n)}`;

export function gcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}

type DraftBase = {
  /** Short machine name, also a `family:` tag the tests dispatch on. */
  family: string;
  /** Human title prefix, numbered per family. */
  title: string;
  stem: string;
  explanation: string;
  category: string;
  tags: string[];
  difficulty: Difficulty;
};

/** The question in Hindi: the family's Hindi template filled with the same numbers. */
type HindiTexts = { stem: string; explanation: string };

/** A question whose answer is a number, written with `format`. */
export type NumberDraft = DraftBase & {
  answer: number;
  /** Likely wrong answers (common slips first); filtered and topped up to three. */
  distractors: number[];
  format: (n: number) => string;
  /** `format` for Hindi, where the answer carries a unit written in Hindi; `format` otherwise. */
  hi: HindiTexts & { format?: (n: number) => string };
};

/** A question whose answer is a word or a code: at least three distinct wrong answers must be given. */
export type TextDraft = DraftBase & {
  answer: string;
  distractors: string[];
  /** An option in Hindi, where it is a word (a weekday); a code or a letter reads the same in both. */
  hi: HindiTexts & { option?: (text: string) => string };
};

export type Draft = NumberDraft | TextDraft;

/** An option's text in English and in Hindi. */
type OptionTexts = { text: string; hi: string };

/** Three distinct wrong options for a number answer: the likely slips first, then near neighbours. */
function numberOptions(d: NumberDraft): { right: OptionTexts; wrong: OptionTexts[] } {
  const hindi = d.hi.format ?? d.format;
  const right = { text: d.format(d.answer), hi: hindi(d.answer) };
  const seen = new Set([right.text]);
  const wrong: OptionTexts[] = [];
  const consider = (n: number): void => {
    if (wrong.length >= 3 || !Number.isFinite(n) || n <= 0) return;
    const text = d.format(n);
    if (seen.has(text)) return;
    seen.add(text);
    wrong.push({ text, hi: hindi(n) });
  };
  d.distractors.forEach(consider);
  const step = Math.max(1, Math.round(Math.abs(d.answer) / 10));
  for (let k = 1; wrong.length < 3 && k < 50; k += 1) {
    consider(d.answer + k * step);
    consider(d.answer - k * step);
  }
  return { right, wrong };
}

function textOptions(d: TextDraft): { right: OptionTexts; wrong: OptionTexts[] } {
  const hindi = (text: string): OptionTexts => ({ text, hi: d.hi.option?.(text) ?? text });
  const wrong = [...new Set(d.distractors.filter((t) => t !== d.answer))].slice(0, 3);
  return { right: hindi(d.answer), wrong: wrong.map(hindi) };
}

const plain = (text: string) => ({ text, format: 'plain' as const });

/**
 * Turns a draft into a single-answer question with four distinct, deterministically shuffled options,
 * in English with its Hindi translation: the same options in the same order.
 */
export function build(rng: Rng, d: Draft, index: number, n: number): ParsedQuestion {
  const { right, wrong } = typeof d.answer === 'number' ? numberOptions(d as NumberDraft) : textOptions(d as TextDraft);
  if (wrong.length < 3) throw new Error(`Not enough distractors for: ${d.stem}`);
  const shuffled = rng.shuffle([right, ...wrong]);
  if (new Set(shuffled.map((o) => o.hi)).size !== shuffled.length) throw new Error(`Two options read the same in Hindi: ${d.stem}`);
  return {
    position: { index },
    type: 'single',
    title: `${d.title} ${n}`,
    stem: plain(d.stem),
    options: shuffled.map((o) => ({ text: plain(o.text), fraction: o === right ? 1 : 0 })),
    generalFeedback: plain(d.explanation),
    language: 'en',
    translation: { language: 'hi', stem: plain(d.hi.stem), generalFeedback: plain(d.hi.explanation), options: shuffled.map((o) => ({ text: plain(o.hi) })) },
    category: d.category,
    tags: ['generated', `family:${d.family}`, ...d.tags],
    difficulty: d.difficulty,
    images: [],
  };
}

/** Calls make() until `count` drafts with distinct stems exist (families repeat values now and then). */
export function distinct(count: number, make: () => Draft): Draft[] {
  const out: Draft[] = [];
  const stems = new Set<string>();
  for (let tries = 0; out.length < count && tries < count * 50; tries += 1) {
    const d = make();
    if (stems.has(d.stem)) continue;
    stems.add(d.stem);
    out.push(d);
  }
  if (out.length < count) throw new Error(`Only ${out.length} distinct questions for ${count} wanted`);
  return out;
}
