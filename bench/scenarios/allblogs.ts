import { isDeepStrictEqual } from 'node:util';
import { BLOG_COUNT, ensureContent, setupNote } from '../lib/content-setup.js';
import { HarnessError } from '../lib/server.js';
import { abRows, maxValue, minRatio, runAB, type Scenario } from '../lib/scenario.js';

const PATH = '/public/allblogs';

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (res.status !== 200) throw new HarnessError(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const allblogs: Scenario = {
  name: 'allblogs',
  title: `GET /public/allblogs (${BLOG_COUNT} published blogs) vs bare Fastify + better-sqlite3 list query`,
  async run(ctx) {
    const setup = await ensureContent(ctx);
    // Taken after the setup, so the baseline reads the very rows the server serves.
    const dbCopy = await ctx.snapshotDb('allblogs');

    const ab = await runAB(ctx, {
      baseline: { file: 'allblogs-baseline.ts', env: { DB_FILE: dbCopy }, load: { path: PATH } },
      subject: { load: { path: PATH } },
      // Both sides must answer the same document, or the comparison is meaningless.
      check: async (baselineUrl) => {
        const [real, bare] = await Promise.all([getJson(ctx.server.baseUrl + PATH), getJson(baselineUrl + PATH)]);
        const count = (real as { data?: unknown[] }).data?.length;
        if (count !== BLOG_COUNT) throw new HarnessError(`${PATH} lists ${count} blogs, expected ${BLOG_COUNT}`);
        if (!isDeepStrictEqual(real, bare)) throw new HarnessError(`baseline answers differently:\n  real ${JSON.stringify(real).slice(0, 800)}\n  bare ${JSON.stringify(bare).slice(0, 800)}`);
      },
    });

    return {
      rows: abRows(ab),
      targets: [minRatio(ab.subject, ab.baseline, 0.5), maxValue('p99 latency', ab.subject.p99Ms, 25, 'ms')],
      notes: [
        setupNote(setup),
        `${ab.subject.totalRequests.toLocaleString('en-US')} list requests measured on the server, ${ab.baseline.totalRequests.toLocaleString('en-US')} on the baseline`,
      ],
      raw: { setup, ...ab },
    };
  },
};

export default allblogs;
