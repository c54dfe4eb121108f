import { PALETTE_STATES, paletteState, type Attempt, type AttemptQuestion, type AttemptResult, type AttemptView, type Confidence, type SavedAnswer } from '@abhyas/contracts';
import { apiError, type FakeHandler, type FakeRequest, type FakeResponse } from './fake-api';

const at = '2026-11-24T09:00:00.000Z';

/** A question as an attempt serves it: four options A–D (checkboxes for `multiple`). */
export function attemptQuestion(number: number, overrides: Partial<AttemptQuestion> = {}): AttemptQuestion {
  return {
    questionId: `q${number}`,
    number,
    sectionId: null,
    type: 'single',
    language: 'en',
    stemHtml: `<p>Stem of question ${number}</p>`,
    options: (['A', 'B', 'C', 'D'] as const).map((id) => ({ id, html: `<p>Option ${id} of ${number}</p>` })),
    translation: null,
    ...overrides,
  };
}

type AttemptSection = Attempt['sections'][number];

/** A section of an attempt; its counts are filled in by `fakeExam` from the questions and answers. */
export function attemptSection(overrides: Partial<AttemptSection> & Pick<AttemptSection, 'id' | 'title'>): AttemptSection {
  return {
    marks: 2,
    negativeMarks: 0.5,
    opensAt: null,
    closesAt: null,
    questionCount: 0,
    states: Object.fromEntries(PALETTE_STATES.map((s) => [s, 0])) as AttemptSection['states'],
    ...overrides,
  };
}

/** A question in English with its Hindi: the same four options A–D, "विकल्प A of 1"… */
export function bilingualQuestion(number: number, overrides: Partial<AttemptQuestion> = {}): AttemptQuestion {
  return attemptQuestion(number, {
    translation: {
      language: 'hi',
      stemHtml: `<p>प्रश्न ${number} का पाठ</p>`,
      options: (['A', 'B', 'C', 'D'] as const).map((id) => ({ id, html: `<p>विकल्प ${id} of ${number}</p>` })),
    },
    ...overrides,
  });
}

/** An open timed attempt of `count` questions in one section, started now and ending in `minutes`. */
export function timedAttempt(overrides: Partial<Attempt> = {}, { count = 6, minutes = 30, now = Date.now() } = {}): Attempt {
  return {
    id: 'a1',
    behaviour: 'timed',
    test: { id: 't1', slug: 'daily-quiz', title: 'Daily quiz', languages: ['en'] },
    status: 'open',
    attemptNumber: 1,
    lockedSections: false,
    markedAnsweredCounts: true,
    startedAt: new Date(now).toISOString(),
    endsAt: new Date(now + minutes * 60_000).toISOString(),
    graceSeconds: 60,
    extraMinutesPerHour: 0,
    submittedAt: null,
    sections: [attemptSection({ id: 's1', title: 'General', questionCount: count })],
    questions: Array.from({ length: count }, (_, i) => attemptQuestion(i + 1, { sectionId: 's1' })),
    answers: [],
    view: { language: 'en', questions: {} },
    lastSeq: 0,
    writer: 'this',
    serverTime: new Date(now).toISOString(),
    ...overrides,
  };
}

export interface FakeExamOptions {
  /** Server time − device time, in milliseconds. */
  serverOffsetMs?: number;
}

/**
 * A stand-in for the attempt engine's routes of one attempt, keeping its rules: saves ordered by
 * `seq` per question, one writing device (the `x-device-id` header), takeover, submission. Spread
 * `routes` into `fakeApi`; the status route answers as the server's does, for the screen's polls.
 * `offline` makes every request fail as a dropped connection does;
 * `refuse` answers the next saves with an error instead. The attempt's view (the languages it is
 * read in) is changed by the writing device while the attempt is open, and kept whole. Locked sections are served as the engine
 * serves them: a section's questions only while it is open on the server's clock, and after its
 * close, within the grace, only saves made (`savedAt`) before it.
 */
export function fakeExam(initial: Attempt, { serverOffsetMs = 0 }: FakeExamOptions = {}) {
  const state = {
    attempt: structuredClone(initial),
    answers: new Map<string, SavedAnswer>(initial.answers.map((a) => [a.questionId, a])),
    writerDevice: null as string | null,
    offline: false,
    refuse: null as FakeResponse | null,
    submittedBy: null as 'candidate' | 'server' | null,
    serverOffsetMs,
  };
  const serverTime = () => new Date(Date.now() + state.serverOffsetMs).toISOString();
  const path = `/api/attempts/${initial.id}`;

  const guard = (request: FakeRequest) => {
    if (state.offline) throw new TypeError('Failed to fetch');
    const device = request.headers['x-device-id'] ?? '';
    state.writerDevice ??= initial.writer === 'this' ? device : 'another-device';
    return device;
  };

  const windowOf = (sectionId: string | null) => {
    const section = state.attempt.sections.find((s) => s.id === sectionId);
    return state.attempt.lockedSections && section?.opensAt && section.closesAt ? { opensAt: Date.parse(section.opensAt), closesAt: Date.parse(section.closesAt) } : null;
  };
  const delivered = (q: AttemptQuestion, now: number) => {
    if (!state.attempt.lockedSections) return true;
    const window = windowOf(q.sectionId);
    return state.attempt.status === 'open' && window !== null && window.opensAt <= now && now < window.closesAt;
  };

  const view = (device: string): Attempt => {
    const now = Date.now() + state.serverOffsetMs;
    const questions = initial.questions.filter((q) => delivered(q, now));
    const shown = new Set(questions.map((q) => q.questionId));
    return {
      ...state.attempt,
      sections: state.attempt.sections.map((section) => {
        const ids = initial.questions.filter((q) => q.sectionId === section.id).map((q) => q.questionId);
        const states = Object.fromEntries(PALETTE_STATES.map((s) => [s, 0])) as AttemptSection['states'];
        for (const id of ids) states[state.answers.get(id)?.state ?? 'notVisited'] += 1;
        return { ...section, questionCount: ids.length, states };
      }),
      questions,
      answers: [...state.answers.values()].filter((a) => shown.has(a.questionId)),
      writer: state.writerDevice === device ? 'this' : 'other',
      serverTime: serverTime(),
    };
  };

  /** The engine's clock rule for a save to a locked section's question: its window, and the grace for saves made before the close. */
  const sectionRefusal = (questionId: string, savedAt: string | undefined): FakeResponse | null => {
    const window = windowOf(initial.questions.find((q) => q.questionId === questionId)?.sectionId ?? null);
    if (!window) return null;
    const now = Date.now() + state.serverOffsetMs;
    if (now < window.opensAt) return apiError(409, 'SECTION_LOCKED', 'This section opens later');
    const madeBefore = savedAt !== undefined && Date.parse(savedAt) <= window.closesAt;
    if (now > window.closesAt && (now > window.closesAt + state.attempt.graceSeconds * 1000 || !madeBefore)) {
      return apiError(409, 'SECTION_LOCKED', 'This section closed: its answers can no longer be changed');
    }
    return null;
  };

  const save =
    (questionId: string): FakeHandler =>
    (request) => {
      const device = guard(request);
      if (state.refuse) return state.refuse;
      if (state.attempt.status !== 'open') return apiError(409, 'ATTEMPT_CLOSED', 'This attempt has been submitted: answers are no longer accepted');
      if (state.writerDevice !== device) return apiError(409, 'ATTEMPT_TAKEN_OVER', 'This attempt continues on another device');
      const body = request.body as { optionIds: string[]; markedForReview: boolean; confidence?: Confidence | null; seq: number; savedAt?: string };
      const refusal = sectionRefusal(questionId, body.savedAt);
      if (refusal) return refusal;
      const known = state.answers.get(questionId);
      state.attempt.lastSeq = Math.max(state.attempt.lastSeq, body.seq);
      if (known && known.seq >= body.seq) return { body: { data: { ...known, applied: false }, serverTime: serverTime() } };
      const saved: SavedAnswer = {
        questionId,
        optionIds: body.optionIds as SavedAnswer['optionIds'],
        markedForReview: body.markedForReview,
        confidence: body.confidence ?? null,
        state: paletteState(body.optionIds.length > 0, body.markedForReview),
        seq: body.seq,
        savedAt: serverTime(),
      };
      state.answers.set(questionId, saved);
      return { body: { data: { ...saved, applied: true }, serverTime: serverTime() } };
    };

  const submit = (by: 'candidate' | 'server') => {
    if (state.attempt.status !== 'open') return;
    state.attempt.status = 'submitted';
    state.attempt.submittedAt = serverTime();
    state.submittedBy = by;
  };

  const putView: FakeHandler = (request) => {
    const device = guard(request);
    if (state.attempt.status !== 'open') return apiError(409, 'ATTEMPT_CLOSED', 'This attempt has been submitted: its view no longer changes');
    if (state.writerDevice !== device) return apiError(409, 'ATTEMPT_TAKEN_OVER', 'This attempt continues on another device');
    const body = request.body as AttemptView;
    state.attempt.view = { language: body.language, questions: { ...body.questions } };
    return { body: { data: state.attempt.view, serverTime: serverTime() } };
  };

  const routes: Record<string, FakeHandler> = {
    [`PUT ${path}/view`]: putView,
    [`GET ${path}`]: (request) => ({ body: { data: view(guard(request)), serverTime: serverTime() } }),
    [`GET ${path}/status`]: (request) => {
      const device = guard(request);
      const { status, submittedAt, endsAt } = state.attempt;
      const writer = state.writerDevice === device ? 'this' : 'other';
      return { body: { data: { status, writer, submittedBy: state.submittedBy, submittedAt, endsAt, serverTime: serverTime() }, serverTime: serverTime() } };
    },
    [`POST ${path}/takeover`]: (request) => {
      const device = guard(request);
      state.writerDevice = device;
      return { body: { data: view(device), serverTime: serverTime() } };
    },
    [`POST ${path}/submit`]: (request) => {
      guard(request);
      submit('candidate');
      return { body: { data: attemptResult({ attemptId: initial.id }) } };
    },
  };
  for (const q of initial.questions) routes[`PUT ${path}/answers/${q.questionId}`] = save(q.questionId);

  return {
    routes,
    state,
    /** The saved answer of a question, as the server holds it. */
    answer: (questionId: string) => state.answers.get(questionId),
    /** Another device takes the attempt over. */
    takeOverElsewhere: () => {
      state.writerDevice = 'another-device';
    },
    /** Another device (the writer) changes the languages the attempt is read in. */
    viewElsewhere: (view: AttemptView) => {
      state.writerDevice = 'another-device';
      state.attempt.view = view;
    },
    /** The server's sweeper submits the attempt at the end of its time. */
    submitOnServer: () => submit('server'),
    /** Another device takes the attempt over and submits it. */
    submitElsewhere: () => {
      state.writerDevice = 'another-device';
      submit('candidate');
    },
  };
}

/** A submitted attempt's result: 25 questions, ranked, with a confidence breakdown. */
export function attemptResult(overrides: Partial<AttemptResult> = {}): AttemptResult {
  const figures = { score: 31.5, maxScore: 50, correct: 18, wrong: 5, partial: 0, unattempted: 2, accuracy: 78.26, marksLost: 2.5, timeSpentSeconds: 1510 };
  return {
    attemptId: 'a1',
    test: { id: 't1', slug: 'daily-quiz', title: 'Daily quiz', languages: ['en'] },
    attemptNumber: 1,
    submittedAt: at,
    submittedBy: 'candidate',
    ...figures,
    timeTakenSeconds: 1620,
    ranked: true,
    rank: 12,
    percentile: 96.4705882,
    candidates: 340,
    percentileFrom: 30,
    provisional: false,
    comparison: { topper: 48.5, average: 27.25 },
    cutOff: null,
    sections: [{ sectionId: 's1', title: 'General', reached: true, ...figures, comparison: { topper: 48.5, average: 27.25 }, cutOff: null }],
    notReached: { sections: 0, questions: 0 },
    topics: [],
    confidence: [
      { level: 'sure', answered: 10, correct: 10, wrong: 0, marksGained: 20, marksLost: 0, net: 20 },
      { level: 'fifty', answered: 4, correct: 3, wrong: 1, marksGained: 6, marksLost: 0.5, net: 5.5 },
      { level: 'guess', answered: 9, correct: 2, wrong: 7, marksGained: 4, marksLost: 3.5, net: 0.5 },
      { level: 'none', answered: 0, correct: 0, wrong: 0, marksGained: 0, marksLost: 0, net: 0 },
    ],
    reviewAvailable: true,
    revealAt: null,
    ...overrides,
  };
}
