import { PALETTE_STATES, paletteState, type Attempt, type AttemptView, type PaletteState } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import type { DeliveryQuestion } from '../questions/questions.service.js';
import { parseChoice, toAttemptQuestion, toSavedAnswer } from './attempts.dto.js';
import type { AnswerRow } from './attempts.repo.js';
import type { AttemptRow } from './attempts.table.js';
import { isDelivered, type Timing } from './deadlines.js';
import type { Layout, LayoutQuestion } from './layout.js';

/**
 * The questions an attempt document carries at `now`. Locked sections are delivered as on the real
 * computer-based test: a section's questions only while it is open, so no stem of a later section
 * leaves the server early and a closed section's leave the document; an attempt no longer open
 * delivers no locked section. Without locked sections every question is delivered.
 */
export function deliveredQuestions(layout: Layout, timing: Timing, status: AttemptRow['status'], now: number): LayoutQuestion[] {
  if (!timing.windows) return layout.questions;
  if (status !== 'open') return [];
  return layout.questions.filter((q) => isDelivered(timing, q.sectionIndex, now));
}

const noStates = (): Record<PaletteState, number> => Object.fromEntries(PALETTE_STATES.map((s) => [s, 0])) as Record<PaletteState, number>;

/** Per section, its questions counted by the palette state of their stored answers (none stored: not visited). */
function sectionStates(layout: Layout, answers: readonly AnswerRow[]): Record<PaletteState, number>[] {
  const states = layout.sections.map(noStates);
  for (const q of layout.questions) states[q.sectionIndex]!.notVisited += 1;
  for (const a of answers) {
    const q = layout.byId.get(a.question_id);
    if (!q) continue;
    const counts = states[q.sectionIndex]!;
    counts.notVisited -= 1;
    counts[paletteState(parseChoice(a.choice).length > 0, a.marked_for_review === 1)] += 1;
  }
  return states;
}

type DocumentInput = {
  row: AttemptRow;
  layout: Layout;
  timing: Timing;
  /** The delivered questions (`deliveredQuestions`) as the bank has them. */
  shown: readonly LayoutQuestion[];
  questions: ReadonlyMap<string, DeliveryQuestion>;
  answers: readonly AnswerRow[];
  test: Attempt['test'];
  view: AttemptView;
  writer: Attempt['writer'];
  now: number;
};

/**
 * An attempt as the candidate's device gets it: the delivered questions without keys and their saved
 * answers, every section with its window and counts, the clock and who writes. Answers to questions
 * not delivered stay out as content and count in their section's states.
 */
export function attemptDocument({ row, layout, timing, shown, questions, answers, test, view, writer, now }: DocumentInput): Attempt {
  const delivered = new Set(shown.map((q) => q.id));
  const lastSeq = answers.reduce((max, a) => Math.max(max, Number(a.seq)), Number(row.last_seq));
  const states = sectionStates(layout, answers);
  return {
    id: row.id,
    behaviour: row.behaviour,
    test,
    status: row.status,
    attemptNumber: row.attempt_number,
    lockedSections: row.locked_sections === 1,
    markedAnsweredCounts: row.marked_answered_counts === 1,
    startedAt: toIso(Number(row.started_at)),
    endsAt: row.ends_at === null ? null : toIso(Number(row.ends_at)),
    graceSeconds: Math.round(row.grace_ms / 1000),
    extraMinutesPerHour: Number(row.extra_minutes_per_hour),
    submittedAt: row.submitted_at === null ? null : toIso(Number(row.submitted_at)),
    sections: layout.sections.flatMap((s, i) => {
      if (s.id === null) return [];
      const window = timing.windows?.[i];
      const questionCount = layout.questions.filter((q) => q.sectionIndex === i).length;
      return [
        {
          id: s.id,
          title: s.title,
          marks: s.marks,
          negativeMarks: s.negativeMarks,
          opensAt: window ? toIso(window.opensAt) : null,
          closesAt: window ? toIso(window.closesAt) : null,
          questionCount,
          states: states[i]!,
        },
      ];
    }),
    questions: shown.map((q) => toAttemptQuestion(q, layout.sections[q.sectionIndex]!, questions.get(q.id))),
    answers: answers.flatMap((a) => {
      const q = layout.byId.get(a.question_id);
      return q && delivered.has(q.id) ? [toSavedAnswer(a, q.order)] : [];
    }),
    view,
    lastSeq,
    writer,
    serverTime: toIso(now),
  };
}
