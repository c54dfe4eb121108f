/**
 * What seeds (the server's test factories and the bench's data) use to give their accounts a
 * password and a signed-in token, as sign-in would.
 */
export { hashPassword } from './passwords.js';
export { createTokenService } from './tokens.js';
