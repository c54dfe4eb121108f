import { z } from 'zod';
import { safeText } from './text.js';

/**
 * What the audit trail records: every change to results, keys, questions, tests, contests, prizes,
 * payments and refunds, roles and accounts. Each kind names the object it changes and the change.
 */
export const AUDIT_KINDS = [
  'account.password_changed',
  'account.password_reset',
  'user.role_changed',
  'user.accommodation_changed',
  'question.created',
  'question.updated',
  'question.deleted',
  'question.archived',
  'question.restored',
  'question.key_decided',
  'flags.resolved',
  'questions.bulk_changed',
  'questions.imported',
  'test.created',
  'test.updated',
  'test.published',
  'test.unpublished',
  'test.deleted',
  'test.archived',
  'contest.created',
  'contest.updated',
  'contest.cancelled',
  'contest.deleted',
  'contest.finalized',
  'payment.refunded',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The kinds of object the trail names. */
export const AUDIT_OBJECTS = ['user', 'question', 'test', 'contest', 'payment'] as const;
export type AuditObject = (typeof AUDIT_OBJECTS)[number];

/** One record as admins read it. `before` and `after` hold the changed fields only. */
export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Null for the server's own work (the sweeper, finalizing, reconciliation). */
  actor: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }).nullable(),
  kind: z.enum(AUDIT_KINDS),
  object: z.object({ type: z.enum(AUDIT_OBJECTS), id: z.string().nullable(), label: z.string() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The id of the request that made the change (its `x-request-id`), null for the server's own work. */
  requestId: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_PAGE_SIZE_MAX = 100;

const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` });

/** `GET /api/admin/audit` and its CSV export: newest first, filtered by actor, kind, object and time. */
export const auditQuerySchema = z.strictObject({
  /** An actor's id, or part of their name or email. */
  actor: safeText('Actor').trim().min(1).max(100, { error: 'Actor must be at most 100 characters' }).optional(),
  kind: z.enum(AUDIT_KINDS, { error: 'Unknown kind of change' }).optional(),
  objectType: z.enum(AUDIT_OBJECTS, { error: 'Unknown kind of object' }).optional(),
  objectId: safeText('Object').trim().min(1).max(100, { error: 'Object must be at most 100 characters' }).optional(),
  from: instant('From').optional(),
  to: instant('To').optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, { error: 'Page starts at 1' }).max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1, { error: 'Page size must be at least 1' })
    .max(AUDIT_PAGE_SIZE_MAX, { error: `Page size must be at most ${AUDIT_PAGE_SIZE_MAX}` })
    .default(50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ data: z.array(auditEventSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;
