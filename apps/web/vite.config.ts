/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { offlineShell } from './scripts/offline-shell.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

// What the service worker keeps beside the shell (docs/decisions/022): the exam screen and the
// result it turns to (so a page of an older version can still go on to it), the catalogues they and
// the shell show in either language, and the Devanagari font.
const shell = offlineShell({
  modules: [/\/src\/features\/exam\/routes\/(exam|result)-page\.tsx$/, /\/src\/i18n\/(en|hi)\/exam\.ts$/, /\/src\/i18n\/hi\/(index|common|home|location)\.ts$/],
  assets: [/^assets\/noto-sans-devanagari-devanagari-400-normal-[\w-]+\.woff2$/],
});

export default defineConfig({
  // Pinned so the config works from the repo root (`vitest --config apps/web/vite.config.ts`).
  root,
  plugins: [
    react(),
    tailwindcss(),
    shell.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      // Registered by the app (lib/app-update.ts), which decides when a new version may take over.
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Abhyas — MCQ practice, mock tests and contests',
        short_name: 'Abhyas',
        description: 'Topic-wise MCQ practice, timed mock tests and contests for competitive exams.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#4f46e5',
        background_color: '#f8fafc',
        icons: [
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{html,js,css,woff2,svg,webmanifest}'],
        manifestTransforms: [shell.transform],
        // Every file under assets/ carries its content's hash in its name: fetched once, never revised.
        dontCacheBustURLsMatching: /^assets\//,
      },
    }),
  ],
  resolve: {
    // `source` resolves @abhyas/contracts to its TypeScript, so its dist is not needed here.
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Which chunks each page needs, read by the budget test (test/bundle-budget.test.ts).
    manifest: true,
    // Never inline fonts (KaTeX's smallest ones fall under the 4 KB default): the server's CSP has
    // `font-src 'self'`, which refuses data: URLs. Other assets keep Vite's default.
    assetsInlineLimit: (filePath) => (/\.(woff2?|ttf|otf|eot)$/i.test(filePath) ? false : undefined),
    rolldownOptions: {
      output: {
        // A catalogue's chunk is named for its language too (en-exam-….js), apart from the page chunks
        // named after the same feature.
        chunkFileNames: (chunk) => {
          const language = /[\\/]i18n[\\/](\w+)[\\/][^\\/]+\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return language ? `assets/${language}-[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
        // Libraries change far less often than app code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            // KaTeX (only its stylesheet is imported) stays with the reading pages that use it,
            // bowser with the page-view recorder, which loads after the page is idle, idb-keyval
            // with the exam screen, the one page that keeps answers on the device,
            // eventsource-parser with the contest page, the one page reading an event stream,
            // diff with the question editor, the one page comparing versions, and sonner with the
            // toast area, loaded with the first toast.
            // zod's setting travels with zod: a chunk building the contracts' schemas runs after
            // vendor's, so never before the setting, which a chunk of the app's own could not promise.
            { name: 'vendor', test: /node_modules[\\/](?!(katex|bowser|idb-keyval|eventsource-parser|diff|sonner)[\\/])|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/public': { target: apiTarget, changeOrigin: false },
      // Stored images (ad banners, question figures, article images) are served by the API server.
      '/media': { target: apiTarget, changeOrigin: false },
      // POST /topics/all is an API call on the alt base (docs/PRODUCT.md §4); a GET there is the topics page.
      '/topics/all': { target: apiTarget, changeOrigin: false, bypass: (req) => (req.method === 'POST' ? undefined : req.url) },
    },
  },
  test: {
    name: 'web',
    root,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
  },
});
