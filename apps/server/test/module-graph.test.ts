import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = join(import.meta.dirname, '../src/modules');
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

/** Which modules each module's files (tests included, type imports too) import from. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const entry of readdirSync(MODULES, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const from = relative(MODULES, file).split(sep)[0]!;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = relative(MODULES, resolve(dirname(file), specifier!));
      if (to.startsWith('..')) continue;
      const module = to.split(sep)[0]!;
      if (module !== from) targets.add(module);
    }
  }
  return graph;
}

/** Every cycle of modules, each as the path that closes it. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const visit = (module: string, path: string[]) => {
    for (const next of graph.get(module) ?? []) {
      if (next === path[0]) found.push([...path, next]);
      else if (!path.includes(next) && next > path[0]!) visit(next, [...path, next]);
    }
  };
  for (const module of [...graph.keys()].sort()) visit(module, [module]);
  return found;
}

describe('server modules', () => {
  it('finds the imports between modules', () => {
    const graph = moduleGraph();
    expect(graph.get('analytics')).toContain('tracking');
    expect(graph.get('seo')).toEqual(new Set(['blogs', 'topics']));
  });

  it('import one another without a cycle', () => {
    expect(cycles(moduleGraph())).toEqual([]);
  });

  it('would report a cycle', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
