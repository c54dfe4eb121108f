import type { QuestionType } from '@abhyas/contracts';

/**
 * An attempt's layout: its sections as they stood when it began, and in each the questions in the
 * order the candidate sees them with their options' bank positions in display order. Stored once as
 * JSON in attempts.sections and never changed, so a parsed copy can be kept in memory and a save
 * needs no more than the attempt's own row.
 */
export type StoredQuestion = { id: string; type: QuestionType; order: number[] };
export type StoredSection = {
  /** Null for the one section of a practice session. */
  id: string | null;
  title: string;
  marks: number;
  negativeMarks: number;
  timeLimitMinutes: number | null;
  questions: StoredQuestion[];
};

export type LayoutQuestion = { id: string; type: QuestionType; sectionIndex: number; order: number[]; /** 1-based, across the attempt. */ number: number };
export type Layout = { sections: StoredSection[]; questions: LayoutQuestion[]; byId: Map<string, LayoutQuestion> };

export function buildLayout(sections: StoredSection[]): Layout {
  const questions: LayoutQuestion[] = [];
  sections.forEach((section, sectionIndex) => {
    for (const q of section.questions) questions.push({ id: q.id, type: q.type, sectionIndex, order: q.order, number: questions.length + 1 });
  });
  return { sections, questions, byId: new Map(questions.map((q) => [q.id, q])) };
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
