import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web app's layers (bulletproof-react's rule): a feature imports only `components/`, `lib/`,
// `stores/`, `i18n/`, contracts and its own files; features meet only in `app/`, which nothing imports.
// Every folder under `features/` gets its own zone, so a new feature is covered without a change here.
const webSrc = fileURLToPath(new URL('apps/web/src/', import.meta.url));
const webFeatures = readdirSync(`${webSrc}features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLayers = {
  files: ['apps/web/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })] },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: webSrc,
        zones: [
          ...webFeatures.map((feature) => ({
            target: `./features/${feature}`,
            from: './features',
            except: [`./${feature}`],
            message: 'A feature imports only its own files, components/, lib/ and contracts; compose features in app/.',
          })),
          {
            target: ['./features', './components', './lib', './stores', './i18n'],
            from: './app',
            message: 'Only app/ (and testing/) may import from app/.',
          },
          {
            target: ['./components', './lib', './stores', './i18n'],
            from: './features',
            message: 'Shared code may not depend on a feature; move what both need to components/ or lib/.',
          },
        ],
      },
    ],
  },
};

// Server modules meet through services (docs/ARCHITECTURE.md). For a file `depth` folders below
// `src/modules/<module>/`, another module's folder is `depth` levels up; only its `*.service.js`
// files may be imported from there. Modules sit below the demo, the CLI and the app that composes them.
const SERVER_MODULE_DEPTHS = [1, 2, 3, 4];
const otherModuleInternals = (depth) => ({
  regex: `^(\\.\\./){${depth}}(?!\\.)[^/]+/(?![^/]+\\.service\\.js$)`,
  message: 'Another module is reached through its *.service.js only; shared building blocks belong in src/lib.',
});
const layersAbove = {
  regex: '^(\\.\\./)+(demo/|cli/|app\\.js$|main\\.js$)',
  message: 'Modules sit below the demo seed, the CLI and the app that composes them.',
};
// Tests may build the whole app; they still reach other modules through their services.
const moduleBoundary = (depth) => {
  const files = [`apps/server/src/modules/${'*/'.repeat(depth)}*.ts`];
  const tests = [`apps/server/src/modules/${'*/'.repeat(depth)}*.test.ts`];
  return [
    { files, ignores: tests, rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals(depth), layersAbove] }] } },
    { files: tests, rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals(depth)] }] } },
  ];
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.bench/**', '.e2e/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  webLayers,
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  ...SERVER_MODULE_DEPTHS.flatMap(moduleBoundary),
  {
    // Every query lives in a repository (or the database layer); elsewhere Kysely is for types only.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repo.ts', 'apps/server/src/db/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', allowTypeImports: true, message: 'Queries belong in a *.repo.ts file; import Kysely types with `import type`.' }] },
      ],
    },
  },
  {
    // The bench's seeds and the server's test helpers write through a module's service or the seeding
    // entry it exports (`*.seeding.ts`), never its repo, marking or tokens directly; types may come from anywhere.
    files: ['bench/**/*.ts', 'apps/server/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              allowTypeImports: true,
              regex: '/src/modules/[^/]+/(?![^/]+\\.(service|seeding)\\.js$)',
              message: 'Reach a module through its *.service.js or the *.seeding.js it exports for seeds.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
