import { defineConfig } from 'vitest/config';

// Two cores: keep file parallelism small. Integration tests talk to real PostgreSQL,
// NATS and Redis; each test file makes its own database / stream names, so files can run side by side.
//
// Two projects. The services' own tests (unit and integration, in process) share each worker's
// module cache (`isolate: false`): importing a service's modules afresh for every one of ~150
// files cost more than running them (feed and identity: 86 s with isolation, 36 s without,
// import time 81 s → 9 s). They leave no global state behind: no process.env changes, no mocks,
// no fake timers. Everything that does, or starts processes and browsers — the browser tests,
// infra's cluster and reliability tests, tracing's global provider, the web unit tests with
// their mocks — keeps a fresh module graph per file.
const ISOLATED = [
  'web/src/**/*.test.{ts,tsx}',
  'web/e2e/**/*.test.ts',
  'infra/test/**/*.test.ts',
  'services/platform/src/observability/**/*.test.ts',
];

// Lighthouse scores the page's main-thread time, which the other test files' load inflates
// many times over: `npm test` runs that file alone first (SAATHI_LIGHTHOUSE=1, see
// infra/scripts/test.mjs), and `npm run test:lighthouse` runs it by hand.
const EXCLUDED = [
  '**/node_modules/**',
  '**/dist/**',
  ...(process.env.SAATHI_LIGHTHOUSE === '1' ? [] : ['web/e2e/lighthouse.test.ts']),
];

export default defineConfig({
  test: {
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['infra/test/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'services',
          include: ['services/*/src/**/*.test.ts', 'gateway/src/**/*.test.ts', 'embedded/src/**/*.test.ts'],
          exclude: [...EXCLUDED, 'services/platform/src/observability/**'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED, exclude: EXCLUDED },
      },
    ],
  },
});
