import { APP } from '@abhyas/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { redirectIfSignedIn, requireSignedIn } from './guards';

const args = (url: string) => ({ request: new Request(url), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

afterEach(() => localStorage.clear());

describe('route guards', () => {
  it('sends visitors without a token to /login?next=<page>', () => {
    const response = requireSignedIn(args('http://localhost/profile')) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?next=/profile');
  });

  it('lets signed-in users through', () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    expect(requireSignedIn(args('http://localhost/profile'))).toBeNull();
  });

  it('sends signed-in users from /login to ?next= or the profile', () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const toNext = redirectIfSignedIn(args('http://localhost/login?next=/profile%3Fx%3D1')) as Response;
    expect(toNext.headers.get('Location')).toBe('/profile?x=1');
    const toProfile = redirectIfSignedIn(args('http://localhost/login?next=https://evil.example')) as Response;
    expect(toProfile.headers.get('Location')).toBe('/profile');
  });
});
