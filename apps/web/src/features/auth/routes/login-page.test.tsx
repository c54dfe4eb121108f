import { APP, type LoginRequest } from '@abhyas/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { useShellStore } from '@/stores/shell-store';
import { apiError, deferred, fakeApi, type FakeResponse } from '@/testing/fake-api';
import { user } from '@/testing/fixtures';
import { alerts, cleanUpPages, click, getButton, getByLabel, renderRoutes, typeInto, waitFor } from '@/testing/render';
import { LoginPage } from './login-page';

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/profile', Component: () => <p>Profile page</p> },
  { path: '/topics', Component: () => <p>Topics page</p> },
];

let page: Awaited<ReturnType<typeof renderRoutes>>;

afterEach(cleanUpPages);

function signIn(email: string, password: string) {
  const { container } = page!;
  typeInto(getByLabel(container, 'Email'), email);
  typeInto(getByLabel(container, 'Password'), password);
  click(getButton(container, 'Sign in'));
}

describe('sign-in page', () => {
  it('stores the token behind the loader and goes on to the page it was asked for', async () => {
    const answer = deferred<FakeResponse>();
    const net = fakeApi({ 'POST /api/auth/login': () => answer.promise });
    page = await renderRoutes(routes, '/login?next=/topics');

    signIn('Asha@Example.com', 'correct horse');

    await waitFor(() => expect(net.calls('POST /api/auth/login')).toHaveLength(1));
    expect(net.calls('POST /api/auth/login')[0]?.body).toEqual({ email: 'asha@example.com', password: 'correct horse' } satisfies LoginRequest);
    expect(useShellStore.getState().loading).toBe(true);
    expect(getButton(page.container, 'Sign in').disabled).toBe(true);

    answer.resolve({ body: { token: 'tok-asha', user: user() } });

    await waitFor(() => expect(page.router.state.location.pathname).toBe('/topics'));
    expect(localStorage.getItem(APP.authTokenKey)).toBe('tok-asha');
    expect(useShellStore.getState().loading).toBe(false);
    expect(page.container.textContent).toContain('Topics page');
  });

  it('goes to the profile when no page was asked for, and never to another site', async () => {
    fakeApi({ 'POST /api/auth/login': () => ({ body: { token: 'tok-asha', user: user() } }) });
    page = await renderRoutes(routes, '/login?next=https://evil.example/steal');

    signIn('asha@example.com', 'correct horse');

    await waitFor(() => expect(page.router.state.location.pathname).toBe('/profile'));
  });

  it('shows the server’s message for a wrong password and stays signed out', async () => {
    fakeApi({ 'POST /api/auth/login': () => apiError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password') });
    page = await renderRoutes(routes, '/login');

    signIn('asha@example.com', 'wrong');

    await waitFor(() => expect(alerts(page.container)).toContain('Incorrect email or password'));
    expect(localStorage.getItem(APP.authTokenKey)).toBeNull();
    expect(page.router.state.location.pathname).toBe('/login');
    expect(useShellStore.getState().loading).toBe(false);
    expect(getButton(page.container, 'Sign in').disabled).toBe(false);
  });

  it('checks the entries before sending anything', async () => {
    const net = fakeApi({});
    page = await renderRoutes(routes, '/login');

    signIn('not-an-email', '');

    await waitFor(() => expect(getByLabel(page.container, 'Email').getAttribute('aria-invalid')).toBe('true'));
    expect(page.container.textContent).toContain('Enter a valid email address');
    expect(page.container.textContent).toContain('Enter your password');
    expect(net.requests).toHaveLength(0);
  });
});
