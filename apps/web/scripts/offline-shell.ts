import type { Plugin, Rolldown } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { mayStore } from '../src/service-worker/offline-rules.ts';

/**
 * The build's files the service worker keeps (docs/decisions/022): the shell (the entry and what it
 * imports), the pages named by `pages` with the catalogues named by `catalogues` and what each of
 * them imports, their stylesheets and the fonts named by `fonts`. Read from the bundle's graph, so a
 * shared chunk with any name is in when one of them imports it, and no other page's chunk is.
 */
export interface OfflineShellOptions {
  /** Source modules (a page's route, a catalogue) whose chunks, with their imports, are kept. */
  modules: RegExp[];
  /** Asset files (a font) kept wherever a kept stylesheet names them. */
  assets: RegExp[];
}

type ManifestTransform = NonNullable<VitePWAOptions['injectManifest']['manifestTransforms']>[number];

export interface OfflineShell {
  plugin: Plugin;
  /** Keeps the worker's list to the shell's files; fails the build on a file the worker may never store. */
  transform: ManifestTransform;
}

/** The files of `bundle` the worker keeps, as paths under the build folder (`assets/index-….js`). */
export function shellFiles(bundle: Rolldown.OutputBundle, options: OfflineShellOptions): Set<string> {
  const files = new Set<string>(['index.html']);
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    const chunk = chunks.get(fileName);
    if (!chunk) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const chunk of chunks.values()) {
    if (chunk.isEntry || (chunk.facadeModuleId && options.modules.some((pattern) => pattern.test(chunk.facadeModuleId!.replaceAll('\\', '/'))))) visit(chunk.fileName);
  }
  for (const output of Object.values(bundle)) {
    if (output.type === 'asset' && options.assets.some((pattern) => pattern.test(output.fileName))) files.add(output.fileName);
  }
  return files;
}

/**
 * A Vite plugin that reads the kept files from the bundle, and the worker list's transform that
 * keeps only those and the favicon (the PWA plugin adds the web app manifest).
 */
export function offlineShell(options: OfflineShellOptions): OfflineShell {
  let kept: Set<string> | null = null;
  return {
    plugin: {
      name: 'abhyas-offline-shell',
      apply: 'build',
      generateBundle(_options, bundle) {
        kept = shellFiles(bundle, options);
      },
    },
    transform: async (entries) => {
      if (!kept) throw new Error('offline shell: the bundle was not read before the worker was built');
      const files = kept;
      const manifest = entries.filter((entry) => files.has(entry.url) || entry.url === 'favicon.svg');
      const refused = manifest.filter((entry) => !mayStore(`/${entry.url}`));
      if (refused.length > 0) throw new Error(`offline shell: the worker may not store ${refused.map((e) => e.url).join(', ')}`);
      return { manifest, warnings: [] };
    },
  };
}
