import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { alerts, click, getButton, getByLabel, renderRoutes, typeInto, waitFor } from '@/testing/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';

const routes = [
  { path: '/forgot-password', Component: ForgotPasswordPage },
  { path: '/login', Component: LoginPage },
];
const SENT = { status: 202, body: { message: 'If an account uses this address, a link to reset its password is on its way.' } };

let page: Awaited<ReturnType<typeof renderRoutes>> | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

const status = (scope: ParentNode) => scope.querySelector('[role="status"]')?.textContent ?? '';

describe('forgot password page', () => {
  it('is reached from the sign-in page', async () => {
    fakeApi({});
    page = await renderRoutes(routes, '/login');
    const link = [...page.container.querySelectorAll('a')].find((a) => a.textContent === 'Forgot password?');
    expect(link?.getAttribute('href')).toBe('/forgot-password');
    click(link!);
    await waitFor(() => expect(page?.router.state.location.pathname).toBe('/forgot-password'));
    await waitFor(() => expect(page?.container.querySelector('h1')?.textContent).toBe('Reset your password'));
  });

  it('sends the address and shows the same neutral confirmation whatever the answer says', async () => {
    const net = fakeApi({ 'POST /api/auth/password/forgot': () => SENT });
    page = await renderRoutes(routes, '/forgot-password');
    typeInto(getByLabel(page.container, 'Email'), '  Kavya@Example.com ');
    click(getButton(page.container, 'Send reset link'));

    await waitFor(() => expect(status(page!.container)).toContain('Check your email'));
    expect(net.calls('POST /api/auth/password/forgot').map((r) => r.body)).toEqual([{ email: 'kavya@example.com' }]);
    expect(status(page.container)).toContain('If an account uses kavya@example.com, a link to reset its password is on its way.');
    expect(status(page.container)).toContain('for 30 minutes');
    expect(page.container.querySelector('form')).toBeNull();
  });

  it('checks the address before sending anything', async () => {
    const net = fakeApi({ 'POST /api/auth/password/forgot': () => SENT });
    page = await renderRoutes(routes, '/forgot-password');
    typeInto(getByLabel(page.container, 'Email'), 'not-an-email');
    click(getButton(page.container, 'Send reset link'));
    await waitFor(() => expect(page?.container.textContent).toContain('Enter a valid email address'));
    expect(net.calls('POST /api/auth/password/forgot')).toHaveLength(0);
  });

  it('shows the server’s message when asked too often, and keeps the form', async () => {
    fakeApi({ 'POST /api/auth/password/forgot': () => apiError(429, 'RATE_LIMITED', 'Too many requests. Try again in 1 minute.') });
    page = await renderRoutes(routes, '/forgot-password');
    typeInto(getByLabel(page.container, 'Email'), 'kavya@example.com');
    click(getButton(page.container, 'Send reset link'));
    await waitFor(() => expect(alerts(page!.container)).toContain('Too many requests. Try again in 1 minute.'));
    expect(getByLabel(page.container, 'Email').value).toBe('kavya@example.com');
  });
});
