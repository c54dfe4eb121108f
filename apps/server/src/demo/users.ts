import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { createAccount } from '../modules/auth/auth.service.js';
import { userByEmail } from '../modules/users/users.service.js';

/** The demo accounts listed in the README; the same password for each. */
export const DEMO_PASSWORD = 'practice123';
export const DEMO_USERS = [
  { email: 'candidate@abhyas.test', name: 'Asha Verma', role: 'candidate', complete: true },
  { email: 'newcomer@abhyas.test', name: 'Ravi Kumar', role: 'candidate', complete: false },
  { email: 'editor@abhyas.test', name: 'Meera Iyer', role: 'editor', complete: true },
  { email: 'admin@abhyas.test', name: 'Admin', role: 'admin', complete: true },
] as const;

const COMPLETE_PROFILE = { phone: '9876543210', city: 'Bengaluru', state: 'Karnataka', pincode: '560034', target_exam: 'SSC CGL' };

/** Creates the demo accounts that do not exist yet; running it again changes nothing. */
export async function seedDemoUsers(db: Db, clock: Clock): Promise<number> {
  const deps = { db, clock };
  let created = 0;
  for (const demo of DEMO_USERS) {
    if (await userByEmail(deps, demo.email)) continue;
    const account = { email: demo.email, name: demo.name, role: demo.role, password: DEMO_PASSWORD, ...(demo.complete ? { profile: COMPLETE_PROFILE } : {}) };
    if (await createAccount(deps, account)) created += 1;
  }
  return created;
}
