import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestDb } from '../../../test/helpers.js';
import { systemClock } from '../../lib/clock.js';
import { userByEmail } from '../users/users.service.js';
import { ensureAdmin } from './auth.service.js';
import { verifyPassword } from './passwords.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.dispose());

describe('the configured administrator', () => {
  it('ensures the configured admin: created, then present; an existing user is promoted', async () => {
    expect(await ensureAdmin(deps(), { email: 'owner@example.com', password: 'owner password' })).toBe('created');
    expect(await ensureAdmin(deps(), { email: 'owner@example.com', password: 'other password' })).toBe('present');
    const owner = await userByEmail(handle, 'owner@example.com');
    expect(await verifyPassword(owner!.password_hash, 'owner password')).toBe(true);
    const user = await createUser(handle.db);
    expect(await ensureAdmin(deps(), { email: user.email, password: 'whatever1' })).toBe('promoted');
    expect((await userByEmail(handle, user.email))?.role).toBe('admin');
  });
});

const deps = () => ({ db: handle.db, clock: systemClock });
