/**
 * A demo-like mock test for the exam scenarios, created and published through the editor API
 * (`editor@abhyas.test`) as an editor would: an SSC-CGL-style paper of 100 published questions from
 * the demo bank in four sections of 25, 60 minutes, +2/−0.5, options shuffled per candidate. Each
 * scenario gets its own test (by slug), so the attempts of one never count in another's ranks.
 * Within one run a slug is created once and shared.
 */
import { performance } from 'node:perf_hooks';
import { call } from './content-setup.js';
import type { BenchContext } from './scenario.js';
import { HarnessError } from './server.js';

export const EDITOR = { email: 'editor@abhyas.test', password: 'practice123' };
export const EXAM_QUESTIONS = 100;
/** Every section's marks for a right answer and deduction for a wrong one. */
export const EXAM_SCALE = { marks: 2, negativeMarks: 0.5 } as const;
const SECTION_TITLES = ['General Intelligence and Reasoning', 'General Awareness', 'Quantitative Aptitude', 'English Comprehension'];

export type BankQuestion = { id: string; type: 'single' | 'multiple' | 'truefalse'; stem: string; categoryPath: string | null; options: { textHtml: string; correct: boolean }[] };

export type ExamTest = {
  id: string;
  slug: string;
  questionIds: string[];
  /** Per question: the HTML of its right options, to recognise them whatever letter a candidate sees them under. */
  keys: Map<string, Set<string>>;
  /** Per question: the bank positions of its right options (A = 0) and how many options it has. */
  positions: Map<string, { correct: number[]; options: number }>;
  byType: Record<string, number>;
  setupMs: number;
};

/** Every published question of the bank, through the editor API. */
export async function publishedQuestions(baseUrl: string, token: string): Promise<BankQuestion[]> {
  const out: BankQuestion[] = [];
  for (let page = 1; ; page++) {
    const res = await call<{ data: BankQuestion[]; total: number }>(baseUrl, 'GET', `/api/admin/questions?status=published&pageSize=100&page=${page}`, undefined, token);
    out.push(...res.data);
    if (res.data.length < 100 || out.length >= res.total) return out;
  }
}

async function create(ctx: BenchContext, slug: string, types: readonly BankQuestion['type'][] | undefined, count: number): Promise<ExamTest> {
  if (count % SECTION_TITLES.length !== 0 || count <= 0) throw new HarnessError(`a bench paper has four equal sections: ${count} questions do not divide into them`);
  const perSection = count / SECTION_TITLES.length;
  const base = ctx.server.baseUrl;
  const started = performance.now();
  const { token } = await ctx.login(EDITOR.email, EDITOR.password);
  // The same 100 every run: the bank sorted by category and stem.
  const bank = (await publishedQuestions(base, token)).filter((q) => !types || types.includes(q.type)).sort((a, b) => (a.categoryPath ?? '').localeCompare(b.categoryPath ?? '') || a.stem.localeCompare(b.stem));
  if (bank.length < count) throw new HarnessError(`the bank has ${bank.length} published questions, fewer than the ${count} a test needs`);
  const chosen = bank.slice(0, count);
  const input = {
    title: `Bench SSC CGL-style paper (${slug})`,
    slug,
    description: `A ${count}-question paper for the benchmark.`,
    exam: 'SSC',
    durationMinutes: 60,
    shuffleQuestions: false,
    shuffleOptions: true,
    sections: SECTION_TITLES.map((title, i) => ({ title, ...EXAM_SCALE, questionIds: chosen.slice(i * perSection, (i + 1) * perSection).map((q) => q.id) })),
  };
  const { data } = await call<{ data: { id: string; slug: string } }>(base, 'POST', '/api/admin/tests', input, token, 201);
  await call(base, 'POST', `/api/admin/tests/${data.id}/publish`, undefined, token);
  const byType: Record<string, number> = {};
  for (const q of chosen) byType[q.type] = (byType[q.type] ?? 0) + 1;
  const setupMs = performance.now() - started;
  ctx.log(`setup: published test "${data.slug}" (${count} questions: ${Object.entries(byType).map(([k, v]) => `${k} ${v}`).join(', ')}) through the editor API in ${Math.round(setupMs)} ms`);
  return {
    id: data.id,
    slug: data.slug,
    questionIds: chosen.map((q) => q.id),
    keys: new Map(chosen.map((q) => [q.id, new Set(q.options.filter((o) => o.correct).map((o) => o.textHtml))])),
    positions: new Map(chosen.map((q) => [q.id, { correct: q.options.flatMap((o, i) => (o.correct ? [i] : [])), options: q.options.length }])),
    byType,
    setupMs,
  };
}

const done = new WeakMap<BenchContext, Map<string, Promise<ExamTest>>>();

/**
 * The published bench test with this slug, created on first use in the run; of questions of these
 * types only, when given; of `count` questions (a multiple of four) rather than 100, when given.
 */
export function ensureExamTest(ctx: BenchContext, slug: string, types?: readonly BankQuestion['type'][], count = EXAM_QUESTIONS): Promise<ExamTest> {
  let tests = done.get(ctx);
  if (!tests) done.set(ctx, (tests = new Map()));
  let test = tests.get(slug);
  if (!test) {
    test = create(ctx, slug, types, count);
    tests.set(slug, test);
    test.catch(() => tests.delete(slug));
  }
  return test;
}
