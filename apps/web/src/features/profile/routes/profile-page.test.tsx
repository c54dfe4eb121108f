import { APP, type User } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useShellStore } from '@/stores/shell-store';
import { apiError, deferred, fakeApi, type FakeHandler, type FakeResponse } from '@/testing/fake-api';
import { user } from '@/testing/fixtures';
import { alerts, cleanUpPages, click, getButton, getByLabel, renderRoutes, typeInto, waitFor } from '@/testing/render';
import { ProfilePage } from './profile-page';

const routes = [{ path: '/profile', Component: () => <ProfilePage accountSections={<p>Account sections</p>} /> }];
const GET = 'GET /api/users/profile';
const PUT = 'PUT /api/users/profile/update';

let page: Awaited<ReturnType<typeof renderRoutes>>;

beforeEach(() => {
  localStorage.setItem(APP.authTokenKey, 'tok-asha');
});

afterEach(cleanUpPages);

/**
 * The API as the profile page uses it; a save answers (once `saving` settles, if given) with the
 * stored user changed by the request.
 */
function api(overrides: Record<string, FakeHandler> = {}, saving?: Promise<unknown>) {
  let stored: User = user();
  return fakeApi({
    [GET]: () => ({ body: { user: stored } }),
    [PUT]: async ({ body }) => {
      await saving;
      stored = { ...stored, ...(body as Partial<User>), updatedAt: '2026-01-06T10:00:00.000Z' };
      stored.isCompleted = Boolean(stored.name && stored.phone && stored.pincode && stored.targetExam);
      return { body: { user: stored } };
    },
    ...overrides,
  });
}

const nameField = () => getByLabel(page.container, 'Full name');

describe('profile page', () => {
  it('says it is loading, then fills the form and names what the profile still lacks', async () => {
    const answer = deferred<FakeResponse>();
    api({ [GET]: () => answer.promise });
    page = await renderRoutes(routes, '/profile');
    expect(page.container.querySelector('[role="status"]')?.textContent).toContain('Loading your profile…');

    answer.resolve({ body: { user: user({ name: 'Asha Verma', phone: '9876543210' }) } });

    await waitFor(() => expect(nameField().value).toBe('Asha Verma'));
    expect(getByLabel(page.container, 'Mobile number').value).toBe('9876543210');
    expect(page.container.textContent).toContain('Complete your profile');
    expect(page.container.textContent).toContain('Add your PIN code and target exam to get practice');
    expect(page.container.textContent).not.toContain('Loading your profile…');
    expect(page.container.textContent).toContain('Account sections');
  });

  it('saves the changes behind the loader and shows the saved profile', async () => {
    const saving = deferred<void>();
    const net = api({}, saving.promise);
    page = await renderRoutes(routes, '/profile');
    await waitFor(() => expect(nameField().value).toBe('Asha Verma'));

    typeInto(nameField(), 'Asha V');
    typeInto(getByLabel(page.container, 'Mobile number'), '98765 43210');
    typeInto(getByLabel(page.container, 'PIN code'), '560034');
    typeInto(getByLabel(page.container, 'Target exam'), 'SSC CGL');
    click(getButton(page.container, 'Save profile'));

    await waitFor(() => expect(net.calls(PUT)).toHaveLength(1));
    expect(net.calls(PUT)[0]?.body).toMatchObject({ name: 'Asha V', phone: '9876543210', pincode: '560034', targetExam: 'SSC CGL' });
    expect(useShellStore.getState().loading).toBe(true);
    expect(getButton(page.container, 'Save profile').disabled).toBe(true);

    saving.resolve();

    await waitFor(() => expect(page.container.textContent).not.toContain('Complete your profile'));
    expect(nameField().value).toBe('Asha V');
    expect(useShellStore.getState().loading).toBe(false);
    expect(alerts(page.container)).toEqual([]);
  });

  it('says "Failed to update profile", with the server’s field message, when the save is refused', async () => {
    api({ [PUT]: () => apiError(400, 'VALIDATION_FAILED', 'Some fields are invalid', [{ field: 'pincode', message: 'No such PIN code' }]) });
    page = await renderRoutes(routes, '/profile');
    await waitFor(() => expect(nameField().value).toBe('Asha Verma'));

    typeInto(getByLabel(page.container, 'PIN code'), '110001');
    click(getButton(page.container, 'Save profile'));

    await waitFor(() => expect(alerts(page.container)).toEqual([expect.stringContaining('Failed to update profile')]));
    expect(alerts(page.container)[0]).toContain('Some fields are invalid');
    expect(getByLabel(page.container, 'PIN code').getAttribute('aria-invalid')).toBe('true');
    expect(page.container.textContent).toContain('No such PIN code');
    expect(useShellStore.getState().loading).toBe(false);
  });

  it('says "Failed to fetch profile" with the reason, and loads on a retry', async () => {
    let fail = true;
    api({ [GET]: () => (fail ? apiError(429, 'RATE_LIMITED', 'Too many requests; try again in a minute') : { body: { user: user() } }) });
    page = await renderRoutes(routes, '/profile');

    await waitFor(() => expect(alerts(page.container)).toEqual([expect.stringContaining('Failed to fetch profile')]));
    expect(alerts(page.container)[0]).toContain('Too many requests; try again in a minute');

    fail = false;
    click(getButton(page.container, 'Try again'));

    await waitFor(() => expect(nameField().value).toBe('Asha Verma'));
    expect(alerts(page.container)).toEqual([]);
  });
});
