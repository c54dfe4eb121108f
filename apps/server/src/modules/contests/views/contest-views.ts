import type { Contest } from '@abhyas/contracts';
import { CONTEST_LIMITS } from '@abhyas/contracts';
import { DEFAULT_CHALLENGE_WINDOW_MS } from '../../../lib/challenge-window.js';
import { notFound } from '../../../lib/errors.js';
import { testOutline } from '../../papers/papers.service.js';
import { extraMinutesPerHourOf } from '../../users/users.service.js';
import { compensatoryTimeOf } from '../entries/compensatory-time.js';
import type { ContestsDeps } from '../contests.deps.js';
import { toContest } from '../contests.dto.js';
import { attemptClocks, entriesOf, entryCounts, firstEntrantNames } from '../contest-entries.repo.js';
import type { ContestEntryRow, ContestRow } from '../contests.table.js';

export const contestNotFound = () => notFound('Contest not found');
/** Paid contests can be joined only when the site offers paid entry and a payment provider is there. */
export const paidOffered = (deps: ContestsDeps) => deps.paidEntry && deps.payments !== null;

/** Cards for these contests as the caller sees them: question counts, participants and the caller's entries with their compensatory time. */
export async function viewsOf(deps: ContestsDeps, rows: ContestRow[], userId: string | null): Promise<Map<string, Contest>> {
  const ids = [...new Set(rows.map((r) => r.id))];
  const testIds = [...new Set(rows.map((r) => r.test_id))];
  const [counts, names, outlines, entries] = await Promise.all([
    entryCounts(deps.db, ids),
    firstEntrantNames(deps.db, ids, CONTEST_LIMITS.participantNamesShown),
    Promise.all(testIds.map(async (id) => [id, await testOutline(deps, id)] as const)),
    userId ? entriesOf(deps.db, userId, ids) : Promise.resolve(new Map<string, ContestEntryRow>()),
  ]);
  // Compensatory time is told to entrants only: nothing more is read for anyone else.
  const entered = [...entries.values()].filter((e) => e.status === 'confirmed');
  const [accountRate, attempts] =
    userId && entered.length > 0
      ? await Promise.all([extraMinutesPerHourOf(deps, userId), attemptClocks(deps.db, entered.flatMap((e) => (e.attempt_id ? [e.attempt_id] : [])))])
      : [0, new Map<string, { endsAt: number; extraMinutesPerHour: number }>()];
  const papers = new Map(outlines.map(([id, outline]) => [id, outline]));
  const now = deps.clock.now();
  return new Map(
    rows.map((row) => [
      row.id,
      toContest(row, {
        now,
        challengeWindowMs: deps.challengeWindowMs ?? DEFAULT_CHALLENGE_WINDOW_MS,
        paidOffered: paidOffered(deps),
        questionCount: papers.get(row.test_id)?.questionCount ?? 0,
        keySealedUntil: papers.get(row.test_id)?.keySealedUntil ?? null,
        users: { count: counts.get(row.id)?.confirmed ?? 0, names: names.get(row.id) ?? [] },
        ranked: counts.get(row.id)?.ranked ?? 0,
        entry: entries.get(row.id),
        compensatoryTime: compensatoryTimeOf(row, {
          paperMinutes: papers.get(row.test_id)?.durationMinutes ?? row.duration_minutes,
          accountRate,
          attempt: attempts.get(entries.get(row.id)?.attempt_id ?? ''),
        }),
      }),
    ]),
  );
}

/** One contest's card as the caller sees it. */
export async function viewOf(deps: ContestsDeps, row: ContestRow, userId: string | null): Promise<Contest> {
  return (await viewsOf(deps, [row], userId)).get(row.id)!;
}
