/**
 * The audit trail, append-only (a trigger refuses updates and deletes on both dialects). The actor
 * is copied as they were at the time: a later change of name or role does not rewrite history.
 */
export interface AuditEventsTable {
  id: string;
  at: number;
  /** Null for the server's own work (sweepers, finalizing, reconciliation). */
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_role: string | null;
  kind: string;
  object_type: string;
  object_id: string | null;
  /** What a reader recognises the object by (a title, an email, the start of a question). */
  object_label: string;
  /** The changed fields before and after, as JSON objects; null where there is no before (a creation) or after (a deletion). */
  before_json: string | null;
  after_json: string | null;
  request_id: string | null;
}
