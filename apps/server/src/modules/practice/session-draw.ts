/**
 * Which questions a practice session from the bank serves. Pure: the randomness is passed in.
 *
 * A question the candidate answered recently (in any attempt, within SEEN_WINDOW_DAYS) is served
 * again only when there are not enough others: unseen questions come first, in random order; then,
 * when they run out, the recently answered ones, the longest ago first. A difficulty mix splits the
 * count evenly across the levels chosen; a level the bank is short of is made up from the others.
 */

export const SEEN_WINDOW_DAYS = 14;

export type Difficulty = 'easy' | 'medium' | 'hard';
export type Candidate = { id: string; difficulty: Difficulty };

export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** How many of `count` each level gets: as even as possible, the odd ones to levels picked at random. */
export function quotas(count: number, levels: readonly Difficulty[], random: () => number): Map<Difficulty, number> {
  const base = Math.floor(count / levels.length);
  const extra = new Set(shuffle(levels, random).slice(0, count % levels.length));
  return new Map(levels.map((level) => [level, base + (extra.has(level) ? 1 : 0)]));
}

/** Ids in the order unseen (kept in their order) and then seen, the longest ago first. */
export function unseenFirst(ids: readonly string[], seen: ReadonlyMap<string, number>): string[] {
  const unseen = ids.filter((id) => !seen.has(id));
  const again = ids.filter((id) => seen.has(id)).sort((a, b) => seen.get(a)! - seen.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
  return [...unseen, ...again];
}

/**
 * Up to `count` of the candidates, following the rules above, in random order. `levels` is the
 * difficulty mix (null or one level: no split).
 */
export function drawFromBank(
  candidates: readonly Candidate[],
  opts: { count: number; levels: readonly Difficulty[] | null; seen: ReadonlyMap<string, number>; random: () => number },
): string[] {
  const { count, seen, random } = opts;
  const ordered = unseenFirst(
    shuffle(candidates, random).map((c) => c.id),
    seen,
  );
  const level = new Map(candidates.map((c) => [c.id, c.difficulty]));
  const unseen = ordered.filter((id) => !seen.has(id));
  const again = ordered.filter((id) => seen.has(id));
  const mix = opts.levels && opts.levels.length > 1 ? quotas(count, opts.levels, random) : null;

  const chosen: string[] = [];
  const taken = new Set<string>();
  const left = new Map(mix ?? []);
  const take = (pool: string[], withinQuota: boolean) => {
    for (const id of pool) {
      if (chosen.length >= count) return;
      if (taken.has(id)) continue;
      if (withinQuota && mix) {
        const d = level.get(id)!;
        if ((left.get(d) ?? 0) <= 0) continue;
        left.set(d, left.get(d)! - 1);
      }
      chosen.push(id);
      taken.add(id);
    }
  };
  take(unseen, true);
  take(unseen, false);
  take(again, true);
  take(again, false);
  return shuffle(chosen, random);
}
