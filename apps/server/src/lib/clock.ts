/** The time source services receive, so tests can move time without sleeping. */
export type Clock = { now: () => number };

export const systemClock: Clock = { now: () => Date.now() };

/** The last whole second formatted, up to its dot: the times a busy second answers share it. */
let second = Number.NaN;
let secondText = '';

/**
 * A time as ISO 8601 in UTC with milliseconds, as `Date.prototype.toISOString` writes it; the date
 * and time of day are formatted once per second, so a server answering thousands of requests a
 * second appends only the milliseconds to most of them.
 */
export function toIso(ms: number): string {
  // A Date keeps whole milliseconds, dropping a fraction toward zero.
  const time = Math.trunc(ms);
  const whole = Math.floor(time / 1000);
  if (whole !== second) {
    secondText = new Date(whole * 1000).toISOString().slice(0, -4);
    second = whole;
  }
  const millis = time - whole * 1000;
  return secondText + (millis < 10 ? '00' : millis < 100 ? '0' : '') + millis + 'Z';
}
