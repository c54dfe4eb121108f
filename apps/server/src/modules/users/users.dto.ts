import { REQUIRED_PROFILE_FIELDS, type User } from '@abhyas/contracts';
import type { UserRow } from './users.table.js';
import { toIso } from '../../lib/clock.js';

const COLUMN_OF = { name: 'name', phone: 'phone', pincode: 'pincode', targetExam: 'target_exam' } as const;

/** A profile is complete when every required field holds a value (docs/PRODUCT.md §5.2); only the server decides. */
export function isProfileComplete(row: UserRow): boolean {
  return REQUIRED_PROFILE_FIELDS.every((f) => {
    const v = row[COLUMN_OF[f]];
    return typeof v === 'string' && v.trim() !== '';
  });
}

/** Maps a users row to the wire shape: no hash, no token version, ISO timestamps. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    targetExam: row.target_exam,
    education: row.education,
    dateOfBirth: row.date_of_birth,
    gender: row.gender,
    preferredLanguage: row.preferred_language,
    isCompleted: isProfileComplete(row),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    previousSignInAt: row.previous_sign_in_at === null ? null : toIso(row.previous_sign_in_at),
    extraMinutesPerHour: Number(row.extra_minutes_per_hour),
  };
}
