/** The time source services receive, so tests can move time without sleeping. */
export type Clock = { now: () => number };

export const systemClock: Clock = { now: () => Date.now() };

export const toIso = (ms: number): string => new Date(ms).toISOString();
