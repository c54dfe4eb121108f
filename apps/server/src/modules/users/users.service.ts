import type { ProfileUpdateParsed, User } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import type { UserPatch, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { unauthorized } from '../../lib/errors.js';
import { toUserDto } from './users.dto.js';
import { updateUser } from './users.repo.js';

const COLUMN_OF = {
  name: 'name',
  phone: 'phone',
  city: 'city',
  state: 'state',
  pincode: 'pincode',
  targetExam: 'target_exam',
  education: 'education',
  dateOfBirth: 'date_of_birth',
  gender: 'gender',
  preferredLanguage: 'preferred_language',
} as const satisfies Record<keyof ProfileUpdateParsed, keyof UserPatch>;

/** Applies the fields a user may change about themselves; absent fields stay as they are. */
export async function updateProfile(deps: { db: Db; clock: Clock }, user: UserRow, update: ProfileUpdateParsed): Promise<User> {
  const patch: UserPatch = { updated_at: deps.clock.now() };
  for (const [field, column] of Object.entries(COLUMN_OF) as [keyof ProfileUpdateParsed, keyof UserPatch][]) {
    const value = update[field];
    if (value !== undefined) (patch as Record<string, unknown>)[column] = value;
  }
  const row = await updateUser(deps.db, user.id, patch);
  if (!row) throw unauthorized();
  return toUserDto(row);
}
