import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Tables follow the modules (docs/ARCHITECTURE.md): a module's repo writes
 * only the tables its own `*.table.ts` declares, and reads only those and the tables of modules below
 * it in the module graph (those it imports, directly or not); the `users` table may be read by all,
 * for names. Tables declared outside the modules (db/) are shared building blocks.
 */

const SRC = join(import.meta.dirname, '../src');
const MODULES = join(SRC, 'modules');
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const READS = /\b(selectFrom|innerJoin|leftJoin)\(\s*'([a-z_]+)(?:\s+as\s+[a-z_]+)?'/g;
const WRITES = /\b(insertInto|updateTable|deleteFrom)\(\s*'([a-z_]+)(?:\s+as\s+[a-z_]+)?'/g;
const READ_BY_ALL = new Set(['users']);

/** The module (or `db` for a shared table) that declares each table, from db/schema.ts. */
function tableOwners(): Map<string, string> {
  const schema = readFileSync(join(SRC, 'db/schema.ts'), 'utf8');
  const typeHome = new Map<string, string>();
  for (const [, names, path] of schema.matchAll(/import type \{([^}]+)\} from '([^']+)'/g)) {
    const home = path!.startsWith('../modules/') ? path!.split('/')[2]! : 'db';
    for (const name of names!.split(',')) typeHome.set(name.trim(), home);
  }
  const owners = new Map<string, string>();
  for (const [, table, type] of schema.matchAll(/^\s+([a-z_]+): ([A-Za-z]+);$/gm)) owners.set(table!, typeHome.get(type!)!);
  return owners;
}

/** Source files under a folder, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

const moduleOf = (file: string) => relative(MODULES, file).split(sep)[0]!;

/** For each module, every module below it: those its source files import, directly or through others. */
function modulesBelow(): Map<string, Set<string>> {
  const direct = new Map<string, Set<string>>();
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file);
    const targets = direct.get(from) ?? new Set<string>();
    direct.set(from, targets);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = relative(MODULES, resolve(dirname(file), specifier!));
      if (!to.startsWith('..') && to.split(sep)[0] !== from) targets.add(to.split(sep)[0]!);
    }
  }
  const below = new Map<string, Set<string>>();
  for (const module of direct.keys()) {
    const seen = new Set<string>();
    const stack = [...(direct.get(module) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(direct.get(next) ?? []));
    }
    below.set(module, seen);
  }
  return below;
}

type Use = { repo: string; module: string; verb: 'reads' | 'writes'; table: string; owner: string };

/** Every table each repo names in a query builder call, with the module that owns the table. */
function tableUses(owners: Map<string, string>): Use[] {
  const uses: Use[] = [];
  for (const file of sourceFiles(MODULES).filter((f) => f.endsWith('.repo.ts'))) {
    const text = readFileSync(file, 'utf8');
    const repo = relative(MODULES, file).split(sep).join('/');
    for (const [pattern, verb] of [
      [READS, 'reads'],
      [WRITES, 'writes'],
    ] as const) {
      for (const [, , table] of text.matchAll(pattern)) {
        const owner = owners.get(table!);
        if (!owner) throw new Error(`${repo} names ${table}, a table db/schema.ts does not declare`);
        uses.push({ repo, module: moduleOf(file), verb, table: table!, owner });
      }
    }
  }
  return uses;
}

/** The uses that break the rule, each as `repo verb table (owner)`, sorted and without repeats. */
function breaks(uses: Use[], below: Map<string, Set<string>>): string[] {
  const out = new Set<string>();
  for (const u of uses) {
    if (u.owner === u.module || u.owner === 'db') continue;
    const allowed = u.verb === 'reads' && (READ_BY_ALL.has(u.table) || below.get(u.module)?.has(u.owner));
    if (!allowed) out.add(`${u.repo} ${u.verb} ${u.table} (${u.owner})`);
  }
  return [...out].sort();
}

/**
 * Reads that still cross the rule, each with why it stays for now. Keep this list empty where you can:
 * a use fixed here must leave the list too, so the list never names more than there is.
 */
const KNOWN: string[] = [];

describe('tables follow the modules', () => {
  const owners = tableOwners();

  it('knows the owner of every table', () => {
    expect(owners.get('attempts')).toBe('attempts');
    expect(owners.get('tests')).toBe('papers');
    expect(owners.get('users')).toBe('users');
    expect(owners.get('app_counters')).toBe('db');
  });

  it('finds what a repo reads and writes', () => {
    const uses = tableUses(owners);
    expect(uses).toContainEqual({ repo: 'attempts/attempts.repo.ts', module: 'attempts', verb: 'writes', table: 'attempt_answers', owner: 'attempts' });
    expect(uses.some((u) => u.verb === 'reads' && u.table === 'users')).toBe(true);
  });

  it('would report a write to another module’s table and a read upwards', () => {
    const below = new Map([
      ['a', new Set(['b'])],
      ['b', new Set<string>()],
    ]);
    const uses: Use[] = [
      { repo: 'a/a.repo.ts', module: 'a', verb: 'reads', table: 'b_rows', owner: 'b' },
      { repo: 'a/a.repo.ts', module: 'a', verb: 'writes', table: 'b_rows', owner: 'b' },
      { repo: 'b/b.repo.ts', module: 'b', verb: 'reads', table: 'a_rows', owner: 'a' },
      { repo: 'b/b.repo.ts', module: 'b', verb: 'reads', table: 'users', owner: 'users' },
    ];
    expect(breaks(uses, below)).toEqual(['a/a.repo.ts writes b_rows (b)', 'b/b.repo.ts reads a_rows (a)']);
  });

  it('every repo writes its own tables and reads only its own and those below it', () => {
    expect(breaks(tableUses(owners), modulesBelow())).toEqual([...KNOWN].sort());
  });
});
