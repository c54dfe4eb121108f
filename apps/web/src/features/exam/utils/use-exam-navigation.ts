import type { Attempt, Confidence, OptionId } from '@abhyas/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ExamSession } from './exam-session';
import type { SectionGroup } from './palette';
import type { SessionSnapshot } from './session-snapshot';

/** The choice on screen, not yet saved: it counts only once the candidate saves it. */
export interface Draft {
  questionId: string;
  optionIds: OptionId[];
  confidence: Confidence | null;
}

export interface ExamNavigationInput {
  attempt: Attempt;
  session: ExamSession;
  snapshot: SessionSnapshot;
  groups: readonly SectionGroup[];
  /** The section open now with locked sections (-1 once all have closed), else null. */
  openSection: number | null;
  /** Whether this device may save: the attempt is open, this device writes and the time has not run out. */
  writable: boolean;
  /** Runs on every move to another question (the palette, if open, closes). */
  onMove: () => void;
}

/** Where the screen opens: where this device left off, else the first question not visited, in a section that is open. */
function firstQuestion(groups: readonly SectionGroup[], open: number | null, snapshot: SessionSnapshot): string {
  const allowed = open === null ? groups.flatMap((g) => g.questions) : (groups[Math.max(0, open)]?.questions ?? []);
  if (snapshot.position && allowed.some((q) => q.questionId === snapshot.position)) return snapshot.position;
  const unseen = allowed.find((q) => (snapshot.answers[q.questionId]?.state ?? 'notVisited') === 'notVisited');
  return (unseen ?? allowed[0] ?? groups[0]?.questions[0])?.questionId ?? '';
}

/**
 * The question on screen and the moves between questions, as on the real screen: a choice counts
 * only once saved (Save & Next, Mark for Review & Next); moving by the palette or a section tab
 * leaves a question as it was; the first visit records the question as "not answered"; the time
 * spent on each question goes with its next save. With locked sections the moves stay in the open
 * section, and the screen moves on when the server's clock opens the next one.
 */
export function useExamNavigation({ attempt, session, snapshot, groups, openSection, writable, onMove }: ExamNavigationInput) {
  const groupIndexOf = useMemo(() => {
    const byQuestion = new Map<string, number>();
    for (const g of groups) for (const q of g.questions) byQuestion.set(q.questionId, g.index);
    return byQuestion;
  }, [groups]);
  const byId = useMemo(() => new Map(attempt.questions.map((q) => [q.questionId, q])), [attempt.questions]);

  const [currentId, setCurrentId] = useState(() => firstQuestion(groups, openSection, snapshot));
  const [draft, setDraft] = useState<Draft | null>(null);
  // When the question on screen was shown, for the time spent on it (set once mounted).
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
  }, []);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastInSection = useRef(new Map<number, string>());

  const question = byId.get(currentId) ?? attempt.questions[0];
  const currentGroup = groupIndexOf.get(currentId) ?? 0;
  const answerable = writable && (openSection === null || currentGroup === openSection);
  // The questions Previous and Save & Next move through: all of them, or the open section's.
  const range = openSection === null ? attempt.questions : (groups[Math.max(0, openSection)]?.questions ?? []);

  const saved = snapshot.answers[currentId];
  const shown: Draft =
    draft && draft.questionId === currentId ? draft : { questionId: currentId, optionIds: saved?.optionIds ?? [], confidence: saved?.confidence ?? null };

  const goTo = (questionId: string) => {
    onMove();
    setDraft(null);
    if (questionId === currentId || !byId.has(questionId)) return;
    session.addTime(currentId, Date.now() - shownAt.current);
    shownAt.current = Date.now();
    lastInSection.current.set(currentGroup, currentId);
    setCurrentId(questionId);
    session.setPosition(questionId);
  };

  const step = (by: 1 | -1) => {
    const index = range.findIndex((q) => q.questionId === currentId);
    const next = range[index + by];
    if (next) goTo(next.questionId);
    else setDraft(null);
  };

  const save = (markedForReview: boolean) => {
    if (!answerable || !question) return;
    session.addTime(currentId, Date.now() - shownAt.current);
    shownAt.current = Date.now();
    session.save(currentId, { optionIds: shown.optionIds, markedForReview, confidence: shown.optionIds.length > 0 ? shown.confidence : null });
    step(1);
  };

  const clear = () => {
    if (!answerable) return;
    session.save(currentId, { optionIds: [], markedForReview: saved?.markedForReview ?? false, confidence: null });
    setDraft(null);
  };

  const choose = (optionId: OptionId) => {
    if (!answerable || !question) return;
    const optionIds = question.type === 'multiple' ? (shown.optionIds.includes(optionId) ? shown.optionIds.filter((id) => id !== optionId) : [...shown.optionIds, optionId].sort()) : [optionId];
    setDraft({ ...shown, optionIds });
  };

  const chooseConfidence = (level: Confidence) => {
    if (!answerable) return;
    setDraft({ ...shown, confidence: shown.confidence === level ? null : level });
  };

  /** A section tab: back to where the candidate was in that section, else its first question. */
  const pickSection = (index: number) => {
    const group = groups[index];
    if (group) goTo(lastInSection.current.get(index) ?? group.questions[0]?.questionId ?? currentId);
  };

  // A locked section closed on the server's clock: the screen moves on to the one now open, as soon
  // as its questions have come (the server sends them only once it is open).
  const openFirst = openSection !== null && openSection >= 0 ? groups[openSection]?.questions[0]?.questionId : undefined;
  const [seenOpen, setSeenOpen] = useState(openFirst);
  if (seenOpen !== openFirst) {
    setSeenOpen(openFirst);
    if (openFirst && (currentGroup !== openSection || !byId.has(currentId))) {
      setDraft(null);
      setCurrentId(openFirst);
    }
  }

  // The first visit of a question records it as "not answered", so the palette survives a reload.
  useEffect(() => {
    if (!answerable) return;
    if ((session.getSnapshot().answers[currentId]?.state ?? 'notVisited') === 'notVisited') {
      session.save(currentId, { optionIds: [], markedForReview: false, confidence: null });
    }
    session.setPosition(currentId);
  }, [currentId, answerable, session]);

  // A new question: focus goes to its heading, so a screen reader reads it from the top.
  const focused = useRef(currentId);
  useEffect(() => {
    if (focused.current === currentId) return;
    focused.current = currentId;
    headingRef.current?.focus();
  }, [currentId]);

  return { currentId, currentGroup, question, byId, shown, answerable, headingRef, goTo, step, save, clear, choose, chooseConfidence, pickSection };
}
