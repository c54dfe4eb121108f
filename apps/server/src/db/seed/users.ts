import type { Db } from '../index.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword } from '../../modules/auth/passwords.js';
import { findUserByEmail, insertUser, newUserRow, updateUser } from '../../modules/users/users.repo.js';

/** The demo accounts listed in the README; the same password for each. */
export const DEMO_PASSWORD = 'practice123';
export const DEMO_USERS = [
  { email: 'candidate@abhyas.test', name: 'Asha Verma', role: 'candidate', complete: true },
  { email: 'newcomer@abhyas.test', name: 'Ravi Kumar', role: 'candidate', complete: false },
  { email: 'editor@abhyas.test', name: 'Meera Iyer', role: 'editor', complete: true },
  { email: 'admin@abhyas.test', name: 'Admin', role: 'admin', complete: true },
] as const;

/** Creates the demo accounts that do not exist yet; running it again changes nothing. */
export async function seedDemoUsers(db: Db, clock: Clock): Promise<number> {
  let created = 0;
  for (const demo of DEMO_USERS) {
    if (await findUserByEmail(db, demo.email)) continue;
    const row = newUserRow({ email: demo.email, name: demo.name, role: demo.role, passwordHash: await hashPassword(DEMO_PASSWORD), now: clock.now() });
    if (demo.complete) {
      Object.assign(row, { phone: '9876543210', city: 'Bengaluru', state: 'Karnataka', pincode: '560034', target_exam: 'SSC CGL' });
    }
    if (await insertUser(db, row)) created += 1;
  }
  return created;
}

/** Makes sure the configured administrator exists and holds the admin role; an existing password is kept. */
export async function ensureAdmin(db: Db, clock: Clock, admin: { email: string; password: string }): Promise<'created' | 'promoted' | 'present'> {
  const existing = await findUserByEmail(db, admin.email);
  if (existing) {
    if (existing.role === 'admin') return 'present';
    await updateUser(db, existing.id, { role: 'admin', updated_at: clock.now() });
    return 'promoted';
  }
  await insertUser(db, newUserRow({ email: admin.email, name: 'Administrator', role: 'admin', passwordHash: await hashPassword(admin.password), now: clock.now() }));
  return 'created';
}
