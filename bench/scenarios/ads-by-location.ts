import { isDeepStrictEqual } from 'node:util';
import { AD_COUNT, ensureAds, MEASURED_PINCODE } from '../lib/ads-setup.js';
import { call } from '../lib/content-setup.js';
import { HarnessError } from '../lib/server.js';
import { abRows, maxValue, minRatio, runAB, type Scenario } from '../lib/scenario.js';

const PATH = `/api/advertisements/getAdsbyLocation?pincode=${MEASURED_PINCODE}`;

const adsByLocation: Scenario = {
  name: 'ads-by-location',
  title: `GET ${PATH} (${AD_COUNT} generated ads + the demo ones) vs bare Fastify + better-sqlite3 doing the same lookup`,
  async run(ctx) {
    const setup = await ensureAds(ctx);
    // Taken after the setup, so the baseline reads the very rows the server serves.
    const dbCopy = await ctx.snapshotDb('ads-by-location');

    let matched = 0;
    const ab = await runAB(ctx, {
      baseline: { file: 'ads-by-location-baseline.ts', env: { DB_FILE: dbCopy }, load: { path: PATH } },
      subject: { load: { path: PATH } },
      // Both sides must answer the same list in the same order, or the comparison is meaningless.
      check: async (baselineUrl) => {
        const [real, bare] = await Promise.all([call<{ data: unknown[] }>(ctx.server.baseUrl, 'GET', PATH), call<{ data: unknown[] }>(baselineUrl, 'GET', PATH)]);
        matched = real.data.length;
        if (matched < 5) throw new HarnessError(`${PATH} lists ${matched} ads; the generated ones should give at least 5`);
        if (!isDeepStrictEqual(real, bare)) throw new HarnessError(`baseline answers differently:\n  real ${JSON.stringify(real).slice(0, 800)}\n  bare ${JSON.stringify(bare).slice(0, 800)}`);
      },
    });

    return {
      rows: abRows(ab),
      targets: [minRatio(ab.subject, ab.baseline, 0.5), maxValue('p99 latency', ab.subject.p99Ms, 25, 'ms')],
      notes: [
        `setup: ${setup.ads} ads (${setup.created} created through the admin API) in ${(setup.setupMs / 1000).toFixed(1)} s; PIN ${MEASURED_PINCODE} answers ${matched} ads`,
        `${ab.subject.totalRequests.toLocaleString('en-US')} requests measured on the server, ${ab.baseline.totalRequests.toLocaleString('en-US')} on the baseline`,
      ],
      raw: { setup, matched, ...ab },
    };
  },
};

export default adsByLocation;
