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
export type Layout = { sections: SectionInfo[]; questions: LayoutQuestion[]; byId: Map<string, LayoutQuestion> };

// Attempts at one test name the same questions and mostly the same few option orders: parsed layouts
// share one copy of each (a 100-question layout then takes about a third of the memory).
const SHARED_MAX = 200_000;
const sharedIds = new Map<string, string>();
const sharedOrders = new Map<string, readonly number[]>();
function shared<T>(map: Map<string, T>, key: string, value: T): T {
  const known = map.get(key);
  if (known !== undefined) return known;
  if (map.size >= SHARED_MAX) map.clear();
  map.set(key, value);
  return value;
}

export function buildLayout(sections: StoredSection[]): Layout {
  const questions: LayoutQuestion[] = [];
  sections.forEach((section, sectionIndex) => {
    for (const q of section.questions) {
      const order = shared(sharedOrders, q.order.join(), Object.freeze(q.order));
      questions.push({ id: shared(sharedIds, q.id, q.id), version: q.version ?? 1, type: q.type, sectionIndex, order, number: questions.length + 1 });
    }
  });
  const info = sections.map(({ questions: _questions, ...rest }) => rest);
  return { sections: info, questions, byId: new Map(questions.map((q) => [q.id, q])) };
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
