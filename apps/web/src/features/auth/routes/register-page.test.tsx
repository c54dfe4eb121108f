import { APP } from '@abhyas/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { user } from '@/testing/fixtures';
import { alerts, cleanUpPages, click, getButton, getByLabel, renderRoutes, typeInto, waitFor } from '@/testing/render';
import { RegisterPage } from './register-page';

const routes = [
  { path: '/register', Component: RegisterPage },
  { path: '/profile', Component: () => <p>Profile page</p> },
];

let page: Awaited<ReturnType<typeof renderRoutes>>;

afterEach(cleanUpPages);

function register(name: string, email: string, password: string) {
  const { container } = page!;
  typeInto(getByLabel(container, 'Full name'), name);
  typeInto(getByLabel(container, 'Email'), email);
  typeInto(getByLabel(container, 'Password'), password);
  click(getButton(container, 'Create account'));
}

describe('registration page', () => {
  it('says what is wrong with each entry before sending anything', async () => {
    const net = fakeApi({});
    page = await renderRoutes(routes, '/register');

    register('   ', 'asha@example', 'short');

    await waitFor(() => expect(getByLabel(page.container, 'Full name').getAttribute('aria-invalid')).toBe('true'));
    const text = page.container.textContent;
    expect(text).toContain('Enter your name');
    expect(text).toContain('Enter a valid email address');
    expect(text).toContain('Password must be at least 8 characters');
    expect(document.activeElement).toBe(getByLabel(page.container, 'Full name'));
    expect(net.requests).toHaveLength(0);
  });

  it('puts "email taken" (409) under the email and stays on the page', async () => {
    fakeApi({ 'POST /api/auth/register': () => apiError(409, 'EMAIL_TAKEN', 'An account with this email already exists') });
    page = await renderRoutes(routes, '/register');

    register('Asha Verma', 'asha@example.com', 'correct horse');

    const email = getByLabel(page.container, 'Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('An account with this email already exists');
    expect(alerts(page.container)).toContain('An account with this email already exists');
    expect(localStorage.getItem(APP.authTokenKey)).toBeNull();
    expect(page.router.state.location.pathname).toBe('/register');
  });

  it('creates the account, keeps its token and opens the profile', async () => {
    const net = fakeApi({ 'POST /api/auth/register': () => ({ status: 201, body: { token: 'tok-new', user: user() } }) });
    page = await renderRoutes(routes, '/register');

    register(' Asha Verma ', 'Asha@Example.com', 'correct horse');

    await waitFor(() => expect(page.router.state.location.pathname).toBe('/profile'));
    expect(net.calls('POST /api/auth/register')[0]?.body).toEqual({ name: 'Asha Verma', email: 'asha@example.com', password: 'correct horse', preferredLanguage: 'en' });
    expect(localStorage.getItem(APP.authTokenKey)).toBe('tok-new');
  });
});
