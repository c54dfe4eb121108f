import type { AttemptView, Confidence, OptionId } from '@abhyas/contracts';
import { del, get, set } from 'idb-keyval';
import { attemptCopies } from '@/lib/attempt-copies';
import { examDeviceDb } from '@/lib/exam-device-db';

export interface AnswerInput {
  optionIds: OptionId[];
  markedForReview: boolean;
  confidence: Confidence | null;
}

/** A save made on this device: sent at once, kept here until the server has answered it. */
export interface PendingSave extends AnswerInput {
  questionId: string;
  seq: number;
  timeSpentMs: number;
  /** When the candidate made the save, in the server's time as this device reckoned it then. */
  savedAt?: number;
  /** The question's number on the palette: a closed section's questions leave the attempt. */
  number?: number;
}

/** `closed`: the time ran out; `submitted`: the attempt was submitted (on another device) before it arrived. */
export type NotCountedReason = 'closed' | 'submitted' | 'locked' | 'takenOver' | 'refused';

/** A save the server refused: the candidate is told which answers did not count, and why. */
export interface NotCounted {
  questionId: string;
  reason: NotCountedReason;
  message: string;
  number?: number;
}

/** What this device keeps about one attempt, so a reload or a crash loses nothing. */
export interface DeviceRecord {
  /** The last sequence number this device gave a save. */
  seq: number;
  pending: PendingSave[];
  notCounted: NotCounted[];
  /** Time spent on each question, as measured here. */
  timeMs: Record<string, number>;
  /** The question on screen. */
  position: string | null;
}

export interface DeviceStore {
  load(attemptId: string): Promise<DeviceRecord | undefined>;
  save(attemptId: string, record: DeviceRecord): Promise<void>;
  remove(attemptId: string): Promise<void>;
}

/** The languages the candidate reads an attempt in, kept beside its record until the server has them. */
export interface ViewRecord {
  view: AttemptView;
  /** Changed on this device and not yet acknowledged by the server: sent when the connection returns. */
  unsent: boolean;
}

export interface ViewStore {
  load(attemptId: string): Promise<ViewRecord | undefined>;
  save(attemptId: string, record: ViewRecord): Promise<void>;
  remove(attemptId: string): Promise<void>;
}

/**
 * One kind of record per attempt in IndexedDB (through idb-keyval) under `kind:attemptId`, or in
 * memory where IndexedDB is missing or refused (some private windows): the record then lives as long
 * as the page.
 */
function keyedStore<R>(kind: string, alsoRemove?: (attemptId: string) => Promise<void>) {
  const memory = new Map<string, R>();
  const key = (attemptId: string) => `${kind}:${attemptId}`;
  return {
    async load(attemptId: string): Promise<R | undefined> {
      const db = examDeviceDb();
      if (db) {
        try {
          return await get<R>(key(attemptId), db);
        } catch {
          // Fall through to memory.
        }
      }
      return memory.get(attemptId);
    },
    async save(attemptId: string, record: R): Promise<void> {
      const db = examDeviceDb();
      try {
        if (!db) throw new Error('No IndexedDB');
        await set(key(attemptId), record, db);
      } catch {
        // Kept in memory; the saves still go to the server.
        memory.set(attemptId, record);
      }
    },
    async remove(attemptId: string): Promise<void> {
      memory.delete(attemptId);
      await alsoRemove?.(attemptId);
      const db = examDeviceDb();
      if (!db) return;
      try {
        await del(key(attemptId), db);
      } catch {
        // Nothing to remove.
      }
    },
  };
}

/** The device's records of its attempts' saves; the attempt over on this device, its copy for a reload offline goes with its queue. */
export const deviceStore: DeviceStore = keyedStore<DeviceRecord>('attempt', (attemptId) => attemptCopies.remove(attemptId));

/** The device's records of the languages its attempts are read in. */
export const viewStore: ViewStore = keyedStore<ViewRecord>('view');
