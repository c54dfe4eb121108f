import { describe, expect, it } from 'vitest';
import { Admission, type HeavyKind, type Release } from './admission.js';

/** Asks for a turn and records, in `order`, when it is granted or refused. */
function ask(admission: Admission, kind: HeavyKind, label: string, order: string[]): Promise<Release | null> {
  return admission.acquire(kind).then(
    (release) => {
      order.push(label);
      return release;
    },
    () => {
      order.push(`${label} refused`);
      return null;
    },
  );
}

describe('Admission', () => {
  it('grants a free turn at once and the next turns by kind, a start before a submission before a read, each kind in arrival order', async () => {
    const admission = new Admission({ inFlight: 1, queueWaitMs: 30_000, queueMax: 10 });
    const order: string[] = [];
    const holder = (await ask(admission, 'read', 'holder', order))!;
    const waiting = [
      ask(admission, 'read', 'read 1', order),
      ask(admission, 'submit', 'submit 1', order),
      ask(admission, 'read', 'read 2', order),
      ask(admission, 'start', 'start 1', order),
      ask(admission, 'submit', 'submit 2', order),
      ask(admission, 'start', 'start 2', order),
    ];
    expect(admission.use()).toEqual({ running: 1, queued: 6, refused: 0 });

    // Each release hands the turn on; the one it went to is awaited and released in its turn.
    let release = holder;
    for (const next of [3, 5, 1, 4, 0, 2]) {
      release();
      release = (await waiting[next]!)!;
    }
    release();
    expect(order).toEqual(['holder', 'start 1', 'start 2', 'submit 1', 'submit 2', 'read 1', 'read 2']);
    expect(admission.use()).toEqual({ running: 0, queued: 0, refused: 0 });
  });

  it('when the queue is full, refuses the latest waiter of a lower kind in a newcomer’s place, or else the newcomer', async () => {
    const admission = new Admission({ inFlight: 1, queueWaitMs: 30_000, queueMax: 2 });
    const order: string[] = [];
    const holder = (await ask(admission, 'submit', 'holder', order))!;
    const read1 = ask(admission, 'read', 'read 1', order);
    const read2 = ask(admission, 'read', 'read 2', order);
    const start1 = ask(admission, 'start', 'start 1', order);
    expect(await read2).toBeNull();
    const submit1 = ask(admission, 'submit', 'submit 1', order);
    expect(await read1).toBeNull();
    const start2 = ask(admission, 'start', 'start 2', order);
    expect(await submit1).toBeNull();
    expect(await ask(admission, 'start', 'start 3', order)).toBeNull();
    expect(admission.use()).toEqual({ running: 1, queued: 2, refused: 4 });

    holder();
    (await start1)!();
    (await start2)!();
    expect(order).toEqual(['holder', 'read 2 refused', 'read 1 refused', 'submit 1 refused', 'start 3 refused', 'start 1', 'start 2']);
    expect(admission.use()).toEqual({ running: 0, queued: 0, refused: 4 });
  });

  it('refuses a waiter at the end of its wait, and lets one whose client left go without counting a refusal', async () => {
    const admission = new Admission({ inFlight: 1, queueWaitMs: 20, queueMax: 10 });
    const holder = await admission.acquire('submit');
    await expect(admission.acquire('start')).rejects.toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    const client = new AbortController();
    const leaving = admission.acquire('start', client.signal);
    client.abort();
    await expect(leaving).rejects.toMatchObject({ statusCode: 503 });
    expect(admission.use()).toEqual({ running: 1, queued: 0, refused: 1 });
    holder();
    holder();
    expect(admission.use().running).toBe(0);
  });

  it('refuses at once when it may not queue at all', async () => {
    const admission = new Admission({ inFlight: 1, queueWaitMs: 0, queueMax: 10 });
    const holder = await admission.acquire('read');
    const refusal = await admission.acquire('start').catch((err: unknown) => err);
    expect(refusal).toMatchObject({ statusCode: 503, headers: { 'retry-after': expect.stringMatching(/^[2-6]$/) } });
    holder();
    (await admission.acquire('start'))();
  });
});
