import type { Attempt, PaletteState } from '@abhyas/contracts';
import { countStates, type SectionGroup } from './palette';

type Counts = Record<PaletteState, number>;

/**
 * A section's palette counts: from this device's answers while its questions are on screen, else
 * (a locked section not open) as the server counts the answers it holds.
 */
export function sectionCounts(group: SectionGroup, attempt: Pick<Attempt, 'sections'>, stateOf: (questionId: string) => PaletteState): Counts {
  const section = attempt.sections[group.index];
  if (group.questions.length === 0 && section && section.questionCount > 0) return { ...section.states };
  return countStates(group.questions, stateOf);
}

/** The counts of every section added up. */
export function totalCounts(groups: readonly SectionGroup[], attempt: Pick<Attempt, 'sections'>, stateOf: (questionId: string) => PaletteState): Counts {
  const total = countStates([], stateOf);
  for (const group of groups) {
    const counts = sectionCounts(group, attempt, stateOf);
    for (const state of Object.keys(total) as PaletteState[]) total[state] += counts[state];
  }
  return total;
}

/** How many questions the attempt holds, delivered or not. */
export const questionTotal = (attempt: Pick<Attempt, 'sections' | 'questions'>): number =>
  Math.max(attempt.questions.length, attempt.sections.reduce((n, s) => n + s.questionCount, 0));
