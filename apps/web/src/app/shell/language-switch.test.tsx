import { APP, type User } from '@abhyas/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale, t } from '@/i18n/i18n';
import { useAccountLanguage, useLanguage } from '@/lib/language';
import { fakeApi } from '@/testing/fake-api';
import { user } from '@/testing/fixtures';
import { cleanUpPages, click, renderRoutes, waitFor } from '@/testing/render';
import { LanguageSwitch } from './language-switch';

/** The switch on a page that, like the app's root, renders again in the language chosen. */
function Harness() {
  useAccountLanguage();
  useLanguage();
  return (
    <>
      <LanguageSwitch />
      <p data-testid="word">{t('nav.signIn')}</p>
    </>
  );
}
const routes = [{ path: '/', Component: Harness }];
const GET = 'GET /api/users/profile';
const PUT = 'PUT /api/users/profile/update';

function api(account: Partial<User> = {}) {
  let stored: User = user(account);
  return fakeApi({
    [GET]: () => ({ body: { user: stored } }),
    [PUT]: ({ body }) => {
      stored = { ...stored, ...(body as Partial<User>) };
      return { body: { user: stored } };
    },
  });
}

const button = (container: HTMLElement, name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;

afterEach(async () => {
  cleanUpPages();
  document.cookie = 'lang=; Max-Age=0; Path=/';
  await setLocale('en');
});

describe('the language switch', () => {
  it('shows the app in Hindi before sign-in and keeps the choice in the browser', async () => {
    const network = api();
    const page = await renderRoutes(routes, '/');
    expect(button(page.container, 'English').getAttribute('aria-pressed')).toBe('true');
    await click(button(page.container, 'हिन्दी'));
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(page.container.querySelector('[data-testid="word"]')?.textContent).not.toBe('Sign in');
    expect(button(page.container, 'हिन्दी').getAttribute('aria-pressed')).toBe('true');
    expect(document.cookie).toContain('lang=hi');
    expect(network.requests.filter((r) => `${r.method} ${r.path}` === PUT)).toEqual([]);
  });

  it('keeps a signed-in candidate’s choice on the account', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok-asha');
    const network = api();
    const page = await renderRoutes(routes, '/');
    await click(button(page.container, 'हिन्दी'));
    await waitFor(() => expect(network.requests.some((r) => `${r.method} ${r.path}` === PUT && (r.body as { preferredLanguage?: string }).preferredLanguage === 'hi')).toBe(true));
    expect(document.documentElement.lang).toBe('hi');
  });

  it('follows the account’s language when the profile loads', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok-asha');
    api({ preferredLanguage: 'hi' });
    await renderRoutes(routes, '/');
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
  });
});
