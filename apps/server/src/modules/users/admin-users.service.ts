import type { AdminUserPage, Role, User, adminUserListQuerySchema } from '@abhyas/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/index.js';
import { searchTerms } from '../../db/search.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { listUserRows, lockUsers } from './admin-users.repo.js';
import { toUserDto } from './users.dto.js';
import { updateUser } from './users.repo.js';
import type { UserRow } from './users.table.js';

type Deps = { db: Db; clock: Clock };

/** The users table for admins: search by name or email, filter by role, one page at a time. */
export async function listUsers(deps: Deps, query: z.output<typeof adminUserListQuerySchema>): Promise<AdminUserPage> {
  const { rows, total } = await listUserRows(deps.db, {
    terms: searchTerms(query.search),
    ...(query.role ? { role: query.role } : {}),
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { data: rows.map(toUserDto), total, page: query.page, pageSize: query.pageSize };
}

/**
 * The user an admin changes, read with the acting admin under lock until the transaction ends: an
 * actor who is no longer an admin is refused (403), an unknown user is 404.
 */
async function lockedByAdmin(trx: Executor, actor: NonNullable<AuditActor>, targetId: string): Promise<UserRow> {
  const rows = await lockUsers(trx, [actor.id, targetId]);
  if (rows.find((r) => r.id === actor.id)?.role !== 'admin') throw forbidden();
  const target = rows.find((r) => r.id === targetId);
  if (!target) throw notFound('User not found');
  return target;
}

/**
 * Gives a user another role. An admin cannot take the admin role from themselves, so the site always
 * keeps one; the acting admin is read again under lock, so two admins demoting each other at the
 * same moment cannot both succeed. Tokens stay valid: the guards load the user, role included,
 * on every request (a row at most half a second old, signed-in-users.ts, and this change drops this
 * process's copy), so the new role applies from the user's next request.
 */
export async function changeRole(deps: Deps, actor: NonNullable<AuditActor>, targetId: string, role: Role): Promise<User> {
  return deps.db.transaction().execute(async (trx) => {
    const target = await lockedByAdmin(trx, actor, targetId);
    if (target.id === actor.id && role !== 'admin') throw conflict('You cannot remove your own admin role; another admin can');
    if (target.role === role) return toUserDto(target);
    const updated = await updateUser(trx, target.id, { role, updated_at: deps.clock.now() });
    await recordAudit(trx, deps.clock, actor, { kind: 'user.role_changed', object: { type: 'user', id: target.id, label: target.email }, before: { role: target.role }, after: { role } });
    return toUserDto(updated ?? target);
  });
}

/**
 * Sets a candidate's compensatory time in timed papers (docs/PRODUCT.md §8.11): extra minutes per
 * hour, 0 to remove it. Timed attempts started afterwards take it; those already running keep the
 * figure they started with. The acting admin is read again under lock, as for a role change.
 */
export async function setAccommodation(deps: Deps, actor: NonNullable<AuditActor>, targetId: string, extraMinutesPerHour: number): Promise<User> {
  return deps.db.transaction().execute(async (trx) => {
    const target = await lockedByAdmin(trx, actor, targetId);
    const before = Number(target.extra_minutes_per_hour);
    if (before === extraMinutesPerHour) return toUserDto(target);
    const updated = await updateUser(trx, target.id, { extra_minutes_per_hour: extraMinutesPerHour, updated_at: deps.clock.now() });
    await recordAudit(trx, deps.clock, actor, {
      kind: 'user.accommodation_changed',
      object: { type: 'user', id: target.id, label: target.email },
      before: { extraMinutesPerHour: before },
      after: { extraMinutesPerHour },
    });
    return toUserDto(updated ?? target);
  });
}
