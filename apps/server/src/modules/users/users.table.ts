import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  role: 'candidate' | 'editor' | 'admin';
  phone: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  target_exam: string | null;
  education: string | null;
  date_of_birth: string | null;
  gender: 'female' | 'male' | 'other' | 'prefer_not_to_say' | null;
  preferred_language: 'en' | 'hi';
  token_version: Generated<number>;
  created_at: number;
  updated_at: number;
  /** The latest sign-in, registering included; null for an account that never signed in. */
  last_sign_in_at: number | null;
  /** The sign-in before the latest: null until the user signs in again after the first time. */
  previous_sign_in_at: number | null;
  /** Compensatory time in timed papers, in extra minutes per hour (0: none), set by an admin (docs/PRODUCT.md §8.11). */
  extra_minutes_per_hour: Generated<number>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;
