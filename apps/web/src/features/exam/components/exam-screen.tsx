import type { Attempt, Confidence, OptionId, PaletteState } from '@abhyas/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { cx } from '@/components/ui/cx';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { examCommandForKey } from '@/lib/exam-keys';
import type { ExamSession, SessionSnapshot } from '../utils/exam-session';
import { openSectionAt, sectionGroups, type SectionGroup } from '../utils/palette';
import { questionTotal, sectionCounts, totalCounts } from '../utils/section-counts';
import type { ServerClock } from '../utils/server-clock';
import { useClockValue } from '../utils/use-clock-value';
import { Countdown } from './countdown';
import { HelpDialog } from './help-dialog';
import { NotCountedList } from './not-counted-list';
import { Palette } from './palette';
import { QuestionPanel } from './question-panel';
import { SectionTabs } from './section-tabs';
import { SubmitDialog } from './submit-dialog';

export interface ExamScreenProps {
  attempt: Attempt;
  session: ExamSession;
  snapshot: SessionSnapshot;
  clock: ServerClock;
  onTakeOver: () => void;
  takingOver: boolean;
  takeOverError: string | null;
  /** Sends what waits, then submits; resolves with an error message, or null once submitted. */
  onSubmit: () => Promise<string | null>;
}

interface Draft {
  questionId: string;
  optionIds: OptionId[];
  confidence: Confidence | null;
}

/** Where the screen opens: where this device left off, else the first question not visited, in a section that is open. */
function firstQuestion(groups: readonly SectionGroup[], open: number | null, snapshot: SessionSnapshot): string {
  const allowed = open === null ? groups.flatMap((g) => g.questions) : (groups[Math.max(0, open)]?.questions ?? []);
  if (snapshot.position && allowed.some((q) => q.questionId === snapshot.position)) return snapshot.position;
  const unseen = allowed.find((q) => (snapshot.answers[q.questionId]?.state ?? 'notVisited') === 'notVisited');
  return (unseen ?? allowed[0] ?? groups[0]?.questions[0])?.questionId ?? '';
}

/**
 * The computer-based-test screen: header with the test's title and the countdown, section tabs, the
 * question, the action buttons (Save & Next, Mark for Review & Next, Clear Response, Previous) and the
 * palette with Submit. As on the real screen a choice counts only once saved; moving by the palette
 * leaves a question as it was; the first visit records the question as "not answered".
 */
export function ExamScreen({ attempt, session, snapshot, clock, onTakeOver, takingOver, takeOverError, onSubmit }: ExamScreenProps) {
  const groups = useMemo(() => sectionGroups(attempt), [attempt]);
  const locked = attempt.lockedSections;
  const endsAt = attempt.endsAt ? Date.parse(attempt.endsAt) : Number.POSITIVE_INFINITY;
  const openSection = useClockValue(clock, (now) => openSectionAt(groups, locked, now));
  const timeUp = useClockValue(clock, (now) => now >= endsAt || openSectionAt(groups, locked, now) === -1);
  const readOnly = snapshot.takenOver || snapshot.ended || attempt.status !== 'open';
  const writable = !readOnly && !timeUp;

  const groupIndexOf = useMemo(() => {
    const byQuestion = new Map<string, number>();
    for (const g of groups) for (const q of g.questions) byQuestion.set(q.questionId, g.index);
    return byQuestion;
  }, [groups]);
  const byId = useMemo(() => new Map(attempt.questions.map((q) => [q.questionId, q])), [attempt.questions]);
  const stateOf = (questionId: string): PaletteState => snapshot.answers[questionId]?.state ?? 'notVisited';

  const [currentId, setCurrentId] = useState(() => firstQuestion(groups, openSection, snapshot));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const [submitOpen, setSubmitOpen] = useState(false);
  const [submitBusy, setSubmitBusy] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // When the question on screen was shown, for the time spent on it (set once mounted).
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
  }, []);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const paletteButtonRef = useRef<HTMLButtonElement>(null);
  const paletteId = useId();
  const lastInSection = useRef(new Map<number, string>());
  // Whether this device wrote to the attempt on this page: a takeover then "continues on another device".
  const [wasWriter, setWasWriter] = useState(!snapshot.takenOver);
  if (!snapshot.takenOver && !wasWriter) setWasWriter(true);

  const question = byId.get(currentId) ?? attempt.questions[0];
  const currentGroup = groupIndexOf.get(currentId) ?? 0;
  const answerable = writable && (openSection === null || currentGroup === openSection);
  // The questions Previous and Save & Next move through: all of them, or the open section's.
  const range = openSection === null ? attempt.questions : (groups[Math.max(0, openSection)]?.questions ?? []);

  const saved = snapshot.answers[currentId];
  const shown: Draft =
    draft && draft.questionId === currentId ? draft : { questionId: currentId, optionIds: saved?.optionIds ?? [], confidence: saved?.confidence ?? null };

  const goTo = (questionId: string) => {
    setPaletteOpen(false);
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

  const openPalette = () => {
    setPaletteOpen(true);
    setFocusRequest((n) => n + 1);
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

  // The documented keys (lib/exam-keys): off while a dialog is open or a key goes to a text field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest('textarea, select, [contenteditable="true"], input:not([type="radio"]):not([type="checkbox"])')) return;
      const command = examCommandForKey(event);
      if (!command) return;
      event.preventDefault();
      switch (command.action) {
        case 'option': {
          const option = question?.options[command.index ?? 0];
          if (option) choose(option.id);
          break;
        }
        case 'saveNext':
          return save(false);
        case 'markNext':
          return save(true);
        case 'clear':
          return clear();
        case 'previous':
          return step(-1);
        case 'sure':
        case 'fifty':
        case 'guess':
          return chooseConfidence(command.action);
        case 'palette':
          return openPalette();
        case 'help':
          return setHelpOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const tabGroup = groups[currentGroup] ?? groups[0]!;
  const tabCounts = sectionCounts(tabGroup, attempt, stateOf);
  const tabClosed = openSection !== null && (openSection === -1 || tabGroup.index < openSection);
  const section = attempt.sections.find((s) => s.id === question?.sectionId);
  const sectionClosesAt = openSection !== null && openSection >= 0 ? groups[openSection]?.closesAt ?? null : null;

  const confirmSubmit = async () => {
    setSubmitBusy(true);
    setSubmitError(null);
    const error = await onSubmit();
    setSubmitBusy(false);
    setSubmitError(error);
  };

  const pending = snapshot.pending;
  const status =
    pending === 0
      ? t('exam.status.saved')
      : snapshot.offline
        ? pending === 1
          ? t('exam.status.offlineOne')
          : t('exam.status.offline', { count: pending })
        : pending === 1
          ? t('exam.status.sendingOne')
          : t('exam.status.sending', { count: pending });

  return (
    <div className="flex h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-3 py-2 sm:px-5 dark:border-slate-800 dark:bg-slate-900">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-bold sm:text-lg">{attempt.test?.title ?? t('exam.screen.title')}</h1>
          <p className={cx('truncate text-xs', pending > 0 ? 'font-semibold text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-400')}>{snapshot.takenOver ? t('exam.status.elsewhere') : status}</p>
        </div>
        <Countdown clock={clock} endsAt={endsAt} sectionClosesAt={sectionClosesAt} />
        <div className="flex gap-1">
          <Button variant="ghost" className="px-3" aria-label={t('exam.help.open')} aria-keyshortcuts="?" onClick={() => setHelpOpen(true)}>
            ?
          </Button>
          <button
            type="button"
            ref={paletteButtonRef}
            className={buttonClasses({ variant: 'secondary', className: 'px-3 lg:hidden' })}
            aria-expanded={paletteOpen}
            aria-controls={paletteId}
            aria-keyshortcuts="Q"
            onClick={() => (paletteOpen ? setPaletteOpen(false) : openPalette())}
          >
            {t('exam.palette.toggle')}
          </button>
        </div>
      </header>
      <p role="status" className="sr-only">
        {snapshot.offline ? t('exam.status.offlineAnnounce') : ''}
      </p>

      {groups.length > 1 && (
        <SectionTabs
          groups={groups}
          current={currentGroup}
          openSection={openSection}
          onPick={(index) => {
            const group = groups[index];
            if (group) goTo(lastInSection.current.get(index) ?? group.questions[0]?.questionId ?? currentId);
          }}
        />
      )}

      <div className="flex min-h-0 flex-1">
        <div className="min-w-0 flex-1 overflow-y-auto px-3 py-4 sm:px-6">
          <div className="mx-auto flex max-w-3xl flex-col gap-4">
            {snapshot.takenOver && attempt.status === 'open' && (
              <Alert tone="warning" role="alert" title={wasWriter ? t('exam.takeover.continuesElsewhere') : t('exam.takeover.openElsewhere')}>
                <p>{t('exam.takeover.body')}</p>
                <Button className="mt-2" onClick={onTakeOver} disabled={takingOver}>
                  {takingOver && <Spinner className="size-5 text-white" />}
                  {t('exam.takeover.continueHere')}
                </Button>
                {takeOverError && <p className="mt-2 font-semibold">{takeOverError}</p>}
              </Alert>
            )}
            {timeUp && !snapshot.takenOver && (
              <Alert tone="info" role="status" title={t('exam.timeUp.title')}>
                <p className="flex items-center gap-2">
                  <Spinner className="size-4" />
                  {t('exam.timeUp.body')}
                </p>
              </Alert>
            )}
            {snapshot.signedOut && (
              <Alert tone="warning" role="alert" title={t('exam.signedOut.title')}>
                <p>{t('exam.signedOut.body')}</p>
                <ButtonLink to={`/login?next=/attempts/${encodeURIComponent(attempt.id)}`} className="mt-2">
                  {t('exam.signedOut.signIn')}
                </ButtonLink>
              </Alert>
            )}
            {snapshot.notCounted.length > 0 && <NotCountedList notCounted={snapshot.notCounted} numberOf={(id) => byId.get(id)?.number ?? 0} />}
            {question && (
              <QuestionPanel
                question={question}
                total={questionTotal(attempt)}
                sectionTitle={groups.length > 1 ? tabGroup.title : null}
                marks={section?.marks ?? null}
                negativeMarks={section?.negativeMarks ?? null}
                chosen={shown.optionIds}
                confidence={shown.confidence}
                answerable={answerable}
                onChoose={choose}
                onConfidence={chooseConfidence}
                headingRef={headingRef}
              />
            )}
          </div>
        </div>

        {paletteOpen && <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-950/50 lg:hidden" onClick={() => setPaletteOpen(false)} />}
        <aside
          id={paletteId}
          aria-label={t('exam.palette.title')}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && paletteOpen) {
              setPaletteOpen(false);
              paletteButtonRef.current?.focus();
            }
          }}
          className={cx(
            'flex-col gap-4 overflow-y-auto border-l border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900',
            'lg:static lg:z-auto lg:flex lg:w-80 lg:shadow-none',
            paletteOpen ? 'fixed inset-y-0 right-0 z-40 flex w-[min(20rem,100vw)] shadow-xl' : 'hidden',
          )}
        >
          <div className="flex items-center justify-between gap-2">
            <h2 className="font-bold">{groups.length > 1 ? tabGroup.title : t('exam.palette.title')}</h2>
            <Button variant="ghost" className="px-3 lg:hidden" onClick={() => setPaletteOpen(false)}>
              {t('exam.palette.close')}
            </Button>
          </div>
          {tabClosed && (
            <p role="status" className="rounded-md bg-slate-100 p-3 text-sm font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {t('exam.palette.sectionClosed', { section: tabGroup.title })}
            </p>
          )}
          <Palette
            questions={tabClosed ? [] : tabGroup.questions}
            title={groups.length > 1 ? tabGroup.title : t('exam.palette.all')}
            currentId={currentId}
            stateOf={stateOf}
            onDevice={(id) => snapshot.answers[id]?.onDevice === true}
            counts={tabCounts}
            onPick={goTo}
            focusRequest={focusRequest}
          />
          <Button
            variant="secondary"
            className="mt-auto"
            disabled={readOnly || timeUp}
            onClick={() => {
              setSubmitError(null);
              setSubmitOpen(true);
            }}
          >
            {t('exam.submit.open')}
          </Button>
        </aside>
      </div>

      <div className="flex flex-col gap-2 border-t border-slate-200 bg-white p-2 sm:flex-row sm:justify-between sm:px-5 dark:border-slate-800 dark:bg-slate-900">
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button variant="secondary" className="px-2 text-sm sm:px-4 sm:text-base" disabled={!answerable} aria-keyshortcuts="M" onClick={() => save(true)}>
            {t('exam.action.markNext')}
          </Button>
          <Button variant="secondary" className="px-2 text-sm sm:px-4 sm:text-base" disabled={!answerable} aria-keyshortcuts="C" onClick={clear}>
            {t('exam.action.clear')}
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button variant="secondary" className="px-2 text-sm sm:px-4 sm:text-base" aria-keyshortcuts="P" onClick={() => step(-1)}>
            {t('exam.action.previous')}
          </Button>
          <Button className="px-2 text-sm sm:px-4 sm:text-base" disabled={!answerable} aria-keyshortcuts="S" onClick={() => save(false)}>
            {t('exam.action.saveNext')}
          </Button>
        </div>
      </div>

      <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <SubmitDialog
        open={submitOpen}
        sections={groups.length > 1 ? groups.map((g) => ({ title: g.title, counts: sectionCounts(g, attempt, stateOf) })) : []}
        total={totalCounts(groups, attempt, stateOf)}
        markedAnsweredCounts={attempt.markedAnsweredCounts}
        pending={pending}
        busy={submitBusy}
        error={submitError}
        onConfirm={() => void confirmSubmit()}
        onClose={() => setSubmitOpen(false)}
      />
    </div>
  );
}
