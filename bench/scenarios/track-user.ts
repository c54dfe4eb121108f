import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { HarnessError } from '../lib/server.js';
import { abRows, maxValue, minRatio, minValue, runAB, type Scenario } from '../lib/scenario.js';

const PATH = '/public/trackUser';
const CONNECTIONS = 100;
/** The server writes page views at least every second (TRACKING_FLUSH_INTERVAL); this leaves room for the last batch. */
const FLUSH_WAIT_MS = 2500;
const UA = 'Mozilla/5.0 (Linux; Android 13; M2101K6G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The record the web client sends from a budget Android phone, on a page only this run visits. */
function record(path: string): string {
  return JSON.stringify({
    visitorId: '6f1c2a9e8b7d4c3a9e8b7d4c3a9e8b7d',
    ip: null,
    city: null,
    region: null,
    country: null,
    org: null,
    isVpn: null,
    osName: 'Android',
    osVersion: '13',
    deviceType: 'mobile',
    deviceModel: 'M2101K6G',
    deviceVendor: 'Xiaomi',
    cpuArchitecture: 'arm',
    gpuVendor: 'Qualcomm',
    gpuRenderer: 'Adreno (TM) 618',
    hardwareCores: 8,
    deviceMemory: 4,
    isTouchDevice: true,
    browserName: 'Chrome',
    browserVersion: '131.0.0.0',
    userAgent: UA,
    platform: 'Android',
    screenResolution: '393x873',
    language: 'hi-IN',
    timezone: 'Asia/Kolkata',
    referrer: 'https://www.google.com/',
    networkType: '4g',
    isWifi: false,
    timestamp: new Date().toISOString(),
    batteryLevel: 0.64,
    isCharging: false,
    path,
  });
}

async function post(url: string, body: string): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': UA }, body });
  if (res.status !== 204) throw new HarnessError(`POST ${url} answered ${res.status}: ${await res.text()}`);
}

function countStored(dbFile: string, path: string): number {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM page_views WHERE path = ?').get(path) as { n: number }).n;
  } finally {
    db.close();
  }
}

const trackUser: Scenario = {
  name: 'track-user',
  title: `POST /public/trackUser at ${CONNECTIONS} connections vs bare Fastify + better-sqlite3 batch insert`,
  async run(ctx) {
    const path = `/bench/track-${Date.now().toString(36)}`;
    const body = record(path);
    const load = { path: PATH, method: 'POST' as const, body, headers: { 'user-agent': UA }, connections: CONNECTIONS };
    const dbCopy = await ctx.snapshotDb('track-user');

    const ab = await runAB(ctx, {
      baseline: { file: 'track-user-baseline.ts', env: { DB_FILE: dbCopy }, load },
      subject: { load },
      check: async (baselineUrl) => {
        await post(ctx.server.baseUrl + PATH, body);
        await post(baselineUrl + PATH, body);
      },
    });

    ctx.log(`waiting ${FLUSH_WAIT_MS} ms for the last batch to be written`);
    await sleep(FLUSH_WAIT_MS);
    const stored = countStored(await ctx.snapshotDb('track-user-after'), path);
    // Every 204 autocannon counted, warm-ups included, plus the check's one request. A request still
    // in flight when a run stops may be stored without being counted, so stored can be a little higher.
    const accepted = 1 + ab.subject.rounds.reduce((sum, m) => sum + m.totalRequests + m.warmupRequests, 0);

    return {
      rows: abRows(ab),
      targets: [
        minValue('req/s', ab.subject.reqPerSec, 10_000, 'req/s'),
        maxValue('p99 latency', ab.subject.p99Ms, 20, 'ms'),
        { name: 'records stored after the flush', target: `all ${accepted.toLocaleString('en-US')} accepted`, actual: stored.toLocaleString('en-US'), pass: stored >= accepted },
        minRatio(ab.subject, ab.baseline, 0.5),
      ],
      notes: [
        `${accepted.toLocaleString('en-US')} page views answered 204 by the server (warm-ups included), ${stored.toLocaleString('en-US')} stored; the baseline does the same batching without validation, privacy rules, bot filter or rate limit`,
      ],
      raw: { accepted, stored, ...ab },
    };
  },
};

export default trackUser;
