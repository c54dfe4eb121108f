import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Column conventions on both dialects (docs/decisions/003-portable-columns.md):
 * ids are UUIDv7 text, timestamps are epoch milliseconds in a bigint column,
 * booleans are integers 0/1, money is integer paise.
 */
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
}

export interface LoginAttemptsTable {
  id: string;
  email: string;
  ip: string;
  attempted_at: number;
}

export interface Database {
  users: UsersTable;
  login_attempts: LoginAttemptsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;
