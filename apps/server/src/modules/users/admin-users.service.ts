import type { AdminUserPage, Role, User, adminUserListQuerySchema } from '@abhyas/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import { searchTerms } from '../../db/search.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { listUserRows, lockUsers } from './admin-users.repo.js';
import { toUserDto } from './users.dto.js';
import { updateUser } from './users.repo.js';

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
 * Gives a user another role. An admin cannot take the admin role from themselves, so the site always
 * keeps one; the acting admin is read again under lock, so two admins demoting each other at the
 * same moment cannot both succeed. Tokens stay valid: the guards load the user, role included,
 * on every request, so the new role applies from the user's next request.
 */
export async function changeRole(deps: Deps, actor: NonNullable<AuditActor>, targetId: string, role: Role): Promise<User> {
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockUsers(trx, [actor.id, targetId]);
    const current = rows.find((r) => r.id === actor.id);
    if (current?.role !== 'admin') throw forbidden();
    const target = rows.find((r) => r.id === targetId);
    if (!target) throw notFound('User not found');
    if (target.id === actor.id && role !== 'admin') throw conflict('You cannot remove your own admin role; another admin can');
    if (target.role === role) return toUserDto(target);
    const updated = await updateUser(trx, target.id, { role, updated_at: deps.clock.now() });
    await recordAudit(trx, deps.clock, actor, { kind: 'user.role_changed', object: { type: 'user', id: target.id, label: target.email }, before: { role: target.role }, after: { role } });
    return toUserDto(updated ?? target);
  });
}
