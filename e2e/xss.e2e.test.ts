import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { XSS_VECTORS } from '../apps/server/test/fixtures/xss-vectors.js';
import { launchBrowser, openPage } from './browser.js';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

describe('stored XSS in content', () => {
  it('runs none of the known vectors when a candidate reads the page', async () => {
    const { token } = await api<{ token: string }>('/api/auth/login', { method: 'POST', body: { email: 'editor@abhyas.test', password: 'practice123' } });
    const content = ['## Every vector at once', ...XSS_VECTORS, 'The end of the article.'].join('\n\n');
    const { data } = await api<{ data: { id: string; slug: string } }>('/api/admin/blogs', {
      method: 'POST',
      token,
      body: { title: 'Hostile content check', content, excerpt: '<img src=x onerror="window.__xss=99">' },
    });
    await api(`/api/admin/blogs/${data.id}/publish`, { method: 'POST', token });

    const { page, context, pageErrors } = await openPage(browser, baseURL);
    const dialogs: string[] = [];
    page.on('dialog', async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`/blogs/${data.slug}`);
    await page.getByText('The end of the article.').waitFor();
    for (const el of await page.locator('article img, article a, article p, article details').all()) {
      await el.hover({ trial: false, timeout: 500 }).catch(() => undefined);
    }
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(requests.filter((u) => u.includes('example.invalid'))).toEqual([]);
    expect(pageErrors).toEqual([]);

    await page.goto('/blogs');
    await page.getByText('Hostile content check').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await context.close();
    await api(`/api/admin/blogs/${data.id}`, { method: 'DELETE', token });
  });
});
