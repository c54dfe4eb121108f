import 'fake-indexeddb/auto';
import { APP } from '@abhyas/contracts';
import { get, set } from 'idb-keyval';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCopies } from '@/lib/attempt-copies';
import { examDeviceDb } from '@/lib/exam-device-db';
import { fakeApi } from '@/testing/fake-api';
import { timedAttempt } from '@/testing/fake-exam';
import { cleanUpPages, click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { SignOutButton } from './sign-out-button';

afterEach(() => cleanUpPages());

describe('signing out', () => {
  it('takes the copies of open attempts off the device, and leaves the saves still to be sent', async () => {
    localStorage.setItem(APP.authTokenKey, 'token');
    const attempt = timedAttempt({ id: 'signed-out-1' });
    await attemptCopies.keep({ data: attempt, serverTime: attempt.serverTime, sentAt: Date.now(), receivedAt: Date.now() });
    await set('attempt:signed-out-1', { seq: 1, pending: [{ questionId: 'q1', seq: 1 }], notCounted: [], timeMs: {}, position: null }, examDeviceDb()!);
    const net = fakeApi({ 'POST /api/auth/logout': () => ({ status: 204 }) });

    const page = await renderRoutes(
      [
        { path: '/profile', Component: () => <SignOutButton /> },
        { path: '/', Component: () => <h1>Home</h1> },
      ],
      '/profile',
    );
    click(getButton(page.container, 'Sign out'));
    await waitFor(() => expect(page.container.querySelector('h1')?.textContent).toBe('Home'));
    expect(net.calls('POST /api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem(APP.authTokenKey)).toBeNull();
    for (let tries = 0; (await attemptCopies.load('signed-out-1')) !== undefined && tries < 100; tries += 1) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
    expect(await attemptCopies.load('signed-out-1')).toBeUndefined();
    expect(await get('attempt:signed-out-1', examDeviceDb()!)).toMatchObject({ pending: [{ questionId: 'q1' }] });
  });
});
