import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

/*
 * The sign-in guard keeps a user's row for half a second per database handle. Two apps on one
 * database stand for two server processes: neither is served the row the other kept.
 */

let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await buildTestApp();
  two = await buildTestApp({ dbHandle: one.dbHandle.openAnother() });
});
afterAll(async () => {
  await two.close();
  await one.close();
});

const profileName = async (t: TestApp, auth: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().user.name as string;
};

describe('the signed-in users kept by the guard', () => {
  it('are kept per database handle, so another handle reads the row itself', async () => {
    const { user, auth } = await signedInUser(one.app, one.db, { name: 'Asha Verma' });
    expect(await profileName(one, auth)).toBe('Asha Verma');
    // A change neither app's users.repo made: only the handle that kept the row may still serve it.
    await one.db.updateTable('users').set({ name: 'Asha Rao' }).where('id', '=', user.id).execute();
    expect(await profileName(two, auth)).toBe('Asha Rao');
  });
});
