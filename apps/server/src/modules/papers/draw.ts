import { shuffled, type Random } from '../../lib/seeded-random.js';

/** One blueprint rule to fill: `count` questions from `pool` (the ids matching its filters). */
export type DrawRule = { count: number; pool: readonly string[] };

/** The rules that cannot be filled together: they need `need` questions and only `have` match any of them. */
export type Shortfall = { rules: number[]; need: number; have: number };

export type DrawResult = { ok: true; drawn: string[][] } | { ok: false; shortfall: Shortfall };

/**
 * Draws every rule's questions so that no question is drawn twice, in an order decided by `random`.
 * Each rule's pool is shuffled, then each of its places takes the first question of its shuffled pool
 * not yet taken, moving an earlier rule to another of its questions when that frees one (augmenting
 * paths of a bipartite matching). So a draw fails only when no assignment exists at all, and then it
 * names a smallest-known set of rules whose needs exceed the questions matching them (Hall's
 * condition), which is what an editor must widen.
 */
export function drawRules(rules: readonly DrawRule[], random: Random): DrawResult {
  const pools = rules.map((r) => shuffled([...new Set(r.pool)], random));
  const slotRule: number[] = rules.flatMap((r, i) => Array.from({ length: r.count }, () => i));
  const slotQuestion: (string | undefined)[] = slotRule.map(() => undefined);
  const owner = new Map<string, number>();

  const place = (slot: number, visited: Set<string>): boolean => {
    const rule = slotRule[slot]!;
    for (const q of pools[rule]!) {
      if (visited.has(q)) continue;
      visited.add(q);
      const holder = owner.get(q);
      // Another place of the same rule could only take what this loop reaches itself.
      if (holder !== undefined && (slotRule[holder] === rule || !place(holder, visited))) continue;
      owner.set(q, slot);
      slotQuestion[slot] = q;
      return true;
    }
    return false;
  };

  for (let slot = 0; slot < slotRule.length; slot += 1) {
    const visited = new Set<string>();
    if (place(slot, visited)) continue;
    const involved = new Set<number>([slotRule[slot]!]);
    for (const q of visited) {
      const holder = owner.get(q);
      if (holder !== undefined) involved.add(slotRule[holder]!);
    }
    const list = [...involved].sort((a, b) => a - b);
    return { ok: false, shortfall: { rules: list, need: list.reduce((n, i) => n + rules[i]!.count, 0), have: visited.size } };
  }

  const drawn: string[][] = rules.map(() => []);
  slotRule.forEach((rule, slot) => drawn[rule]!.push(slotQuestion[slot]!));
  return { ok: true, drawn };
}
