import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { offlineShell, shellFiles } from './offline-shell';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], extra: Partial<Rolldown.OutputChunk> = {}) =>
  ({ type: 'chunk', fileName, facadeModuleId, imports, isEntry: false, viteMetadata: { importedCss: new Set<string>(), importedAssets: new Set<string>() }, ...extra }) as unknown as Rolldown.OutputChunk;
const asset = (fileName: string) => ({ type: 'asset', fileName }) as unknown as Rolldown.OutputAsset;

/** A bundle shaped as the app's: the entry, the exam page sharing a chunk with the admin page, catalogues, fonts. */
const bundle = Object.fromEntries(
  [
    chunk('assets/index-a.js', '/app/src/main.tsx', ['assets/react-b.js'], { isEntry: true, viteMetadata: { importedCss: new Set(['assets/index-c.css']), importedAssets: new Set() } } as Partial<Rolldown.OutputChunk>),
    chunk('assets/react-b.js', null),
    chunk('assets/exam-page-d.js', '/app/src/features/exam/routes/exam-page.tsx', ['assets/react-b.js', 'assets/modal-e.js']),
    chunk('assets/modal-e.js', null),
    chunk('assets/admin-page-f.js', '/app/src/features/users/routes/admin-users-page.tsx', ['assets/modal-e.js', 'assets/table-g.js']),
    chunk('assets/table-g.js', null),
    chunk('assets/hi-exam-h.js', '/app/src/i18n/hi/exam.ts'),
    chunk('assets/hi-users-i.js', '/app/src/i18n/hi/users.ts'),
    asset('assets/index-c.css'),
    asset('assets/noto-sans-devanagari-devanagari-400-normal-j.woff2'),
    asset('assets/KaTeX_Main-Regular-k.woff2'),
  ].map((output) => [output.fileName, output]),
) as unknown as Rolldown.OutputBundle;
const options = { modules: [/\/features\/exam\/routes\/exam-page\.tsx$/, /\/i18n\/hi\/exam\.ts$/], assets: [/noto-sans-devanagari/] };

describe('the files the service worker keeps', () => {
  it('are the shell and the pages asked for, with every chunk they import and nothing of another page', () => {
    expect([...shellFiles(bundle, options)].sort()).toEqual([
      'assets/exam-page-d.js',
      'assets/hi-exam-h.js',
      'assets/index-a.js',
      'assets/index-c.css',
      'assets/modal-e.js',
      'assets/noto-sans-devanagari-devanagari-400-normal-j.woff2',
      'assets/react-b.js',
      'index.html',
    ]);
  });

  it('leave out of the worker’s list whatever the bundle read did not keep, and fail the build on a path the worker may never store', async () => {
    const shell = offlineShell(options);
    const generate = shell.plugin.generateBundle as (this: unknown, output: unknown, bundle: Rolldown.OutputBundle) => void;
    generate.call({}, {}, bundle);
    const entry = (url: string) => ({ url, revision: null, size: 1 });
    const kept = await shell.transform([entry('index.html'), entry('assets/index-a.js'), entry('assets/admin-page-f.js'), entry('favicon.svg'), entry('og-image.png')]);
    expect(kept.manifest.map((e) => e.url)).toEqual(['index.html', 'assets/index-a.js', 'favicon.svg']);

    const withApi = offlineShell({ ...options, assets: [/./] });
    (withApi.plugin.generateBundle as typeof generate).call({}, {}, { ...bundle, 'api/attempts/a1/review': asset('api/attempts/a1/review') } as unknown as Rolldown.OutputBundle);
    await expect(withApi.transform([entry('api/attempts/a1/review')])).rejects.toThrow('may not store api/attempts/a1/review');
  });
});
