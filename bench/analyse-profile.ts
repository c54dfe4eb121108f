/**
 * Reads a V8 CPU profile (.cpuprofile, from node --cpu-prof) of the server and prints where its time
 * went, optionally within the load phases of one scenario only: the measured runs on the server
 * (not the warm-ups, set-up or baseline), whose start and end results.json keeps on the monotonic
 * clock V8's profiles use. Prints the busy share, self time and inclusive time by function, and
 * inclusive time of named groups (a function counts once per sample however deep it recurses).
 *
 *   node --import tsx bench/analyse-profile.ts <file.cpuprofile> [--scenario answer-saves] [--baseline]
 *        [--windows key] [--results .bench/results.json] [--top 25] [--group "name=regex on function or file"]…
 *
 * A profile of `npm run bench` is made with BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=.bench/prof";
 * the server writes it when it exits at the end of the run. BENCH_BASELINE_NODE_ARGS does the same for
 * the baselines; --baseline then picks the baseline's load windows. --windows picks another list of
 * windows a scenario keeps in its raw results (exam-day's `startsWindowsUs`: the starts timed alone).
 */
import { readFileSync } from 'node:fs';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** Inclusive-time groups shown by default: the parts of the authenticated request pipeline and the save path. */
const DEFAULT_GROUPS: [string, string][] = [
  ['app hooks (request id, request log, closing)', ' apps/server/dist/app\\.js:'],
  ['security headers hook (plugins/security)', ' apps/server/dist/plugins/security\\.js:'],
  ['auth guard (requireUser, incl. token and user)', '^requireUser '],
  ['JWT verification (fast-jwt)', ' fast-jwt/'],
  ['user by id (users.service)', '^(userById|signedInUser|recentUser) '],
  ['zod request validation', ' fastify-type-provider-zod/dist/esm/core\\.js:104$|^validatorCompiler '],
  ['zod response serializer', ' fastify-type-provider-zod/dist/esm/core\\.js:116$|^serializerCompiler | apps/server/dist/lib/response-serializer\\.js:'],
  ['rate limit (@fastify/rate-limit)', ' @fastify/rate-limit/'],
  ['compression hook (@fastify/compress)', ' @fastify/compress/'],
  ['saveAnswer (attempts.service)', '^saveAnswer '],
  ['Kysely (building, compiling, running)', ' kysely/'],
  ['Kysely SqliteConnection.executeQuery (incl. SQLite)', '^executeQuery kysely/dist/esm/dialect/sqlite/'],
  ['request log (pino)', ' pino/'],
  ['socket writes (writev)', '^writev $'],
  ['garbage collector', '^\\(garbage collector\\)'],
];

/**
 * Frames through which a Fastify hook hands on to the next hook or the handler (its `done`, or an
 * async hook's resolution): time below them belongs to what comes next, not to the hook above.
 */
const CONTINUATION = /^(next|handleResolve) fastify\/lib\/hooks\.js|^(done|onDone) fastify\/lib\/content-type-parser\.js/;

function parseArgs(argv: string[]) {
  const out = { file: '', scenario: '', results: '.bench/results.json', top: 25, baseline: false, windows: '', groups: [] as [string, string][] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--scenario') out.scenario = argv[++i] ?? '';
    else if (a === '--results') out.results = argv[++i] ?? out.results;
    else if (a === '--top') out.top = Number(argv[++i] ?? '25');
    else if (a === '--baseline') out.baseline = true;
    else if (a === '--windows') out.windows = argv[++i] ?? '';
    else if (a === '--group') {
      const spec = argv[++i] ?? '';
      const eq = spec.indexOf('=');
      if (eq > 0) out.groups.push([spec.slice(0, eq), spec.slice(eq + 1)]);
    } else out.file = a;
  }
  if (!out.file) throw new Error('usage: analyse-profile.ts <file.cpuprofile> [--scenario name] [--results file] [--top n] [--group name=regex]');
  return out;
}

/** A side's measured load windows of a scenario in results.json: raw.subject|baseline.rounds[].windowUs, or raw.windowsUs. */
function windowsOf(resultsFile: string, scenario: string, side: 'subject' | 'baseline', key = 'windowsUs'): [number, number][] {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as { scenarios: { name: string; ok: boolean; report?: { raw?: Record<string, unknown> } }[] };
  const s = results.scenarios.find((x) => x.name === scenario);
  if (!s?.ok) throw new Error(`${resultsFile} has no successful run of ${scenario}`);
  const raw = s.report?.raw ?? {};
  const own = raw[key] as [number, number][] | undefined;
  if (own?.length && side === 'subject') return own;
  const rounds = (raw[side] as { rounds?: { windowUs?: [number, number] }[] } | undefined)?.rounds ?? [];
  const windows = rounds.map((r) => r.windowUs).filter((w): w is [number, number] => Array.isArray(w));
  if (!windows.length) throw new Error(`${scenario} in ${resultsFile} records no load window`);
  return windows;
}

const shortUrl = (url: string) => url.replace(/^file:\/\/.*?\/node_modules\//, '').replace(/^file:\/\/.*?\/apps\//, 'apps/').replace(/^node:/, 'node:');
const keyOf = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
/** Where a frame's code lives: a package, node's own modules, this app, or a native function by name. */
function packageOf(f: CallFrame): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f.url)?.[1];
  if (pkg) return pkg;
  if (f.url.startsWith('node:')) return 'node (internal modules)';
  const app = /\/apps\/server\/dist\/(.*?)\.js$/.exec(f.url)?.[1];
  if (app) return `abhyas ${app.split('/').slice(0, 2).join('/')}`;
  return f.url ? f.url : `native ${f.functionName || '(anonymous)'}`;
}
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`.padStart(6);

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const profile = JSON.parse(readFileSync(opts.file, 'utf8')) as Profile;
  const windows = opts.scenario ? windowsOf(opts.results, opts.scenario, opts.baseline ? 'baseline' : 'subject', opts.windows || undefined) : [[profile.startTime, profile.endTime] as [number, number]];

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Samples per node within the windows, weighted by their interval.
  const hits = new Map<number, number>();
  let t = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (!windows.some(([from, to]) => t >= from && t <= to)) continue;
    const id = profile.samples[i]!;
    hits.set(id, (hits.get(id) ?? 0) + 1);
    total += 1;
  }
  if (total === 0) throw new Error('no samples inside the load windows: is this the profile of the run results.json describes?');

  const idleNames = new Set(['(idle)']);
  let idle = 0;
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const groups = [...DEFAULT_GROUPS, ...opts.groups].map(([name, re]) => ({ name, re: new RegExp(re), count: 0, own: 0 }));
  const groupCache = new Map<string, boolean[]>();
  for (const [id, count] of hits) {
    const leaf = byId.get(id)!;
    if (idleNames.has(leaf.callFrame.functionName)) {
      idle += count;
      continue;
    }
    self.set(keyOf(leaf.callFrame), (self.get(keyOf(leaf.callFrame)) ?? 0) + count);
    const pkg = packageOf(leaf.callFrame);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + count);
    const seen = new Set<string>();
    const inGroup = groups.map(() => false);
    const ownGroup = groups.map(() => false);
    let handedOn = false;
    for (let node: ProfileNode | undefined = leaf; node; node = byId.get(parent.get(node.id) ?? -1)) {
      const key = keyOf(node.callFrame);
      if (CONTINUATION.test(key)) handedOn = true;
      let matches = groupCache.get(key);
      if (!matches) groupCache.set(key, (matches = groups.map((g) => g.re.test(key))));
      matches.forEach((m, i) => {
        if (!m) return;
        inGroup[i] = true;
        if (!handedOn) ownGroup[i] = true;
      });
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + count);
    }
    inGroup.forEach((m, i) => m && (groups[i]!.count += count));
    ownGroup.forEach((m, i) => m && (groups[i]!.own += count));
  }
  const busy = total - idle;
  const span = windows.reduce((s, [a, b]) => s + (b - a), 0) / 1e6;
  console.log(`${opts.file}`);
  console.log(`  ${windows.length} window(s), ${span.toFixed(1)} s${opts.scenario ? ` (${opts.scenario}'s measured load on the ${opts.baseline ? 'baseline' : 'server'})` : ' (whole profile)'}; ${total} samples, busy ${pct(busy, total).trim()} (idle ${pct(idle, total).trim()})`);
  console.log('\nGroups, % of busy samples: own (without what a hook hands on to through its done), inclusive');
  for (const g of groups) console.log(`  ${pct(g.own, busy)} ${pct(g.count, busy)}  ${g.name}`);
  const top = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, opts.top);
  console.log('\nSelf time by package (native frames by name), % of busy samples:');
  for (const [key, n] of [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${pct(n, busy)}  ${key}`);
  console.log(`\nSelf time, top ${opts.top}, % of busy samples:`);
  for (const [key, n] of top(self)) console.log(`  ${pct(n, busy)}  ${key}`);
  console.log(`\nInclusive time, top ${opts.top}, % of busy samples:`);
  for (const [key, n] of top(inclusive)) console.log(`  ${pct(n, busy)}  ${key}`);
}

main();
