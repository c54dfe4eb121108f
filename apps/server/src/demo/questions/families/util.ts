/**
 * Shared helpers for the generated demo question families: a seeded PRNG (mulberry32) so every seed
 * run produces the same questions, Indian number formatting, distractor picking and question assembly.
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

/** A question whose answer is a number, written with `format`. */
export type NumberDraft = DraftBase & {
  answer: number;
  /** Likely wrong answers (common slips first); filtered and topped up to three. */
  distractors: number[];
  format: (n: number) => string;
};

/** A question whose answer is a word or a code: at least three distinct wrong answers must be given. */
export type TextDraft = DraftBase & { answer: string; distractors: string[] };

export type Draft = NumberDraft | TextDraft;

/** Three distinct wrong options for a number answer: the likely slips first, then near neighbours. */
function numberOptions(d: NumberDraft): { right: string; wrong: string[] } {
  const right = d.format(d.answer);
  const seen = new Set([right]);
  const wrong: string[] = [];
  const consider = (n: number): void => {
    if (wrong.length >= 3 || !Number.isFinite(n) || n <= 0) return;
    const text = d.format(n);
    if (seen.has(text)) return;
    seen.add(text);
    wrong.push(text);
  };
  d.distractors.forEach(consider);
  const step = Math.max(1, Math.round(Math.abs(d.answer) / 10));
  for (let k = 1; wrong.length < 3 && k < 50; k += 1) {
    consider(d.answer + k * step);
    consider(d.answer - k * step);
  }
  return { right, wrong };
}

function textOptions(d: TextDraft): { right: string; wrong: string[] } {
  const wrong = [...new Set(d.distractors.filter((t) => t !== d.answer))].slice(0, 3);
  return { right: d.answer, wrong };
}

/** Turns a draft into a single-answer question with four distinct, deterministically shuffled options. */
export function build(rng: Rng, d: Draft, index: number, n: number): ParsedQuestion {
  const { right, wrong } = typeof d.answer === 'number' ? numberOptions(d as NumberDraft) : textOptions(d as TextDraft);
  if (wrong.length < 3) throw new Error(`Not enough distractors for: ${d.stem}`);
  const options = rng.shuffle([right, ...wrong]).map((text) => ({
    text: { text, format: 'plain' as const },
    fraction: text === right ? 1 : 0,
  }));
  return {
    position: { index },
    type: 'single',
    title: `${d.title} ${n}`,
    stem: { text: d.stem, format: 'plain' },
    options,
    generalFeedback: { text: d.explanation, format: 'plain' },
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
