import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { signedInUser } from './factories.js';
import { buildTestApp, type TestApp } from './helpers.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type AdminApi = {
  t: TestApp;
  editor: Record<string, string>;
  call: (method: Method, url: string, payload?: object, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
};

/**
 * For a test file of /api/admin routes: builds the app before its tests (and closes it after) with
 * a signed-in editor, and gives a caller of admin paths as that editor, or with the headers given.
 */
export function useAdminApi(): AdminApi {
  const api: AdminApi = {
    t: undefined as unknown as TestApp,
    editor: {} as Record<string, string>,
    call: (method, url, payload, headers = api.editor) =>
      api.t.app.inject({ method, url: `/api/admin${url}`, headers, ...(payload ? { payload } : {}) }),
  };
  beforeAll(async () => {
    api.t = await buildTestApp();
    api.editor = (await signedInUser(api.t.app, api.t.db, { role: 'editor', name: 'Meera Iyer' })).auth;
  });
  afterAll(async () => api.t.close());
  return api;
}
