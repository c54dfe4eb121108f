export interface LoginAttemptsTable {
  id: string;
  email: string;
  ip: string;
  attempted_at: number;
  /** The trusted device the attempt was made from; null for an untrusted client. */
  device_id: string | null;
}

/** A browser that signed in to the account; its id is the nonce inside that browser's device cookie. */
export interface TrustedDevicesTable {
  id: string;
  user_id: string;
  created_at: number;
}

/** A link to reset a password: only the SHA-256 of its token is stored; used_at is set once, when it is used or revoked. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
