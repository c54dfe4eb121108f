import { z } from 'zod';
import { id } from './exam-fields.js';
import { FLAG_RESOLUTIONS } from './challenges.js';

/**
 * Notices: what the platform tells one person about their own results and reports, shown in the app
 * (and sent by mail). Each kind carries the facts its sentence needs, so the app words it in the
 * reader's language.
 */
export const NOTICE_KINDS = ['score_changed', 'challenge_answered', 'report_answered'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

const base = { id: z.string(), link: z.string().nullable(), createdAt: z.string(), readAt: z.string().nullable() };

export const noticeSchema = z.discriminatedUnion('kind', [
  z.object({
    ...base,
    kind: z.literal('score_changed'),
    /** The test, the question's number in the candidate's attempt, the scores before and after, the editor's note. */
    params: z.object({ test: z.string(), question: z.number().int(), from: z.number(), to: z.number(), note: z.string() }),
  }),
  z.object({
    ...base,
    kind: z.literal('challenge_answered'),
    params: z.object({ test: z.string(), question: z.number().int().nullable(), resolution: z.enum(FLAG_RESOLUTIONS), reply: z.string() }),
  }),
  z.object({
    ...base,
    kind: z.literal('report_answered'),
    params: z.object({ excerpt: z.string(), resolution: z.enum(FLAG_RESOLUTIONS), reply: z.string() }),
  }),
]);
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.object({ data: z.array(noticeSchema), unread: z.number().int() });
export type NoticeList = z.infer<typeof noticeListSchema>;

/** POST /api/me/notices/read: these notices, or every one when `ids` is left out. */
export const noticeReadInputSchema = z.strictObject({
  ids: z.array(id('A notice id')).min(1).max(100, { error: 'At most 100 notices at once' }).optional(),
});
