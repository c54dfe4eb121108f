import { PALETTE_STATES, type Attempt, type AttemptQuestion, type PaletteState } from '@abhyas/contracts';

/** How many of `questions` are in each state. */
export function countStates(questions: readonly AttemptQuestion[], stateOf: (questionId: string) => PaletteState): Record<PaletteState, number> {
  const counts = Object.fromEntries(PALETTE_STATES.map((s) => [s, 0])) as Record<PaletteState, number>;
  for (const q of questions) counts[stateOf(q.questionId)] += 1;
  return counts;
}

export interface SectionGroup {
  /** null for a test without sections. */
  id: string | null;
  title: string;
  index: number;
  questions: AttemptQuestion[];
  opensAt: number | null;
  closesAt: number | null;
}

/** The attempt's questions grouped by section, in the attempt's order. */
export function sectionGroups(attempt: Pick<Attempt, 'sections' | 'questions'>): SectionGroup[] {
  if (attempt.sections.length === 0) return [{ id: null, title: '', index: 0, questions: attempt.questions, opensAt: null, closesAt: null }];
  return attempt.sections.map((section, index) => ({
    id: section.id,
    title: section.title,
    index,
    questions: attempt.questions.filter((q) => q.sectionId === section.id),
    opensAt: section.opensAt ? Date.parse(section.opensAt) : null,
    closesAt: section.closesAt ? Date.parse(section.closesAt) : null,
  }));
}

/**
 * With locked sections, the index of the section open at `now` (server time); -1 when every
 * section has closed. Without locked sections, null: every section is open until the end.
 */
export function openSectionAt(groups: readonly SectionGroup[], locked: boolean, now: number): number | null {
  if (!locked) return null;
  const open = groups.findIndex((g) => g.opensAt !== null && g.closesAt !== null && g.opensAt <= now && now < g.closesAt);
  if (open >= 0) return open;
  const upcoming = groups.findIndex((g) => g.opensAt !== null && now < g.opensAt);
  return upcoming >= 0 ? upcoming : -1;
}
