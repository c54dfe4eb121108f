import { z } from 'zod';
import { QUESTION_LANGUAGES, questionLanguageSchema } from './questions-languages.js';
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
  /** The languages the test is offered in, its first the default. */
  languages: z.array(questionLanguageSchema),
});

/**
 * The languages a test is offered in (one or both, each once); every question it gives is readable
 * in each of them. The first is the default for a candidate who does not choose.
 */
export const testLanguagesSchema = z
  .array(questionLanguageSchema, { error: 'Languages must be a list of en and hi' })
  .min(1, { error: 'Offer the test in at least one language' })
  .max(QUESTION_LANGUAGES.length, { error: 'A test is offered in English, Hindi or both' })
  .refine((l) => new Set(l).size === l.length, { error: 'A language is given twice' })
  .default(['en']);
