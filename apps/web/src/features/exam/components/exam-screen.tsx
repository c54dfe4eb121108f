import type { Attempt, PaletteState } from '@abhyas/contracts';
import { useId, useMemo, useRef, useState } from 'react';
import { t } from '@/i18n/i18n';
import type { ServerClock } from '@/lib/server-clock';
import { useClockValue } from '@/lib/use-clock-value';
import type { ExamSession } from '../utils/exam-session';
import { useExamDisplay } from '../utils/exam-display';
import type { ExamView, ViewSnapshot } from '../utils/exam-view';
import { questionReading } from '../utils/question-reading';
import { openSectionAt, sectionGroups } from '../utils/palette';
import { questionTotal, sectionCounts, totalCounts } from '../utils/section-counts';
import type { SessionSnapshot } from '../utils/session-snapshot';
import { useExamKeys } from '../utils/use-exam-keys';
import { useExamNavigation } from '../utils/use-exam-navigation';
import { ExamActions } from './exam-actions';
import { ExamHeader } from './exam-header';
import { ExamLayout } from './exam-layout';
import { ExamNotices } from './exam-notices';
import { ExamToolbar } from './exam-toolbar';
import { HelpDialog } from './help-dialog';
import { Palette } from './palette';
import { PalettePanel } from './palette-panel';
import { QuestionPanel } from './question-panel';
import { SectionTabs } from './section-tabs';
import { SubmitDialog } from './submit-dialog';
import { ViewAllSelect } from './view-all-select';
import { ViewInSelect } from './view-in-select';

export interface ExamScreenProps {
  attempt: Attempt;
  session: ExamSession;
  snapshot: SessionSnapshot;
  /** The languages the candidate reads the attempt in, kept on the device and the server. */
  view: ExamView;
  viewSnapshot: ViewSnapshot;
  clock: ServerClock;
  onTakeOver: () => void;
  takingOver: boolean;
  takeOverError: string | null;
  /** Sends what waits, then submits; resolves with an error message, or null once submitted. */
  onSubmit: () => Promise<string | null>;
}

/**
 * The computer-based-test screen: header with the test's title and the countdown, section tabs, the
 * question, the action buttons (Save & Next, Mark for Review & Next, Clear Response, Previous) and the
 * palette with Submit, all usable from the keyboard, in the candidate's text size and theme. The moves between questions are in
 * useExamNavigation, the keys in useExamKeys.
 */
export function ExamScreen({ attempt, session, snapshot, view, viewSnapshot, clock, onTakeOver, takingOver, takeOverError, onSubmit }: ExamScreenProps) {
  const groups = useMemo(() => sectionGroups(attempt), [attempt]);
  const locked = attempt.lockedSections;
  const endsAt = attempt.endsAt ? Date.parse(attempt.endsAt) : Number.POSITIVE_INFINITY;
  const openSection = useClockValue(clock, (now) => openSectionAt(groups, locked, now));
  const timeUp = useClockValue(clock, (now) => now >= endsAt || openSectionAt(groups, locked, now) === -1);
  const readOnly = snapshot.takenOver || snapshot.ended || attempt.status !== 'open';
  const stateOf = (questionId: string): PaletteState => snapshot.answers[questionId]?.state ?? 'notVisited';

  const [paletteOpen, setPaletteOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const [submitOpen, setSubmitOpen] = useState(false);
  const [submitBusy, setSubmitBusy] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const paletteButtonRef = useRef<HTMLButtonElement>(null);
  const [display, setDisplay] = useExamDisplay();
  const paletteId = useId();
  // Whether this device wrote to the attempt on this page: a takeover then "continues on another device".
  const [wasWriter, setWasWriter] = useState(!snapshot.takenOver);
  if (!snapshot.takenOver && !wasWriter) setWasWriter(true);

  const nav = useExamNavigation({ attempt, session, snapshot, groups, openSection, writable: !readOnly && !timeUp, onMove: () => setPaletteOpen(false) });
  const { question, shown } = nav;
  const offered = attempt.test?.languages ?? [];
  const reading = question && questionReading(question, viewSnapshot.view, offered);

  const openPalette = () => {
    setPaletteOpen(true);
    setFocusRequest((n) => n + 1);
  };

  useExamKeys({
    option: (index) => {
      const option = question?.options[index];
      if (option) nav.choose(option.id);
    },
    saveNext: () => nav.save(false),
    markNext: () => nav.save(true),
    clear: nav.clear,
    previous: () => nav.step(-1),
    confidence: nav.chooseConfidence,
    palette: openPalette,
    help: () => setHelpOpen(true),
  });

  const tabGroup = groups[nav.currentGroup] ?? groups[0]!;
  const tabClosed = openSection !== null && (openSection === -1 || tabGroup.index < openSection);
  const section = attempt.sections.find((s) => s.id === question?.sectionId);
  const sectionClosesAt = openSection !== null && openSection >= 0 ? groups[openSection]?.closesAt ?? null : null;

  const openSubmit = () => {
    setSubmitError(null);
    setSubmitOpen(true);
  };

  const confirmSubmit = async () => {
    setSubmitBusy(true);
    setSubmitError(null);
    const error = await onSubmit();
    setSubmitBusy(false);
    setSubmitError(error);
  };

  return (
    <ExamLayout
      display={display}
      header={
        <ExamHeader
          title={attempt.test?.title ?? t('exam.screen.title')}
          snapshot={snapshot}
          clock={clock}
          endsAt={endsAt}
          sectionClosesAt={sectionClosesAt}
          extraMinutesPerHour={attempt.extraMinutesPerHour}
          toolbar={
            <ExamToolbar
              display={display}
              onDisplayChange={setDisplay}
              onHelp={() => setHelpOpen(true)}
              paletteOpen={paletteOpen}
              paletteId={paletteId}
              paletteButtonRef={paletteButtonRef}
              onTogglePalette={() => (paletteOpen ? setPaletteOpen(false) : openPalette())}
              submitDisabled={readOnly || timeUp}
              onSubmit={openSubmit}
            />
          }
          languageControl={<ViewAllSelect languages={offered} value={viewSnapshot.view.language} onChange={(language) => view.setDefault(language)} />}
        />
      }
      tabs={groups.length > 1 && <SectionTabs groups={groups} current={nav.currentGroup} openSection={openSection} onPick={nav.pickSection} />}
      side={
        <PalettePanel
          id={paletteId}
          title={groups.length > 1 ? tabGroup.title : t('exam.palette.title')}
          open={paletteOpen}
          onClose={() => setPaletteOpen(false)}
          toggleRef={paletteButtonRef}
          closedNote={tabClosed ? t('exam.palette.sectionClosed', { section: tabGroup.title }) : null}
          submitDisabled={readOnly || timeUp}
          onSubmit={openSubmit}
        >
          <Palette
            questions={tabClosed ? [] : tabGroup.questions}
            title={groups.length > 1 ? tabGroup.title : t('exam.palette.all')}
            currentId={nav.currentId}
            stateOf={stateOf}
            onDevice={(id) => snapshot.answers[id]?.onDevice === true}
            counts={sectionCounts(tabGroup, attempt, stateOf)}
            onPick={nav.goTo}
            focusRequest={focusRequest}
          />
        </PalettePanel>
      }
      actions={<ExamActions answerable={nav.answerable} onMarkNext={() => nav.save(true)} onClear={nav.clear} onPrevious={() => nav.step(-1)} onSaveNext={() => nav.save(false)} />}
      dialogs={
        <>
          <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
          <SubmitDialog
            open={submitOpen}
            sections={groups.length > 1 ? groups.map((g) => ({ title: g.title, counts: sectionCounts(g, attempt, stateOf) })) : []}
            total={totalCounts(groups, attempt, stateOf)}
            markedAnsweredCounts={attempt.markedAnsweredCounts}
            pending={snapshot.pending}
            busy={submitBusy}
            error={submitError}
            onConfirm={() => void confirmSubmit()}
            onClose={() => setSubmitOpen(false)}
          />
        </>
      }
    >
      <ExamNotices
        attempt={attempt}
        snapshot={snapshot}
        timeUp={timeUp}
        wasWriter={wasWriter}
        onTakeOver={onTakeOver}
        takingOver={takingOver}
        takeOverError={takeOverError}
        numberOf={(id) => nav.byId.get(id)?.number ?? 0}
      />
      {question && reading && (
        <ViewInSelect languages={reading.languages} value={reading.language} onChange={(language) => view.setQuestion(question.questionId, language)} />
      )}
      {question && reading && (
        <QuestionPanel
          question={reading.shown}
          total={questionTotal(attempt)}
          sectionTitle={groups.length > 1 ? tabGroup.title : null}
          marks={section?.marks ?? null}
          negativeMarks={section?.negativeMarks ?? null}
          chosen={shown.optionIds}
          confidence={shown.confidence}
          answerable={nav.answerable}
          onChoose={nav.choose}
          onConfidence={nav.chooseConfidence}
          headingRef={nav.headingRef}
        />
      )}
    </ExamLayout>
  );
}
