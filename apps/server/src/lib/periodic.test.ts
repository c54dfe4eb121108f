import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { every } from './periodic.js';

function recordingLog() {
  const lines: { level: 'info' | 'warn'; obj: object; msg: string }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => void lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => void lines.push({ level: 'warn', obj, msg }),
  };
}

describe('every', () => {
  it('runs one round at a time, skipping ticks while a round runs, and stop waits for the running round', async () => {
    const log = recordingLog();
    let started = 0;
    let running = 0;
    let most = 0;
    let finished = 0;
    const stop = every(log, {
      name: 'slow work',
      everyMs: 5,
      atStart: true,
      run: async () => {
        started += 1;
        running += 1;
        most = Math.max(most, running);
        await sleep(40);
        running -= 1;
        finished += 1;
        return { done: 1 };
      },
      done: 'slow work done',
    });
    expect(started).toBe(1);
    await sleep(100);
    await stop();
    expect(most).toBe(1);
    expect(finished).toBe(started);
    expect(started).toBeLessThan(100 / 5);
    const after = started;
    await sleep(30);
    expect(started).toBe(after);
    expect(log.lines[0]).toEqual({ level: 'info', obj: { done: 1 }, msg: 'slow work done' });
  });

  it('logs a failed round with the job’s name and keeps going; a round that did nothing is not logged', async () => {
    const log = recordingLog();
    let rounds = 0;
    const stop = every(log, {
      name: 'flaky work',
      everyMs: 5,
      run: async () => {
        rounds += 1;
        if (rounds === 1) throw new Error('the database went away');
        return { handled: 0 };
      },
      done: 'flaky work done',
    });
    expect(rounds).toBe(0);
    while (rounds < 3) await sleep(5);
    await stop();
    expect(log.lines).toEqual([{ level: 'warn', obj: { err: expect.any(Error), job: 'flaky work' }, msg: 'flaky work failed' }]);
  });
});
