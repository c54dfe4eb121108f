import { z } from 'zod';
import { safeText } from './text.js';

// Fields more than one exam contract uses. This file stays out of the package index: these are
// building blocks of the schemas, not names the server or the web client import.

/** An id sent by a client (a question's, say): free text, bounded. */
export const id = (label: string) => safeText(label).min(1).max(64, { error: `${label} is too long` });

/** The test an attempt was taken on, as the attempt, its result and the candidate's list name it. */
export const attemptTestSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** Set when the test is a contest's paper: its page is the contest's. */
  contestSlug: z.string().nullable().optional(),
});
