import type { QuestionType } from '@abhyas/contracts';

/**
 * An attempt's layout: its sections as they stood when it began, and in each the questions in the
 * order the candidate sees them with their options' bank positions in display order. Stored once as
 * JSON in attempts.sections and never changed, so a parsed copy can be kept in memory and a save
 * needs no more than the attempt's own row.
 */
export type StoredQuestion = {
  id: string;
  /** The question's version this attempt was given; absent in layouts written before versions, which took version 1. */
  version?: number;
  type: QuestionType;
  order: number[];
};
export type StoredSection = {
  /** Null for the one section of a practice session. */
  id: string | null;
  title: string;
  marks: number;
  negativeMarks: number;
  timeLimitMinutes: number | null;
  questions: StoredQuestion[];
};

export type SectionInfo = Omit<StoredSection, 'questions'>;
export type LayoutQuestion = {
  id: string;
  version: number;
  type: QuestionType;
  sectionIndex: number;
  order: readonly number[];
  /** 1-based, across the attempt. */
  number: number;
};
/** A layout's questions by id: `get` and `has` as a Map's. */
export type QuestionIndex = { get(id: string): LayoutQuestion | undefined; has(id: string): boolean };
export type Layout = { sections: SectionInfo[]; questions: LayoutQuestion[]; byId: QuestionIndex };

// Attempts at one test name the same questions in mostly the same order, each with one of a few
// option orders: parsed layouts share one frozen copy of each section, each question as placed, and
// each id-to-place index, so that a kept 100-question layout is little more than its array (about
// 1 KB, where a copy of its own took about 13 KB). Each table is emptied when full; layouts that
// hold its entries keep them.
const SHARED_MAX = 200_000;
const QUESTIONS_MAX = 20_000;
const INDEXES_MAX = 256;
const sharedIds = new Map<string, string>();
const sharedOrders = new Map<string, readonly number[]>();
const sharedQuestions = new Map<string, LayoutQuestion>();
const sharedSections = new Map<string, SectionInfo>();
const sharedIndexes = new Map<string, ReadonlyMap<string, number>>();
function shared<T>(map: Map<string, T>, key: string, make: () => T, max = SHARED_MAX): T {
  const known = map.get(key);
  if (known !== undefined) return known;
  if (map.size >= max) map.clear();
  const value = make();
  map.set(key, value);
  return value;
}

class PlacedQuestions implements QuestionIndex {
  constructor(
    private readonly questions: readonly LayoutQuestion[],
    private readonly places: ReadonlyMap<string, number>,
  ) {}

  get(id: string): LayoutQuestion | undefined {
    const place = this.places.get(id);
    return place === undefined ? undefined : this.questions[place];
  }

  has(id: string): boolean {
    return this.places.has(id);
  }
}

export function buildLayout(sections: StoredSection[]): Layout {
  const questions: LayoutQuestion[] = [];
  sections.forEach((section, sectionIndex) => {
    for (const q of section.questions) {
      const orderKey = q.order.join();
      const order = shared(sharedOrders, orderKey, () => Object.freeze(q.order));
      const id = shared(sharedIds, q.id, () => q.id);
      const version = q.version ?? 1;
      const number = questions.length + 1;
      const key = `${id} ${version} ${q.type} ${sectionIndex} ${number} ${orderKey}`;
      questions.push(shared(sharedQuestions, key, () => Object.freeze({ id, version, type: q.type, sectionIndex, order, number }), QUESTIONS_MAX));
    }
  });
  const info = sections.map(({ questions: _questions, ...rest }) => shared(sharedSections, JSON.stringify(rest), () => Object.freeze(rest), INDEXES_MAX));
  const places = shared(sharedIndexes, questions.map((q) => q.id).join(' '), () => new Map(questions.map((q, i) => [q.id, i])), INDEXES_MAX);
  return { sections: info, questions, byId: new PlacedQuestions(questions, places) };
}

export const parseLayout = (json: string): Layout => buildLayout(JSON.parse(json) as StoredSection[]);

/** Parsed layouts by attempt id, least recently used dropped first. */
export function layoutCache(max: number) {
  const cache = new Map<string, Layout>();
  return {
    async get(attemptId: string, load: () => Promise<string | undefined>): Promise<Layout | undefined> {
      const hit = cache.get(attemptId);
      if (hit) {
        cache.delete(attemptId);
        cache.set(attemptId, hit);
        return hit;
      }
      const json = await load();
      if (json === undefined) return undefined;
      const layout = parseLayout(json);
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(attemptId, layout);
      return layout;
    },
    /** A layout just written: kept so the attempt's first saves need not read it back. */
    put(attemptId: string, layout: Layout): void {
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(attemptId, layout);
    },
  };
}

/** Whether the sections are locked: every one has a time limit. */
export const isLocked = (sections: readonly StoredSection[]): boolean => sections.length > 0 && sections.every((s) => s.timeLimitMinutes !== null);
