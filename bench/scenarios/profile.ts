import { isDeepStrictEqual } from 'node:util';
import { HarnessError } from '../lib/server.js';
import { abRows, maxValue, minRatio, runAB, type Scenario } from '../lib/scenario.js';

const PATH = '/api/users/profile';
const DEMO = { email: 'candidate@abhyas.test', password: 'practice123' };

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new HarnessError(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const profile: Scenario = {
  name: 'profile',
  title: 'GET /api/users/profile (authenticated) vs bare Fastify + better-sqlite3 primary-key read',
  async run(ctx) {
    const { token, userId } = await ctx.login(DEMO.email, DEMO.password);
    const subjectHeaders = { authorization: `Bearer ${token}` };
    const baselineHeaders = { 'x-user-id': userId };
    const dbCopy = await ctx.snapshotDb('profile');

    const ab = await runAB(ctx, {
      baseline: { file: 'profile-baseline.ts', env: { DB_FILE: dbCopy }, load: { path: PATH, headers: baselineHeaders } },
      subject: { load: { path: PATH, headers: subjectHeaders } },
      // Both sides must answer the same document, or the comparison is meaningless.
      check: async (baselineUrl) => {
        const [real, bare] = await Promise.all([getJson(ctx.server.baseUrl + PATH, subjectHeaders), getJson(baselineUrl + PATH, baselineHeaders)]);
        if (!isDeepStrictEqual(real, bare)) throw new HarnessError(`baseline answers differently:\n  real ${JSON.stringify(real)}\n  bare ${JSON.stringify(bare)}`);
      },
    });

    return {
      rows: abRows(ab),
      targets: [
        minRatio(ab.subject, ab.baseline, 0.5),
        maxValue('p99 latency', ab.subject.p99Ms, 20, 'ms'),
        maxValue('server peak RSS', ab.subject.peakRssMb, 250, 'MB'),
      ],
      notes: [`${ab.subject.totalRequests.toLocaleString('en-US')} profile requests measured on the server, ${ab.baseline.totalRequests.toLocaleString('en-US')} on the baseline`],
      raw: ab,
    };
  },
};

export default profile;
