import type { Role } from '@abhyas/contracts';

/** The roles that may write and publish blogs and topics. */
export const CONTENT_EDITOR_ROLES: readonly Role[] = ['editor', 'admin'];

/** Whether a user with `role` may use the editor; false while the role is unknown. */
export function canEditContent(role: Role | null | undefined): boolean {
  return role != null && CONTENT_EDITOR_ROLES.includes(role);
}

/** Whether a user with `role` may see the analytics and manage users; false while the role is unknown. */
export function isAdmin(role: Role | null | undefined): boolean {
  return role === 'admin';
}
