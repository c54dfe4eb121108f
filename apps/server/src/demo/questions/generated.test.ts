/**
 * The generated demo questions: deterministic, well-formed, and — most important — right. Every answer is
 * re-computed here from the question text alone, with small solvers written independently of the generator.
 */
import { describe, expect, it } from 'vitest';
import { expectHindiBeside, numbersIn } from '../../../test/bilingual-questions.js';
import type { ParsedQuestion } from '../../modules/questions/formats/types.js';
import { generateContestQuestions } from './contest-generated.js';
import { generateDemoQuestions } from './generated.js';

const num = (s: string): number => Number(s.replace(/[₹,]/g, ''));

function match(stem: string, re: RegExp): string[] {
  const m = re.exec(stem);
  if (!m) throw new Error(`Stem does not match ${re}: ${stem}`);
  return m.slice(1);
}

/** Next term: constant whole-number ratio, else the first constant row of differences (up to third order). */
function nextInSeries(terms: number[]): number {
  const ratios = terms.slice(1).map((t, i) => t / (terms[i] as number));
  if (ratios.every((r) => r === ratios[0] && Number.isInteger(r) && r > 1)) return (terms.at(-1) as number) * (ratios[0] as number);
  const rows: number[][] = [terms];
  for (let order = 1; order <= 3; order += 1) {
    const prev = rows[order - 1] as number[];
    const row = prev.slice(1).map((t, i) => t - (prev[i] as number));
    rows.push(row);
    if (row.length >= 2 && row.every((d) => d === row[0])) {
      // Extend every row by one from the constant row upwards.
      let add = row[0] as number;
      for (let k = order - 1; k >= 0; k -= 1) add = ((rows[k] as number[]).at(-1) as number) + add;
      return add;
    }
  }
  throw new Error(`No rule found for ${terms.join(', ')}`);
}

function hcfBrute(nums: number[]): number {
  for (let d = Math.min(...nums); d >= 1; d -= 1) if (nums.every((n) => n % d === 0)) return d;
  return 1;
}
function lcmBrute(nums: number[]): number {
  const top = Math.max(...nums);
  for (let m = top; ; m += top) if (nums.every((n) => m % n === 0)) return m;
}

const UNIT_FACTORS: Record<string, number> = {
  'km/h>m/s': 1000 / 3600,
  'm/s>km/h': 3600 / 1000,
  'kilometres>metres': 1000,
  'kilograms>grams': 1000,
  'litres>millilitres': 1000,
  'hours>seconds': 60 * 60,
  'hectares>square metres': 100 * 100,
};

const SOLVERS: Record<string, (stem: string) => number> = {
  'percent-of': (s) => {
    const [x, y] = match(s, /^What is (\d+)% of ([\d,]+)\?$/).map(num);
    return (x! / 100) * y!;
  },
  'percent-change': (s) => {
    const [a, b] = match(s, /from (₹[\d,]+) to (₹[\d,]+)\./).map(num);
    return (Math.abs(b! - a!) / a!) * 100;
  },
  'profit-loss': (s) => {
    if (/sells it at a/.test(s)) {
      const [cp, kind, p] = match(s, /for (₹[\d,]+) and sells it at a (profit|loss) of (\d+)%/);
      return num(cp!) * (1 + ((kind === 'profit' ? 1 : -1) * num(p!)) / 100);
    }
    const [cp, sp] = match(s, /for (₹[\d,]+) and sells it for (₹[\d,]+)\./).map(num);
    expect(s.includes(sp! > cp! ? 'profit percentage' : 'loss percentage')).toBe(true);
    return (Math.abs(sp! - cp!) / cp!) * 100;
  },
  'simple-interest': (s) => {
    const [p, r, t] = match(s, /on (₹[\d,]+) at (\d+)% per annum for (\d+) years\.$/).map(num);
    return (p! * r! * t!) / 100;
  },
  'compound-interest': (s) => {
    const [p, r, t] = match(s, /on (₹[\d,]+) at (\d+)% per annum for (\d+) years, compounded annually\.$/).map(num);
    let amount = p!;
    for (let year = 0; year < t!; year += 1) amount += (amount * r!) / 100;
    return amount - p!;
  },
  'ratio-share': (s) => {
    const [total, ratio, who] = match(s, /^(₹[\d,]+) is divided .* in the ratio ([\d :]+)\. What is ([ABC])'s share\?$/);
    const parts = ratio!.split(':').map(Number);
    const sum = parts.reduce((a, b) => a + b, 0);
    return (num(total!) * parts['ABC'.indexOf(who!)]!) / sum;
  },
  average: (s) => {
    const nums = match(s, /^Find the average of (.+)\.$/)[0]!.split(/, | and /).map(Number);
    return nums.reduce((a, b) => a + b, 0) / nums.length;
  },
  'speed-distance': (s) => {
    if (s.startsWith('A car')) {
      const [d, h] = match(s, /covers (\d+) km in (\d+) hours/).map(Number);
      return d! / h!;
    }
    const [length, kmh] = match(s, /^A train (\d+) metres long is running at (\d+) km\/h\./).map(Number);
    const metresPerSecond = (kmh! * 1000) / 3600;
    if (/cross a pole\?$/.test(s)) return length! / metresPerSecond;
    const platform = Number(match(s, /cross a platform (\d+) metres long\?$/)[0]);
    return (length! + platform) / metresPerSecond;
  },
  'pipes-cistern': (s) => {
    const [a, b, c] = match(s, /in (\d+) hours and pipe B can fill it in (\d+) hours\. A leak at the bottom can empty the full tank in (\d+) hours\./).map(Number);
    return 1 / (1 / a! + 1 / b! - 1 / c!);
  },
  'time-work': (s) => {
    const [a, b] = match(s, /in (\d+) days and B can finish it in (\d+) days/).map(Number);
    return 1 / (1 / a! + 1 / b!);
  },
  'number-series': (s) => nextInSeries(match(s, /series: (.+), \?$/)[0]!.split(', ').map(Number)),
  'lcm-hcf': (s) => {
    const [kind, list] = match(s, /^Find the (LCM|HCF) of (.+)\.$/);
    const nums = list!.split(/, | and /).map(Number);
    return kind === 'LCM' ? lcmBrute(nums) : hcfBrute(nums);
  },
  'unit-conversion': (s) => {
    const [value, from, to] = match(s, /^Convert ([\d,.]+) (.+) into (.+)\.$/);
    const factor = UNIT_FACTORS[`${from}>${to}`];
    if (factor === undefined) throw new Error(`Unknown conversion ${from} to ${to}`);
    return num(value!) * factor;
  },
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const pos = (letter: string): number => ALPHABET.indexOf(letter) + 1;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
function utcDate(text: string): number {
  const [d, month, y] = match(text, /^(\d+) (\w+) (\d{4})$/);
  const m = MONTH_NAMES.indexOf(month!);
  expect(m, text).toBeGreaterThanOrEqual(0);
  return Date.UTC(Number(y), m, Number(d));
}

/** Left-to-right arithmetic with × and ÷ before + and −, written here from scratch. */
function arithmetic(expression: string): number {
  const tokens = expression.split(' ');
  const terms: { sign: number; value: number }[] = [];
  let sign = 1;
  let value = Number(tokens[0]);
  for (let i = 1; i < tokens.length; i += 2) {
    const op = tokens[i]!;
    const n = Number(tokens[i + 1]);
    if (op === '×') value *= n;
    else if (op === '÷') value /= n;
    else {
      terms.push({ sign, value });
      sign = op === '+' ? 1 : -1;
      value = n;
    }
  }
  terms.push({ sign, value });
  return terms.reduce((sum, t) => sum + t.sign * t.value, 0);
}

Object.assign(SOLVERS, {
  'direction-sense': (s: string) => {
    const [km0, first] = match(s, /walks (\d+) km towards the (North|East|South|West), /);
    const unit: Record<string, [number, number]> = { North: [0, 1], East: [1, 0], South: [0, -1], West: [-1, 0] };
    let [dx, dy] = unit[first!]!;
    let x = dx * Number(km0);
    let y = dy * Number(km0);
    for (const m of s.matchAll(/then turns (left|right) and walks (\d+) km/g)) {
      // A right turn rotates the heading clockwise: (dx, dy) → (dy, −dx); a left turn the other way.
      [dx, dy] = m[1] === 'right' ? [dy, -dx] : [-dy, dx];
      x += dx * Number(m[2]);
      y += dy * Number(m[2]);
    }
    return Math.sqrt(x * x + y * y);
  },
  'clock-angle': (s: string) => {
    const [h, m] = match(s, /at (\d+):(\d\d)\?$/).map(Number);
    const apart = Math.abs(((h! % 12) * 30 + m! / 2) - m! * 6);
    return Math.min(apart, 360 - apart);
  },
  'symbol-operations': (s: string) => {
    const legend = new Map([...s.matchAll(/'(.)' means '(.)'/g)].map((m) => [m[1]!, m[2]!]));
    expect(legend.size, s).toBe(4);
    const written = match(s, /value of (.+)\?$/)[0]!;
    return arithmetic(written.split(' ').map((t) => legend.get(t) ?? t).join(' '));
  },
  'row-ranking': (s: string) => {
    if (s.includes('queue')) {
      const [front, back] = match(s, /is (\d+)\w\w from the front and (\d+)\w\w from the back/).map(Number);
      return front! + back! - 1;
    }
    const [n, k] = match(s, /In a row of (\d+) children, \w+ is (\d+)\w\w from the/).map(Number);
    return n! - k! + 1;
  },
  mensuration: (s: string) => {
    if (s.includes('rectangle')) {
      const [p, l] = match(s, /perimeter of a rectangle is (\d+) cm and its length is (\d+) cm/).map(Number);
      return l! * (p! / 2 - l!);
    }
    if (s.includes('circle')) {
      const c = Number(match(s, /circumference of a circle is (\d+) cm/)[0]);
      const r = c / (2 * (22 / 7));
      return (22 / 7) * r * r;
    }
    if (s.includes('cylinder')) {
      const [r, h] = match(s, /base radius (\d+) cm and height (\d+) cm/).map(Number);
      return (22 / 7) * r! * r! * h!;
    }
    const side = Math.round(Math.cbrt(num(match(s, /volume of a cube is ([\d,]+) cm³/)[0]!)));
    return 6 * side * side;
  },
});

/** Families whose answer is a word, a code or a letter: the solver gives the right option's text. */
const TEXT_SOLVERS: Record<string, (stem: string) => string> = {
  'coding-decoding': (s) => {
    const [example, coded, target] = match(s, /^In a certain code language, ([A-Z]+) is written as ([A-Z]+)\. How is ([A-Z]+) written in that code language\?$/);
    const rules: ((c: string) => string)[] = [(c) => ALPHABET[26 - pos(c)]!];
    for (let k = 1; k < 26; k += 1) rules.push((c) => ALPHABET[(pos(c) - 1 + k) % 26]!);
    const encode = (rule: (c: string) => string, w: string) => [...w].map(rule).join('');
    const answers = new Set(rules.filter((rule) => encode(rule, example!) === coded).map((rule) => encode(rule, target!)));
    expect([...answers], s).toHaveLength(1);
    return [...answers][0]!;
  },
  'letter-series': (s) => {
    const terms = match(s, /series: ([A-Z](?:, [A-Z])+), \?$/)[0]!.split(', ').map(pos);
    const gaps = terms.slice(1).map((t, i) => t - terms[i]!);
    const growth = gaps.slice(1).map((g, i) => g - gaps[i]!);
    expect(new Set(growth).size, s).toBe(1);
    return ALPHABET[terms.at(-1)! + gaps.at(-1)! + growth[0]! - 1]!;
  },
  calendar: (s) => {
    const [from, day, to] = match(s, /^If (.+) falls on a (\w+), on which day of the week does (.+) fall\?$/);
    const start = utcDate(from!);
    // The stem's own claim about the first date is a fact too.
    expect(WEEKDAYS[new Date(start).getUTCDay()], s).toBe(day);
    const days = Math.round((utcDate(to!) - start) / 86_400_000);
    return WEEKDAYS[(WEEKDAYS.indexOf(day!) + days) % 7]!;
  },
  'alphabet-position': (s) => {
    const [move, side, k, end] = match(s, /which letter is (\d+)\w\w to the (right|left) of the (\d+)\w\w letter from the (left|right)\?$/);
    const start = end === 'left' ? Number(k) : 27 - Number(k);
    return ALPHABET[start + (side === 'right' ? 1 : -1) * Number(move) - 1]!;
  },
};

const familyOf = (q: ParsedQuestion): string => (q.tags.find((t) => t.startsWith('family:')) ?? '').slice('family:'.length);
const rightValue = (q: ParsedQuestion): number => {
  const right = q.options.find((o) => o.fraction === 1);
  const m = /[\d,]+(?:\.\d+)?/.exec(right?.text.text ?? '');
  if (!m) throw new Error(`No number in the right option of: ${q.stem.text}`);
  return num(m[0]);
};

describe('generateDemoQuestions', () => {
  const questions = generateDemoQuestions();

  it('is deterministic: the same questions every time', () => {
    expect(generateDemoQuestions()).toEqual(questions);
  });

  it('produces at least 90 questions with distinct stems, in the expected categories', () => {
    expect(questions.length).toBeGreaterThanOrEqual(90);
    expect(new Set(questions.map((q) => q.stem.text)).size).toBe(questions.length);
    const allowed = ['SSC/Quantitative Aptitude', 'SSC/General Intelligence and Reasoning', 'Banking/Quantitative Aptitude', 'Railways/Mathematics', 'Banking/Reasoning'];
    for (const q of questions) expect(allowed).toContain(q.category);
    expect(new Set(questions.map((q) => q.category)).size).toBe(allowed.length);
    expect(questions.map((q) => q.position.index)).toEqual(questions.map((_, i) => i));
  });

  it('every question is a well-formed single-answer question with an explanation', () => {
    for (const q of questions) {
      expect(q.type).toBe('single');
      expect(q.options.length).toBeGreaterThanOrEqual(2);
      expect(q.options.length).toBeLessThanOrEqual(6);
      expect(q.options.filter((o) => o.fraction === 1)).toHaveLength(1);
      expect(q.options.every((o) => o.fraction === 1 || o.fraction === 0)).toBe(true);
      expect(new Set(q.options.map((o) => o.text.text)).size).toBe(q.options.length);
      expect(q.options.every((o) => o.text.format === 'plain' && o.text.text.trim() !== '')).toBe(true);
      expect(q.generalFeedback?.text.trim()).toBeTruthy();
      expect(q.stem.text).not.toContain('$');
      expect(q.title).toBeTruthy();
      expect(q.images).toEqual([]);
    }
  });

  it('covers every family, and each has a solver here', () => {
    const families = new Set(questions.map(familyOf));
    expect([...families].sort()).toEqual([...Object.keys(SOLVERS), ...Object.keys(TEXT_SOLVERS)].sort());
  });

  it('gives every question a difficulty, in a mix of all three', () => {
    expect(questions.filter((q) => q.difficulty === undefined)).toEqual([]);
    const counts = new Map<string, number>();
    for (const q of questions) counts.set(q.difficulty!, (counts.get(q.difficulty!) ?? 0) + 1);
    expect(counts.get('easy') ?? 0).toBeGreaterThanOrEqual(20);
    expect(counts.get('medium') ?? 0).toBeGreaterThanOrEqual(20);
    expect(counts.get('hard') ?? 0).toBeGreaterThanOrEqual(5);
  });

  it('marks the right word, code or letter: re-derived independently from each stem', () => {
    const worded = questions.filter((q) => familyOf(q) in TEXT_SOLVERS);
    expect(worded.length).toBeGreaterThanOrEqual(20);
    for (const q of worded) {
      const right = TEXT_SOLVERS[familyOf(q)]!(q.stem.text);
      expect(q.options.filter((o) => o.fraction === 1).map((o) => o.text.text), q.stem.text).toEqual([right]);
      expect(q.options.filter((o) => o.text.text === right), q.stem.text).toHaveLength(1);
      expect(q.generalFeedback!.text, q.stem.text).toContain(right);
    }
  });

  it('marks the right answer: re-computed independently from each stem', () => {
    for (const q of questions.filter((x) => !(familyOf(x) in TEXT_SOLVERS))) {
      const solve = SOLVERS[familyOf(q)];
      expect(solve, q.stem.text).toBeDefined();
      const expected = solve!(q.stem.text);
      expect(rightValue(q), q.stem.text).toBeCloseTo(expected, 6);
      // No wrong option may also be the right value.
      for (const o of q.options.filter((x) => x.fraction === 0)) {
        const m = /[\d,]+(?:\.\d+)?/.exec(o.text.text);
        expect(m && Math.abs(num(m[0]) - expected) < 1e-9, `${q.stem.text} / ${o.text.text}`).toBeFalsy();
      }
    }
  });

  it('reads in Hindi too: every text from its family’s Hindi template, with the same numbers and options as the English', () => {
    for (const q of [...questions, ...generateContestQuestions()]) {
      expect(q.language, q.stem.text).toBe('en');
      expectHindiBeside(q, q.stem.text);
      // Hindi words, not English ones left in the template.
      for (const text of [q.translation!.stem.text, q.translation!.generalFeedback!.text]) expect(text, q.stem.text).not.toMatch(/\b(the|of|is|and|in|to|from)\b/);
    }
    // The key is the same option in both: the right option says the same number, or the same word in Hindi.
    for (const q of questions) {
      const right = q.options.findIndex((o) => o.fraction === 1);
      const hindi = q.translation!.options[right]!.text.text;
      expect(numbersIn(hindi), q.stem.text).toEqual(numbersIn(q.options[right]!.text.text));
      if (familyOf(q) in TEXT_SOLVERS) expect(q.translation!.generalFeedback!.text, q.stem.text).toContain(hindi);
    }
  });

  it('explanations state the computed answer', () => {
    for (const q of questions.filter((x) => !(familyOf(x) in TEXT_SOLVERS))) {
      const right = q.options.find((o) => o.fraction === 1)!.text.text;
      const value = /[\d,]+(?:\.\d+)?/.exec(right)![0];
      expect(q.generalFeedback!.text, q.stem.text).toContain(value);
    }
  });
});
