/**
 * What the demo-free seeds (the server's test factories and the bench's data) may use to write
 * accounts directly, without the registration route: the row as registration would build it.
 */
export { newUserRow } from './users.repo.js';
export type { NewUserRow, UserRow } from './users.table.js';
