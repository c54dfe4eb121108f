import { Rng } from './content-gen.js';

/**
 * Deterministic generator of realistic exam questions for the import scenario, written out as GIFT and
 * as Abhyas CSV (apps/server/src/modules/questions/formats/csv/FORMAT.md). Mix: ~70% single answer with
 * 4 options, ~15% multiple answer (2 of 4 correct), ~15% true/false; stems of 80–300 characters, about one
 * in eight with Hindi text; 10 categories, 1–3 tags, general feedback on most, option feedback on some, a title on
 * some. No two questions have the same content (type, stem, options and answer), so none is a duplicate. GIFT's control characters in
 * the texts (`=` in explanations, say) are escaped as Moodle's exporter does.
 */

export type GenQuestion = {
  type: 'single' | 'multiple' | 'truefalse';
  title?: string;
  stem: string;
  /** 4 options for single/multiple; empty for truefalse. */
  options: string[];
  /** Indexes into options (single: one; multiple: two). */
  correct: number[];
  /** For truefalse. */
  isTrue?: boolean;
  /** Per-option feedback (same length as options) or, for truefalse, [when wrong, when right]. */
  optionFeedback?: string[];
  explanation?: string;
  category: string;
  tags: string[];
  difficulty: 'easy' | 'medium' | 'hard';
};

export const IMPORT_CATEGORIES = [
  'Quant/Percentages',
  'Quant/Simple Interest',
  'Quant/Time and Work',
  'Quant/Speed and Distance',
  'Reasoning/Number Series',
  'Reasoning/Divisibility',
  'GK/Indian Polity',
  'Science/Physics',
  'Hindi/गणित',
  'Computers/Number Systems',
] as const;

const EXAMS = ['SSC CGL', 'SSC CHSL', 'IBPS PO', 'SBI Clerk', 'RRB NTPC', 'RRB Group D', 'UPSC Prelims', 'CDS', 'NDA', 'State PSC'];
const YEARS = [2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024];
const NAMES = ['Ravi', 'Priya', 'Aman', 'Sneha', 'Arjun', 'Kavya', 'Rahul', 'Meera', 'Vikram', 'Anjali', 'Suresh', 'Pooja'];
const HINDI_NAMES = ['रवि', 'प्रिया', 'अमन', 'स्नेहा', 'अर्जुन', 'काव्या', 'राहुल', 'मीरा'];
const CONTEXTS = [
  'Read the question carefully and choose the best answer.',
  'This question appeared in a recent mock test.',
  'Solve without a calculator; rough work is allowed.',
  'Assume all values are exact unless stated otherwise.',
  'Marks are deducted for a wrong answer, so avoid guessing.',
  'Use the shortest method you know.',
];
const HINDI_CONTEXTS = ['प्रश्न को ध्यान से पढ़ें और सही उत्तर चुनें।', 'यह प्रश्न पिछले वर्ष की परीक्षा में पूछा गया था।', 'कैलकुलेटर का प्रयोग न करें।'];
const TAGS = ['ssc', 'banking', 'railways', 'upsc', 'previous-year', 'mock-test', 'easy-win', 'calculation', 'concept', 'shortcut', 'revision', 'hindi-medium'];
const EXPLAIN_TAIL = ['Check the units before marking the answer.', 'Estimate first to rule out two options quickly.', 'This pattern repeats often in the exam.', 'Write the given data neatly before you start.'];

type Core = { stem: string; answer: number; unit?: string; explain: string };

/** Three distinct wrong numbers near the answer. */
function distractors(rng: Rng, answer: number): number[] {
  const out = new Set<number>();
  const step = Math.max(1, Math.round(Math.abs(answer) * 0.1));
  while (out.size < 3) {
    const d = answer + rng.pick([-3, -2, -1, 1, 2, 3]) * step * rng.int(1, 2);
    if (d !== answer && d > 0) out.add(d);
  }
  return [...out];
}

const fmt = (n: number) => n.toLocaleString('en-IN');

function numericCore(rng: Rng, category: string): Core {
  switch (category) {
    case 'Quant/Percentages': {
      const p = rng.pick([5, 10, 12, 15, 20, 25, 30, 40, 45, 60, 75]);
      const n = rng.int(4, 400) * 20;
      return { stem: `In a town of ${fmt(n)} voters, ${p}% voted for the winning candidate in the ${rng.pick(YEARS)} election. How many people voted for the winner?`, answer: (p * n) / 100, explain: `${p}% of ${fmt(n)} is ${p}/100 × ${fmt(n)} = ${fmt((p * n) / 100)}.` };
    }
    case 'Quant/Simple Interest': {
      const principal = rng.int(2, 200) * 500;
      const r = rng.int(2, 15);
      const t = rng.int(2, 8);
      const who = rng.pick(NAMES);
      return { stem: `${who} deposits ₹${fmt(principal)} in a savings scheme that pays ${r}% simple interest per annum. What interest, in rupees, does ${who} earn after ${t} years?`, answer: (principal * r * t) / 100, explain: `SI = P × R × T / 100 = ${fmt(principal)} × ${r} × ${t} / 100 = ₹${fmt((principal * r * t) / 100)}.` };
    }
    case 'Quant/Time and Work': {
      const w = rng.int(2, 30);
      const d = rng.int(2, 40);
      const w2 = rng.pick([...Array(60).keys()].map((k) => k + 1).filter((k) => (w * d) % k === 0 && k !== w));
      return { stem: `${w} workers can build a boundary wall in ${d} days working eight hours a day. Working at the same rate, how many days will ${w2} workers need for the same wall?`, answer: (w * d) / w2, explain: `The work is ${w} × ${d} = ${w * d} worker-days, so ${w2} workers need ${w * d} / ${w2} = ${(w * d) / w2} days.` };
    }
    case 'Quant/Speed and Distance': {
      const v = rng.int(8, 40);
      const t = rng.int(5, 45);
      return { stem: `A train ${fmt(v * t)} metres long passes a signal pole in ${t} seconds on a straight track. What is the speed of the train in metres per second?`, answer: v, explain: `Speed = length / time = ${fmt(v * t)} / ${t} = ${v} m/s.` };
    }
    case 'Reasoning/Number Series': {
      const a = rng.int(1, 500);
      const d = rng.int(2, 60);
      const terms = Array.from({ length: 5 }, (_, i) => a + i * d);
      return { stem: `Find the next number in the series ${terms.join(', ')}, ? The difference between consecutive terms stays the same throughout.`, answer: a + 5 * d, explain: `Each term adds ${d}, so the next is ${terms[4]} + ${d} = ${a + 5 * d}.` };
    }
    case 'Hindi/गणित': {
      const who = rng.pick(HINDI_NAMES);
      const price = rng.int(5, 250);
      const qty = rng.int(2, 60);
      return { stem: `${who} ने ${qty} पेन ₹${price} प्रति पेन की दर से खरीदे। उसने कुल कितने रुपये खर्च किए?`, answer: price * qty, explain: `कुल खर्च = ${qty} × ${price} = ₹${fmt(price * qty)}।` };
    }
    case 'Computers/Number Systems': {
      const n = rng.int(16, 4095);
      return { stem: `How many 1-bits are there in the binary representation of the decimal number ${n}? Convert by repeated division by two and count the ones.`, answer: n.toString(2).split('').filter((c) => c === '1').length, explain: `${n} in binary is ${n.toString(2)}.` };
    }
    case 'Science/Physics': {
      const m = rng.int(2, 120);
      const a = rng.int(2, 25);
      return { stem: `A trolley of mass ${m} kg is pushed along a smooth horizontal floor and accelerates uniformly at ${a} m/s² in the direction of the push. What net force, in newtons, acts on it?`, answer: m * a, explain: `F = m × a = ${m} × ${a} = ${m * a} N.` };
    }
    case 'GK/Indian Polity': {
      const article = rng.int(12, 395);
      const year = rng.int(1951, 2023);
      return { stem: `A ${rng.pick(EXAMS)} practice paper cites Article ${article} in a question about the ${year} amendment debate. How many years after the Constitution came into force in 1950 was that debate?`, answer: year - 1950, explain: `${year} − 1950 = ${year - 1950} years.` };
    }
    default: {
      const k = rng.int(3, 19);
      const n = rng.int(2, 90) * k;
      return { stem: `What is the remainder when ${fmt(n + (n % 7))} is divided by ${k}? Use the divisibility rules rather than long division where you can.`, answer: (n + (n % 7)) % k, explain: `${fmt(n)} is a multiple of ${k}, so the remainder comes from the extra ${n % 7}.` };
    }
  }
}

/** Adds context sentences in front until the stem reaches 80 characters, keeping it within 300. */
function padStem(rng: Rng, core: string, hindi: boolean): string {
  let stem = core;
  const pool = hindi ? HINDI_CONTEXTS : CONTEXTS;
  while (stem.length < 80 || rng.chance(0.3)) {
    const next = `${rng.pick(pool)} ${stem}`;
    if (next.length > 300) break;
    stem = next;
    if (stem.length >= 80 && rng.chance(0.6)) break;
  }
  return stem;
}

function multipleQuestion(rng: Rng): Pick<GenQuestion, 'stem' | 'options' | 'correct' | 'explanation'> {
  const k = rng.pick([3, 4, 6, 7, 8, 9, 11, 12, 13]);
  const base = rng.int(3, 900);
  const yes = [base * k, (base + rng.int(1, 50)) * k];
  const no: number[] = [];
  while (no.length < 2) {
    const v = rng.int(10, 10_000);
    if (v % k !== 0 && !no.includes(v)) no.push(v);
  }
  const order = rng.sample([0, 1, 2, 3], 4);
  const values = order.map((i) => (i < 2 ? yes[i] : no[i - 2]) as number);
  return {
    stem: `Which of the following numbers are exactly divisible by ${k}? Select every option that applies; marks are shared equally among the correct options.`,
    options: values.map(String),
    correct: order.map((i, pos) => (i < 2 ? pos : -1)).filter((p) => p >= 0),
    explanation: `${yes[0]} = ${k} × ${base} and ${yes[1]} = ${k} × ${(yes[1] as number) / k}; the others leave a remainder.`,
  };
}

function trueFalseQuestion(rng: Rng, hindi: boolean): Pick<GenQuestion, 'stem' | 'isTrue' | 'explanation'> {
  const a = rng.int(12, 999);
  const b = rng.int(12, 99);
  const isTrue = rng.chance(0.5);
  const shown = isTrue ? a * b : a * b + rng.pick([-10, -1, 1, 10]);
  const stem = hindi
    ? `${a} और ${b} का गुणनफल ${fmt(shown)} है। यह कथन सही है या गलत? बिना कैलकुलेटर के अंतिम अंक से जाँच करें।`
    : `The product of ${a} and ${b} is ${fmt(shown)}. State whether this claim is true or false, checking the last digit first before multiplying.`;
  return { stem, isTrue, explanation: `${a} × ${b} = ${fmt(a * b)}.` };
}

/** `count` distinct questions; the same seed always yields the same list. */
export function generateQuestions(count: number, seed = 0x1a9047): GenQuestion[] {
  const rng = new Rng(seed);
  const seen = new Set<string>();
  const out: GenQuestion[] = [];
  while (out.length < count) {
    const category = rng.pick(IMPORT_CATEGORIES);
    const hindi = category.startsWith('Hindi/') || rng.chance(0.1);
    const roll = rng.next();
    const tags = rng.sample(TAGS, rng.int(1, 3));
    const difficulty = rng.pick(['easy', 'medium', 'hard'] as const);
    let q: GenQuestion;
    if (roll < 0.15) {
      const tf = trueFalseQuestion(rng, hindi);
      // Arithmetic claims: filed under a Quant category, or the Hindi one when written in Hindi.
      const tfCategory = hindi ? 'Hindi/गणित' : rng.pick(IMPORT_CATEGORIES.filter((c) => c.startsWith('Quant/')));
      q = { type: 'truefalse', stem: padStem(rng, tf.stem, hindi), options: [], correct: [], isTrue: tf.isTrue, category: tfCategory, tags, difficulty };
      if (rng.chance(0.7)) q.explanation = tf.explanation;
      if (rng.chance(0.3)) q.optionFeedback = ['Multiply the last digits and compare.', 'Right.'];
    } else if (roll < 0.3) {
      const m = multipleQuestion(rng);
      q = { type: 'multiple', ...m, stem: padStem(rng, m.stem, false), category: 'Reasoning/Divisibility', tags, difficulty };
    } else {
      const core = numericCore(rng, category);
      const values = rng.sample([core.answer, ...distractors(rng, core.answer)], 4);
      q = { type: 'single', stem: padStem(rng, core.stem, hindi), options: values.map(fmt), correct: [values.indexOf(core.answer)], category, tags, difficulty };
      if (rng.chance(0.8)) q.explanation = `${core.explain} ${rng.pick(EXPLAIN_TAIL)}`;
      if (rng.chance(0.25)) q.optionFeedback = values.map((v) => (v === core.answer ? 'Correct.' : v > core.answer ? 'Too large: recheck the last step.' : 'Too small: recheck the last step.'));
    }
    // Distinct content (what the importer's duplicate check hashes): same stem with other options is another question.
    const key = JSON.stringify([q.type, q.stem, q.options, q.correct, q.isTrue]);
    if (seen.has(key) || q.stem.length > 300) continue;
    seen.add(key);
    if (rng.chance(0.2)) q.title = `${rng.pick(EXAMS)} ${rng.pick(YEARS)} Q${out.length + 1}`;
    out.push(q);
  }
  return out;
}

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** GIFT's escapes for its control characters, as Moodle's exporter writes them. */
const esc = (text: string) => text.replace(/[\\:#={}~]/g, (c) => `\\${c}`);

export function toGift(questions: GenQuestion[]): string {
  const out: string[] = ['// Abhyas import benchmark: generated GIFT file', ''];
  let category: string | undefined;
  // Grouped by category, as an export of a question bank would be.
  const sorted = [...questions].sort((a, b) => (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
  for (const q of sorted) {
    if (q.category !== category) {
      category = q.category;
      out.push(`$CATEGORY: $course$/top/${category}`, '');
    }
    const lines = [`// ${q.tags.map((t) => `[tag:${t}]`).join(' ')}`];
    const head = `${q.title ? `::${esc(q.title)}::` : ''}${esc(q.stem)}`;
    if (q.type === 'truefalse') {
      const fb = q.optionFeedback ? `#${esc(q.optionFeedback[0] ?? '')}#${esc(q.optionFeedback[1] ?? '')}` : '';
      const general = q.explanation ? `####${esc(q.explanation)}` : '';
      lines.push(`${head}{${q.isTrue ? 'TRUE' : 'FALSE'}${fb}${general}}`);
    } else {
      const answers = q.options.map((o, i) => {
        const right = q.correct.includes(i);
        // Multiple answer: each right option earns half, each wrong one takes half away (Abhyas's marking rule).
        const mark = q.type === 'multiple' ? (right ? '~%50%' : '~%-50%') : right ? '=' : '~';
        const fb = q.optionFeedback?.[i] ? `#${esc(q.optionFeedback[i])}` : '';
        return `\t${mark}${esc(o)}${fb}`;
      });
      lines.push(`${head}{`, ...answers, ...(q.explanation ? [`\t####${esc(q.explanation)}`] : []), '}');
    }
    out.push(...lines, '');
  }
  return out.join('\n');
}

const csvField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function toCsv(questions: GenQuestion[]): string {
  const header = ['type', 'title', 'question', 'option_a', 'option_b', 'option_c', 'option_d', 'correct', 'explanation', 'category', 'tags', 'difficulty', 'marks', 'negative_marks'];
  const rows = questions.map((q) => {
    const options = q.type === 'truefalse' ? ['', '', '', ''] : q.options;
    const correct = q.type === 'truefalse' ? (q.isTrue ? 'T' : 'F') : q.correct.map((i) => LETTERS[i]).join(';');
    const marks = q.difficulty === 'hard' ? '2' : '1';
    const negative = q.type === 'multiple' ? '' : q.difficulty === 'hard' ? '0.5' : '0.25';
    return [q.type, q.title ?? '', q.stem, ...options, correct, q.explanation ?? '', q.category, q.tags.join(';'), q.difficulty, marks, negative].map(csvField).join(',');
  });
  return `${[header.join(','), ...rows].join('\n')}\n`;
}
