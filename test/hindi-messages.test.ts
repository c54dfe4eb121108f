import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../packages/contracts/src/index.js';
import { ENGLISH_ONLY_MESSAGES, localizeDetailed, localizeMessage } from '../packages/contracts/src/localize.js';
import { HI_TEMPLATES } from '../packages/contracts/src/messages-hi-templates.js';
import { collectMessages, SAMPLE } from './message-sources.js';

/*
 * Every message the server can answer with, and every message of the requests' schemas (the web's
 * forms show them too), has Hindi: read from the source, each form of each message is put into Hindi
 * and must come out whole, with no English part left but the values known only at run time.
 */

const ROOT = join(import.meta.dirname, '..');

/** Files whose texts are not said to a person in the error shape: the operator's, the demo's, the import report's line-by-line findings. */
const notSaid = (file: string) =>
  file.startsWith('apps/server/src/demo/') ||
  file.startsWith('apps/server/src/cli/') ||
  file === 'apps/server/src/config.ts' ||
  file === 'apps/server/src/config-schema.ts' ||
  file.startsWith('apps/server/src/modules/questions/formats/');

/** Places that pass on a message written elsewhere, and where that one is read from. */
const PASSED_ON: Record<string, string> = {
  'apps/server/src/lib/errors.ts said.join(\'; \')': 'the validation summary, made of the details (each read where it is written)',
  'apps/server/src/lib/errors.ts detail.message': 'a detail, read where it is written',
  'apps/server/src/lib/errors.ts this.message': "an AppError's message, read where it is made",
  'apps/server/src/lib/markdown/markdown.ts err.message': 'MarkdownTooComplex, read where it is thrown',
  'apps/server/src/modules/challenges/challenges.service.ts window.reason': 'the reasons of lib/challenge-window.ts',
  'apps/server/src/modules/payments/refunds.ts facts.note': "a refunded order's note: the notes of payments/taking.ts and of a contest's cancellation",
  'apps/server/src/modules/media/media.service.ts check.message': 'the `message:` of lib/images.ts',
  'apps/server/src/modules/questions/import-prepare.ts message': "an image's problem, for the import report",
  'apps/server/src/modules/questions/import-worker.ts reply.message': "the worker's ImportRefused, read where it is thrown",
  'apps/server/src/modules/questions/import.worker.ts err.message': "the worker's ImportRefused, read where it is thrown",
  'apps/server/src/modules/questions/import.worker.ts err': "the worker's ImportRefused, read where it is thrown",
  'apps/server/src/modules/questions/transfer.service.ts err.message': 'ImportRefused, read where it is thrown',
  'apps/server/src/plugins/errors.ts issue.message': "the schemas' messages, and zod's own (below)",
  'apps/server/src/plugins/errors.ts known[2]': 'the status tables, read row by row',
  'apps/server/src/plugins/errors.ts message': 'the status answers of clientErrorAnswer, read row by row',
};

/** Messages that go into the import report (a successful answer listing each question's findings), not into the error shape. */
const REPORT_ONLY = new Set(['apps/server/src/modules/questions/import-prepare.ts problem', 'apps/server/src/modules/questions/import-prepare.ts untranslated']);

const { sites, unresolved } = collectMessages({
  root: ROOT,
  dirs: ['packages/contracts/src', 'apps/server/src'],
  skip: notSaid,
  constants: contracts,
  operatorErrors: ['ConfigError'],
  messageProperties: {
    'apps/server/src/lib/challenge-window.ts': ['reason'],
    'apps/server/src/modules/contests/contests.dto.ts': ['reason'],
    // A refunded order's note, said in the refund mail.
    'apps/server/src/modules/payments/taking.ts': ['seatGone', 'paidTwice'],
    'apps/server/src/modules/contests/editing/contest-editing.ts': ['note'],
  },
});

/** What is wrong with a message's Hindi, or null. */
function problemWith(message: string): string | null {
  const hindi = localizeDetailed(message, 'hi');
  if (ENGLISH_ONLY_MESSAGES.has(message)) return null;
  if (!hindi.translated) return 'no Hindi';
  const left = hindi.untranslated.filter((part) => part !== SAMPLE);
  if (left.length > 0) return `left in English: ${left.map((p) => JSON.stringify(p)).join(', ')}`;
  if (/\{\w+\}|\{[^{}]*\|[^{}]*\}/.test(hindi.text)) return `a placeholder left in ${JSON.stringify(hindi.text)}`;
  return null;
}

describe('Hindi for every message', () => {
  it('finds the messages where the code says them', () => {
    const all = new Set(sites.flatMap((s) => s.samples));
    // A sample of each kind, so a collector that stops finding a kind fails here.
    for (const known of [
      'Title must be at most 120 characters',
      'Enter a valid email address',
      'Blog not found',
      'An account with this email already exists',
      'The request body is not valid JSON',
      'Challenges open when the contest ends',
      'Registration has not opened yet',
      'Icon is one of ai, marketing, code, design, maths, science, language, general',
      'This is a PDF document, not a question file: upload GIFT, Aiken, Moodle XML or CSV',
      'Too many failed sign-in attempts. Try again in 7 minutes.',
      'The Hindi text of the question is empty: the question is imported in English only',
    ]) {
      expect(all, known).toContain(known);
    }
    expect(all.size).toBeGreaterThan(400);
  });

  it('has Hindi for each form of every message the code can say', () => {
    const missing: string[] = [];
    for (const site of sites) {
      if (REPORT_ONLY.has(site.via)) continue;
      for (const sample of site.samples) {
        const problem = problemWith(sample);
        if (problem) missing.push(`${site.file}:${site.line} ${JSON.stringify(sample)}: ${problem}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('knows where each message passed on from elsewhere is read', () => {
    const unknown = unresolved.map((u) => `${u.file} ${u.text}`).filter((key) => !Object.hasOwn(PASSED_ON, key));
    expect(unknown, 'a message the collector cannot follow: follow it, or say where it is read').toEqual([]);
    const seen = new Set(unresolved.map((u) => `${u.file} ${u.text}`));
    expect(Object.keys(PASSED_ON).filter((key) => !seen.has(key)), 'no longer in the code').toEqual([]);
    const reportSeen = new Set(sites.map((s) => s.via));
    expect([...REPORT_ONLY].filter((key) => !reportSeen.has(key)), 'no longer in the code').toEqual([]);
  });

  it("has Hindi for zod's own messages, said for a check written without one", () => {
    const failing: [z.ZodType, unknown][] = [
      [z.string(), undefined],
      [z.string(), 5],
      [z.number(), 'x'],
      [z.number().int(), 1.5],
      [z.boolean(), 'yes'],
      [z.array(z.string()), {}],
      [z.object({ a: z.string() }), null],
      [z.string().min(1), ''],
      [z.string().min(3), 'a'],
      [z.string().max(2), 'abc'],
      [z.string().length(2), 'abc'],
      [z.array(z.string()).min(1), []],
      [z.array(z.string()).max(1), ['a', 'b']],
      [z.number().min(1), 0],
      [z.number().max(5), 6],
      [z.number().gt(1), 1],
      [z.number().lt(1), 1],
      [z.number().multipleOf(5), 3],
      [z.enum(['a', 'b']), 'c'],
      [z.literal('a'), 'b'],
      [z.email(), 'x'],
      [z.url(), 'x'],
      [z.iso.datetime(), 'x'],
      [z.iso.date(), 'x'],
      [z.string().regex(/^a$/), 'b'],
      [z.string().startsWith('a'), 'b'],
      [z.string().endsWith('a'), 'b'],
      [z.string().includes('a'), 'b'],
      [z.strictObject({}), { x: 1 }],
      [z.union([z.string(), z.number()]), true],
      [z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })]), { k: 'c' }],
      [z.record(z.enum(['a']), z.string()), { b: 'x' }],
      [z.set(z.string()).min(1), new Set()],
      [z.custom(() => false), 1],
    ];
    const missing: string[] = [];
    for (const [schema, input] of failing) {
      const result = schema.safeParse(input);
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) {
        const problem = problemWith(issue.message);
        if (problem) missing.push(`${JSON.stringify(issue.message)}: ${problem}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives each template the same placeholders in Hindi as in English', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [english, hindi] of Object.entries(HI_TEMPLATES)) expect(names(hindi), english).toEqual(names(english));
  });

  it('keeps the messages that must stay in English word for word', () => {
    for (const message of ENGLISH_ONLY_MESSAGES) expect(localizeMessage(message, 'hi')).toBe(message);
    expect([...ENGLISH_ONLY_MESSAGES].sort()).toEqual(
      ['Failed to fetch blogs', 'Failed to fetch profile', 'Failed to fetch users', 'Failed to update profile', 'Location fetch error', 'Location not enabled', 'Location not supported'].sort(),
    );
  });
});
