import type { Contest, ContestList } from '@abhyas/contracts';
import type { ContestsDeps, Core } from '../contests.deps.js';
import { contestSlugsOnTests, findContestById, findContestBySlug, joinedOpenContestRows, pastContestRows, upcomingContestRows } from '../contests.repo.js';
import type { ContestRow } from '../contests.table.js';
import { contestNotFound, viewOf, viewsOf } from './contest-views.js';

const PAST_SHOWN = 20;

/**
 * GET /api/contests: for a signed-in candidate, `live` holds the contests they joined that are not
 * final, `upcoming` the open ones they have not joined (a pending paid entry stays there, showing
 * its hold); anonymous callers see every upcoming contest and no live ones. `past` is the latest
 * finished or cancelled contests for everyone.
 */
export async function listContests(deps: ContestsDeps, userId: string | null): Promise<ContestList> {
  const now = deps.clock.now();
  const [upcoming, past, live] = await Promise.all([
    upcomingContestRows(deps.db, now),
    pastContestRows(deps.db, now, PAST_SHOWN),
    userId ? joinedOpenContestRows(deps.db, userId) : Promise.resolve([]),
  ]);
  const joined = new Set(live.map((r) => r.id));
  const open = upcoming.filter((r) => !joined.has(r.id));
  const views = await viewsOf(deps, [...open, ...live, ...past], userId);
  const pick = (rows: ContestRow[]) => rows.map((r) => views.get(r.id)!);
  return { upcoming: pick(open), live: pick(live), past: pick(past) };
}

/** The id of the contest with this slug, whatever its status. */
export async function contestIdBySlug(deps: Core, slug: string): Promise<string | undefined> {
  return (await findContestBySlug(deps.db, slug))?.id;
}

/** For the attempt engine's paper port: the slug of the contest on each of these tests (the latest made), by test. */
export async function contestsOnPapers(deps: Pick<Core, 'db'>, testIds: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const r of await contestSlugsOnTests(deps.db, testIds)) if (!out.has(r.test_id)) out.set(r.test_id, r.slug);
  return out;
}

/** One contest by id or slug; drafts only for editors. */
export async function getContest(deps: ContestsDeps, idOrSlug: string, viewer: { userId: string; editor: boolean } | null): Promise<Contest> {
  const row = (await findContestById(deps.db, idOrSlug)) ?? (await findContestBySlug(deps.db, idOrSlug));
  if (!row || (row.status === 'draft' && !viewer?.editor)) throw contestNotFound();
  return viewOf(deps, row, viewer?.userId ?? null);
}
