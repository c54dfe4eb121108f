import { afterEach, describe, expect, it } from 'vitest';
import { resetServerClock, sampleServerClock, serverNow } from './server-clock';

afterEach(resetServerClock);

describe('the server clock for countdowns', () => {
  it('follows the Date header of an answer, against the middle of the round trip', () => {
    const sentAt = Date.now();
    const receivedAt = sentAt + 200;
    // The server's clock is 10 minutes ahead of this device's.
    const server = new Date(sentAt + 100 + 600_000);
    sampleServerClock({ headers: new Headers({ date: server.toUTCString() }) }, { sentAt, receivedAt });
    const expected = Math.floor((sentAt + 100 + 600_000) / 1000) * 1000 + 500 - (sentAt + 100) + Date.now();
    expect(Math.abs(serverNow() - expected)).toBeLessThan(50);
    expect(serverNow() - Date.now()).toBeGreaterThan(599_000);
  });

  it('keeps the device’s clock when the answer has no readable Date', () => {
    sampleServerClock({ headers: new Headers() }, { sentAt: 0, receivedAt: 0 });
    sampleServerClock({ headers: new Headers({ date: 'yesterday' }) }, { sentAt: 0, receivedAt: 0 });
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
  });
});
