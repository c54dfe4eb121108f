import { afterEach, describe, expect, it } from 'vitest';
import { serverClock, ServerClock } from './server-clock';

afterEach(() => serverClock.reset());

describe('the server clock for countdowns', () => {
  it('follows the Date header of an answer, against the middle of the round trip', () => {
    const sentAt = Date.now();
    const receivedAt = sentAt + 200;
    // The server's clock is 10 minutes ahead of this device's.
    const server = new Date(sentAt + 100 + 600_000);
    serverClock.sampleDateHeader({ headers: new Headers({ date: server.toUTCString() }) }, { sentAt, receivedAt });
    const expected = Math.floor((sentAt + 100 + 600_000) / 1000) * 1000 + 500 - (sentAt + 100) + Date.now();
    expect(Math.abs(serverClock.now() - expected)).toBeLessThan(50);
    expect(serverClock.now() - Date.now()).toBeGreaterThan(599_000);
  });

  it('keeps the device’s clock when the answer has no readable Date', () => {
    serverClock.sampleDateHeader({ headers: new Headers() }, { sentAt: 0, receivedAt: 0 });
    serverClock.sampleDateHeader({ headers: new Headers({ date: 'yesterday' }) }, { sentAt: 0, receivedAt: 0 });
    expect(Math.abs(serverClock.now() - Date.now())).toBeLessThan(50);
  });
});

describe('the server clock of an exam', () => {
  it('takes the server’s time in an answer to the millisecond, and tells whoever listens', () => {
    const clock = new ServerClock();
    let told = 0;
    clock.subscribe(() => (told += 1));
    clock.sample('2026-11-26T10:00:00.250Z', Date.parse('2026-11-26T10:05:00.000Z'), Date.parse('2026-11-26T10:05:00.100Z'));
    expect(clock.offset).toBe(-300_000 + 200);
    expect(told).toBe(1);
    clock.sample('not a time', 0, 0);
    expect(clock.offset).toBe(-300_000 + 200);
    expect(told).toBe(1);
  });
});
