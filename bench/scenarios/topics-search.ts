import { isDeepStrictEqual } from 'node:util';
import { ensureContent, setupNote, TOPIC_COUNT } from '../lib/content-setup.js';
import { HarnessError } from '../lib/server.js';
import { abRows, maxValue, minRatio, runAB, type Scenario } from '../lib/scenario.js';

const PATH = '/topics/all';
const PAGE_SIZE = 20;

async function postJson(url: string, body: string): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (res.status !== 200) throw new HarnessError(`POST ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const topicsSearch: Scenario = {
  name: 'topics-search',
  title: `POST /topics/all with a search word (${TOPIC_COUNT} published topics, page of ${PAGE_SIZE}) vs bare Fastify + better-sqlite3 LIKE query + count`,
  async run(ctx) {
    const setup = await ensureContent(ctx);
    // Taken after the setup, so the baseline reads the very rows the server serves.
    const dbCopy = await ctx.snapshotDb('topics-search');
    const body = JSON.stringify({ search: setup.searchTerm, pageSize: PAGE_SIZE });
    const load = { path: PATH, method: 'POST' as const, body };

    const ab = await runAB(ctx, {
      baseline: { file: 'topics-search-baseline.ts', env: { DB_FILE: dbCopy }, load },
      subject: { load },
      // Both sides must answer the same document, or the comparison is meaningless.
      check: async (baselineUrl) => {
        const [real, bare] = await Promise.all([postJson(ctx.server.baseUrl + PATH, body), postJson(baselineUrl + PATH, body)]);
        const page = real as { data?: unknown[]; total?: number };
        const expected = Math.min(PAGE_SIZE, setup.searchMatches);
        if (page.total !== setup.searchMatches || page.data?.length !== expected) {
          throw new HarnessError(`${PATH} answered ${page.data?.length} of ${page.total} topics, expected ${expected} of ${setup.searchMatches}`);
        }
        if (!isDeepStrictEqual(real, bare)) throw new HarnessError(`baseline answers differently:\n  real ${JSON.stringify(real).slice(0, 800)}\n  bare ${JSON.stringify(bare).slice(0, 800)}`);
      },
    });

    return {
      rows: abRows(ab),
      targets: [minRatio(ab.subject, ab.baseline, 0.5), maxValue('p99 latency', ab.subject.p99Ms, 25, 'ms')],
      notes: [
        setupNote(setup),
        `request body ${body}; "${setup.searchTerm}" matches ${setup.searchMatches} of ${setup.topics} topics (${((setup.searchMatches / setup.topics) * 100).toFixed(1)}%)`,
        `${ab.subject.totalRequests.toLocaleString('en-US')} search requests measured on the server, ${ab.baseline.totalRequests.toLocaleString('en-US')} on the baseline`,
      ],
      raw: { setup, ...ab },
    };
  },
};

export default topicsSearch;
