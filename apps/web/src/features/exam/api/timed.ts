import type { ServerClock } from '@/lib/server-clock';

/** An answer with the server's time and when this device sent the request and read the answer. */
export interface Timed<T> {
  data: T;
  serverTime: string;
  sentAt: number;
  receivedAt: number;
}

/** Calls the API and notes when the request left and the answer came, for the server clock. */
export async function timed<T>(call: () => Promise<{ data: T; serverTime: string }>): Promise<Timed<T>> {
  const sentAt = Date.now();
  const { data, serverTime } = await call();
  return { data, serverTime, sentAt, receivedAt: Date.now() };
}

/** Corrects `clock` from the answer and gives its data. */
export function sampled<T>(clock: ServerClock, answer: Timed<T>): T {
  clock.sample(answer.serverTime, answer.sentAt, answer.receivedAt);
  return answer.data;
}
