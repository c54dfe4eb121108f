import { prizeSchema, type ContestStatus, type Leaderboard, type LeaderboardRow, type Prize } from '@abhyas/contracts';
import { toIso } from '../../../lib/clock.js';
import { contestStatus as statusOf } from '../contests.dto.js';
import type { BoardEntry, ContestForBoardRow } from './leaderboard.repo.js';

/**
 * A contest's board, built from its confirmed entries (`buildBoard`) and then read many times
 * (`boardPage`). Order: submitted attempts by score (highest first), time taken (shortest first),
 * the earlier submission, then the entry; then candidates still playing by answers saved; then those
 * who have not started. A row's rank is its place on the board: final for submitted attempts once
 * the contest is, provisional for the others. Scores are shown only from submission: a score per
 * answer would tell a candidate which answers are right.
 *
 * Freeze (as in ICPC): from `freezeMinutes` before the end until the results are final, the public
 * board is the board as it stood at the freeze moment (attempts submitted after it show as still
 * playing, with the answers saved by then); each candidate's own row stays current.
 */

export const BOARD_RULE =
  'Ranked by score (highest first), then time taken (shortest first), then the earlier submission. Places of candidates still playing are provisional.';

export type BoardContest = {
  id: string;
  stored: 'draft' | 'published' | 'cancelled';
  startsAt: number;
  endsAt: number;
  freezeMinutes: number | null;
  finalizedAt: number | null;
  prizes: string;
};

/** The contest as the board reads it from its stored row. */
export const boardContestOf = (row: ContestForBoardRow): BoardContest => ({
  id: row.id,
  stored: row.status,
  startsAt: Number(row.starts_at),
  endsAt: Number(row.ends_at),
  freezeMinutes: row.freeze_minutes,
  finalizedAt: row.finalized_at === null ? null : Number(row.finalized_at),
  prizes: row.prizes,
});

type State = LeaderboardRow['state'];

/** One participant as one view of the board sees them. */
type Line = {
  entryId: string;
  userId: string;
  state: State;
  score: number | null;
  timeTakenMs: number | null;
  submittedAt: number | null;
  answered: number;
  finalRank: number | null;
};

/** One ordering of the board: its rows as sent (rank set, isMe false), and where each candidate is. */
export type BoardView = { rows: LeaderboardRow[]; lines: Line[]; indexOf: Map<string, number> };

export type Board = {
  contest: BoardContest;
  builtAt: number;
  /** The board as it is. */
  current: BoardView;
  /** The board as of the freeze moment; null for a contest without a freeze, and once final. */
  frozen: BoardView | null;
};

const GROUP: Record<State, number> = { submitted: 0, playing: 1, notStarted: 2 };

/** The board's order: negative when `a` stands above `b`. */
export function compareLines(a: Line, b: Line): number {
  const group = GROUP[a.state] - GROUP[b.state];
  if (group !== 0) return group;
  if (a.state === 'submitted') {
    const by = (b.score ?? 0) - (a.score ?? 0) || (a.timeTakenMs ?? 0) - (b.timeTakenMs ?? 0) || (a.submittedAt ?? 0) - (b.submittedAt ?? 0);
    if (by !== 0) return by;
  } else if (a.state === 'playing' && b.answered !== a.answered) return b.answered - a.answered;
  return a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0;
}

/** Final order: by final rank, those without one (never started) after, each group in the board's order. */
function compareFinal(a: Line, b: Line): number {
  if (a.finalRank !== null && b.finalRank !== null && a.finalRank !== b.finalRank) return a.finalRank - b.finalRank;
  if ((a.finalRank === null) !== (b.finalRank === null)) return a.finalRank === null ? 1 : -1;
  return compareLines(a, b);
}

/** Where a contest stands: the contests' one rule, applied to the board's copy of the contest. */
export const contestStatus = (c: Pick<BoardContest, 'stored' | 'startsAt' | 'endsAt' | 'finalizedAt'>, now: number): ContestStatus =>
  statusOf({ status: c.stored, starts_at: c.startsAt, ends_at: c.endsAt, finalized_at: c.finalizedAt }, now);

/** The freeze moment, when the contest has one. */
export const freezeAt = (c: Pick<BoardContest, 'endsAt' | 'freezeMinutes'>): number | null => (c.freezeMinutes ? c.endsAt - c.freezeMinutes * 60_000 : null);

/** Whether the public board is frozen now: from the freeze moment until the results are final. */
export const isFrozen = (c: BoardContest, now: number): boolean => {
  const at = freezeAt(c);
  return at !== null && c.finalizedAt === null && now >= at;
};

/** A board's display name: the first name and the initial of the last, so a public board names no one in full. */
export function displayName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Candidate';
  if (words.length === 1) return words[0]!;
  return `${words[0]} ${[...words.at(-1)!][0]!.toUpperCase()}.`;
}

/** The contest's prizes as stored (a JSON list); anything unreadable is left out. */
export function prizesOf(json: string): Prize[] {
  try {
    const parsed = prizeSchema.array().safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const parsePrize = (json: string | null): Prize | null => {
  if (!json) return null;
  try {
    const parsed = prizeSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

function currentLine(e: BoardEntry): Line {
  const state: State = e.attemptStatus === 'submitted' ? 'submitted' : e.attemptStatus === 'open' ? 'playing' : 'notStarted';
  const submitted = state === 'submitted';
  return {
    entryId: e.entryId,
    userId: e.userId,
    state,
    score: submitted ? e.score : null,
    timeTakenMs: submitted && e.startedAt !== null && e.submittedAt !== null ? e.submittedAt - e.startedAt : null,
    submittedAt: submitted ? e.submittedAt : null,
    answered: e.answered,
    finalRank: e.finalRank,
  };
}

/** The line as of the freeze moment: a later submission is hidden, a later start not yet made. */
function frozenLine(e: BoardEntry, at: number): Line {
  const line = currentLine(e);
  if (line.state === 'submitted' && line.submittedAt! <= at) return line;
  if (e.startedAt === null || e.startedAt > at) return { ...line, state: 'notStarted', score: null, timeTakenMs: null, submittedAt: null, answered: 0 };
  return { ...line, state: 'playing', score: null, timeTakenMs: null, submittedAt: null, answered: e.answeredAtFreeze };
}

function viewOf(entries: readonly BoardEntry[], lines: Line[], compare: (a: Line, b: Line) => number, maxScore: number, final: boolean): BoardView {
  const byEntry = new Map(entries.map((e) => [e.entryId, e]));
  lines.sort(compare);
  const indexOf = new Map<string, number>();
  const rows = lines.map((line, i): LeaderboardRow => {
    indexOf.set(line.userId, i);
    const e = byEntry.get(line.entryId)!;
    return {
      rank: final && line.finalRank !== null ? line.finalRank : i + 1,
      name: displayName(e.name),
      score: line.score,
      maxScore: e.maxScore ?? maxScore,
      answered: line.answered,
      timeTakenMs: line.timeTakenMs,
      submittedAt: line.submittedAt === null ? null : toIso(line.submittedAt),
      state: line.state,
      isMe: false,
      prize: final ? parsePrize(e.prize) : null,
      ratingBefore: final ? e.ratingBefore : null,
      ratingAfter: final ? e.ratingAfter : null,
    };
  });
  return { rows, lines, indexOf };
}

/** Builds both views of a contest's board from its entries. */
export function buildBoard(contest: BoardContest, entries: readonly BoardEntry[], p: { maxScore: number | null; now: number }): Board {
  const maxScore = p.maxScore ?? 0;
  const final = contest.finalizedAt !== null;
  const current = viewOf(entries, entries.map(currentLine), final ? compareFinal : compareLines, maxScore, final);
  const at = freezeAt(contest);
  const frozen = at !== null && !final ? viewOf(entries, entries.map((e) => frozenLine(e, at)), compareLines, maxScore, false) : null;
  return { contest, builtAt: p.now, current, frozen };
}

/** The place `line` would take on `view` if it replaced the candidate's own line there (binary search). */
function placeOn(view: BoardView, line: Line): number {
  let low = 0;
  let high = view.lines.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (compareLines(view.lines[mid]!, line) < 0) low = mid + 1;
    else high = mid;
  }
  const own = view.indexOf.get(line.userId);
  return own !== undefined && own < low ? low : low + 1;
}

/** A page of the board as a caller sees it, but for its rows: the view they come from, and where the caller stands on it. */
export type PageFrame = { view: BoardView; publicIndex: number | undefined; fields: Omit<Leaderboard, 'rows'> };

export function pageFrame(board: Board, p: { now: number; offset: number; userId: string | null }): PageFrame {
  const { contest, current } = board;
  const frozen = isFrozen(contest, p.now) && board.frozen !== null;
  const view = frozen ? board.frozen! : current;
  const ownIndex = p.userId === null ? undefined : current.indexOf.get(p.userId);
  let me: LeaderboardRow | null = null;
  if (ownIndex !== undefined) {
    const row = current.rows[ownIndex]!;
    me = { ...row, isMe: true, rank: frozen ? placeOn(view, current.lines[ownIndex]!) : row.rank };
  }
  const publicIndex = p.userId === null ? undefined : view.indexOf.get(p.userId);
  const at = freezeAt(contest);
  return {
    view,
    publicIndex,
    fields: {
      contestId: contest.id,
      status: contestStatus(contest, p.now),
      frozen,
      frozenAt: frozen && at !== null ? toIso(at) : null,
      total: view.rows.length,
      offset: p.offset,
      me,
      rule: BOARD_RULE,
      updatedAt: toIso(board.builtAt),
    },
  };
}

/** A page of the board as a caller sees it: the public rows, and their own row, current, wherever it stands. */
export function boardPage(board: Board, p: { now: number; offset: number; limit: number; userId: string | null }): Leaderboard {
  const { view, publicIndex, fields } = pageFrame(board, p);
  const rows = view.rows.slice(p.offset, p.offset + p.limit).map((row, i) => (p.offset + i === publicIndex ? { ...row, isMe: true } : row));
  const { me, rule, updatedAt, ...head } = fields;
  return { ...head, rows, me, rule, updatedAt };
}
