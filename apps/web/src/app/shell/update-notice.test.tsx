import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAppUpdate, startAppWorker } from '@/lib/app-update';
import type { SkipWaitingReply, WhichPageReply } from '@/service-worker/offline-rules';
import { cleanUpPages, click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { UpdateNotice } from './update-notice';

/** A browser's service worker container with an active version and, once found, a new one waiting. */
function fakeWorkers({ controlled = true, reply }: { controlled?: boolean; reply: SkipWaitingReply }) {
  const container = new EventTarget() as EventTarget & { controller: object | null; register: ReturnType<typeof vi.fn>; startMessages: () => void };
  const messages: unknown[] = [];
  const waiting = {
    postMessage(message: unknown, [port]: MessagePort[]) {
      messages.push(message);
      port?.postMessage(reply);
      if (reply.updated) setTimeout(() => container.dispatchEvent(new Event('controllerchange')), 0);
    },
  };
  const registration = Object.assign(new EventTarget(), { waiting, installing: null, update: vi.fn(async () => undefined) });
  container.controller = controlled ? {} : null;
  container.register = vi.fn(async () => registration);
  container.startMessages = () => undefined;
  return { container: container as unknown as ServiceWorkerContainer, messages };
}

const notice = () => document.querySelector('[role="status"]')?.textContent ?? '';

afterEach(() => {
  cleanUpPages();
  resetAppUpdate();
  vi.useRealTimers();
});

describe('a new version of the app', () => {
  it('is offered, and a test open in another tab holds it back', async () => {
    const workers = fakeWorkers({ reply: { updated: false, reason: 'examOpen' } });
    const page = await renderRoutes([{ path: '/tests', Component: UpdateNotice }], '/tests');
    startAppWorker(workers.container);
    await waitFor(() => expect(notice()).toContain('A new version of Abhyas is ready.'));
    expect(workers.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });

    click(getButton(page.container, 'Reload to update'));
    await waitFor(() => expect(notice()).toContain('The update waits until the test open in another tab is submitted or closed.'));
    expect(workers.messages).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('takes over when asked and reloads the page into it', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/tests', reload });
    const workers = fakeWorkers({ reply: { updated: true } });
    const page = await renderRoutes([{ path: '/tests', Component: UpdateNotice }], '/tests');
    startAppWorker(workers.container);
    await waitFor(() => expect(notice()).toContain('A new version of Abhyas is ready.'));
    click(getButton(page.container, 'Reload to update'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('is not offered on the first install, nor once set aside', async () => {
    const first = fakeWorkers({ controlled: false, reply: { updated: true } });
    await renderRoutes([{ path: '/tests', Component: UpdateNotice }], '/tests');
    startAppWorker(first.container);
    await waitFor(() => expect(first.container.register).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(notice()).toBe('');

    resetAppUpdate();
    const later = fakeWorkers({ reply: { updated: true } });
    const page = await renderRoutes([{ path: '/tests', Component: UpdateNotice }], '/tests');
    startAppWorker(later.container);
    await waitFor(() => expect(notice()).toContain('A new version'));
    click(getButton(page.container, 'Not now'));
    expect(notice()).toBe('');
  });

  it('waits for a page that says it shows the exam screen, whichever way the app went there', async () => {
    const workers = fakeWorkers({ reply: { updated: true } });
    startAppWorker(workers.container);
    const ask = (pathname: string) => {
      vi.stubGlobal('location', { ...window.location, pathname });
      const channel = new MessageChannel();
      const answer = new Promise<WhichPageReply>((resolve) => {
        channel.port1.onmessage = (event: MessageEvent<WhichPageReply>) => resolve(event.data);
      });
      workers.container.dispatchEvent(new MessageEvent('message', { data: { type: 'WHICH_PAGE' }, ports: [channel.port2] }));
      return answer;
    };
    expect(await ask('/attempts/0190aa')).toEqual({ examScreen: true });
    expect(await ask('/attempts/0190aa/result')).toEqual({ examScreen: false });
    expect(await ask('/tests')).toEqual({ examScreen: false });
  });
});
