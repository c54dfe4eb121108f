import { availableParallelism } from 'node:os';
import { defineConfig, defaultServerConditions } from 'vite';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { satisfies, supportedRange } from './scripts/node-line.mjs';

// On an unsupported Node the SQLite driver crashes the process without a word; say why instead.
if (!satisfies(process.versions.node, supportedRange())) {
  throw new Error(
    `Node ${process.versions.node} is not a supported line (${supportedRange()}). Run \`npm test\`, which takes a supported Node, ` +
      'or put one first on PATH in this shell: export PATH="$(node scripts/node-line.mjs --bin-dir):$PATH"',
  );
}

const sourceConditions = ['source', ...defaultServerConditions];
const nodeProject = {
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions } },
};

const serverProject = (dialect: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  ...nodeProject,
  test: {
    name: `server-${dialect}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    env: { TEST_DIALECT: dialect, TZ: 'UTC' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

// Node 25 and later define an inert `localStorage` global (it needs --localstorage-file) that would
// shadow happy-dom's working one; Node 22 and 24 do not know the flag that turns it off.
const nodeMajor = Number(process.versions.node.split('.')[0]);
const webExecArgv = nodeMajor >= 25 ? ['--no-experimental-webstorage'] : [];

const projects: TestProjectInlineConfiguration[] = [
  { ...nodeProject, test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' } },
  { test: { name: 'tooling', root: 'test', include: ['**/*.test.ts'], environment: 'node' } },
  serverProject('sqlite'),
  ...(process.env.DATABASE_URL_TEST ? [serverProject('postgres')] : []),
  { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web', execArgv: webExecArgv } },
  {
    ...nodeProject,
    test: {
      name: 'e2e',
      root: 'e2e',
      include: ['**/*.e2e.test.ts'],
      environment: 'node',
      globalSetup: ['global-setup.ts'],
      fileParallelism: false,
      testTimeout: 60_000,
      hookTimeout: 120_000,
      env: { TZ: 'UTC' },
    },
  },
  {
    // Two processes of the built server on one PostgreSQL database and one Redis: required, so a
    // missing DATABASE_URL_TEST or REDIS_URL_TEST fails these tests rather than skipping them.
    ...nodeProject,
    test: {
      name: 'cluster',
      root: 'cluster',
      include: ['**/*.cluster.test.ts'],
      environment: 'node',
      fileParallelism: false,
      testTimeout: 60_000,
      hookTimeout: 90_000,
      env: { TZ: 'UTC' },
    },
  },
];

export default defineConfig({
  test: {
    projects,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, idle whenever a
    // server test waits on the database, Redis, a timer or a child process. Two workers there take
    // about a third less time; the end-to-end files still run one at a time, after the rest.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
