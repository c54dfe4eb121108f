import { APP } from '@abhyas/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { alerts, click, getButton, getByLabel, renderRoutes, typeInto, waitFor } from '@/testing/render';
import { ResetPasswordPage } from './reset-password-page';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const routes = [
  { path: '/reset-password', Component: ResetPasswordPage },
  { path: '/login', Component: () => <h1>Sign in</h1> },
  { path: '/forgot-password', Component: () => <h1>Reset your password</h1> },
];
const DONE = { body: { message: 'Your password has been changed. Sign in with your new password.' } };
const EXPIRED = apiError(400, 'RESET_LINK_INVALID', 'This link to reset your password has expired or has already been used. Ask for a new one.');

let page: Awaited<ReturnType<typeof renderRoutes>> | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
  localStorage.clear();
  vi.unstubAllGlobals();
});

function fill(scope: ParentNode, password: string, confirm: string) {
  typeInto(getByLabel(scope, 'New password'), password);
  typeInto(getByLabel(scope, 'Confirm new password'), confirm);
  click(getButton(scope, 'Set new password'));
}

describe('reset password page', () => {
  it('sets the new password with the link’s token, drops any stored session and goes to sign-in', async () => {
    localStorage.setItem(APP.authTokenKey, 'an-old-session');
    const net = fakeApi({ 'POST /api/auth/password/reset': () => DONE });
    page = await renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    fill(page.container, 'my new password', 'my new password');

    await waitFor(() => expect(page?.router.state.location.pathname).toBe('/login'));
    expect(net.calls('POST /api/auth/password/reset').map((r) => r.body)).toEqual([{ token: TOKEN, password: 'my new password' }]);
    expect(localStorage.getItem(APP.authTokenKey)).toBeNull();
  });

  it('refuses two different passwords and a short one before sending anything', async () => {
    const net = fakeApi({ 'POST /api/auth/password/reset': () => DONE });
    page = await renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    fill(page.container, 'my new password', 'my new passwort');
    await waitFor(() => expect(page?.container.textContent).toContain('The two passwords do not match'));
    expect(getByLabel(page.container, 'Confirm new password').getAttribute('aria-invalid')).toBe('true');
    fill(page.container, 'short', 'short');
    await waitFor(() => expect(page?.container.textContent).toContain('Password must be at least 8 characters'));
    expect(net.calls('POST /api/auth/password/reset')).toHaveLength(0);
  });

  it('says plainly when the link has expired or was used, and offers a new one', async () => {
    fakeApi({ 'POST /api/auth/password/reset': () => EXPIRED });
    page = await renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    fill(page.container, 'my new password', 'my new password');

    await waitFor(() => expect(alerts(page!.container).join(' ')).toContain('This link no longer works'));
    expect(alerts(page.container).join(' ')).toContain('works once, for 30 minutes');
    expect(page.container.querySelector('form')).toBeNull();
    const again = [...page.container.querySelectorAll('a')].find((a) => a.textContent === 'Ask for a new link');
    expect(again?.getAttribute('href')).toBe('/forgot-password');
  });

  it.each([['/reset-password'], ['/reset-password?token=cut-short']])('explains an incomplete link at %s without a form', async (url) => {
    const net = fakeApi({});
    page = await renderRoutes(routes, url);
    expect(alerts(page.container).join(' ')).toContain('This link is incomplete');
    expect(page.container.querySelector('form')).toBeNull();
    expect(net.requests).toHaveLength(0);
  });
});
