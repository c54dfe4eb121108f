import type { PracticeStart } from '@abhyas/contracts';

const KEY = 'practiceStarts';
const KEPT = 20;

type Stored = { id: string; request: PracticeStart }[];

function read(): Stored {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Stored) : [];
  } catch {
    return [];
  }
}

/**
 * Keeps what a session was started with, on this device, so "Practise again" can start one like it.
 * The last few only; storage that is refused simply forgets.
 */
export function rememberStart(sessionId: string, request: PracticeStart): void {
  const kept = [{ id: sessionId, request }, ...read().filter((s) => s.id !== sessionId)].slice(0, KEPT);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Nothing to do: "Practise again" then leads to the practice page.
  }
}

/** What a session was started with on this device, without a list of questions; undefined when unknown. */
export function startedWith(sessionId: string): PracticeStart | undefined {
  const request = read().find((s) => s.id === sessionId)?.request;
  if (!request || typeof request !== 'object' || request.questionIds) return undefined;
  return request;
}
