import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Two cores: keep file parallelism small. Integration tests talk to real PostgreSQL, NATS and
// Redis; each test file makes its own database / stream names, so files can run side by side.
//
// One project per phase of `npm test` (infra/scripts/test.mjs runs them one phase at a time and
// prints each one's wall time; `npm run test:quick` runs the first two):
// - services: the services' own unit and integration tests, in process. They share each worker's
//   module cache (`isolate: false`): importing a service's modules afresh for every one of ~150
//   files cost more than running them (feed and identity: 86 s with isolation, 36 s without). They
//   leave no global state behind: no process.env changes, no mocks, no fake timers.
// - services-cluster: the services' tests that start processes (`*.cluster.test.ts`).
// - web-unit: the web's unit tests (mocks) and tracing's global provider, each file isolated.
// - browser-embedded / browser-cluster: the browser files, once per mode, against one shared
//   product per run (web/e2e/shared-products.ts). Running the modes one after the other keeps an
//   idle cluster from competing with the embedded server for the two cores. They share each
//   worker's modules too (see BROWSER_WORKERS).
// - infra: `npm start` / `start:cluster` themselves, manifests, dashboards (the two infra files
//   that use the shared cluster run in browser-cluster).
// - reliability: faults, fuzzing, abuse and authorization (infra/test/reliability).
// - lighthouse: accessibility, best practices and SEO of the first screens, on a private server.

const E2E_DIR = path.join(import.meta.dirname, 'web', 'e2e');

/** The browser files that run in both modes: those whose suites are `describe.each(MODES)`. */
const BOTH_MODE_FILES = readdirSync(E2E_DIR)
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => /describe\.each\(MODES\)/.test(readFileSync(path.join(E2E_DIR, name), 'utf8')))
  .map((name) => `web/e2e/${name}`);
/**
 * Infra files that drive the shared cluster (no browser): they run with the cluster's browser
 * files, so one run of `npm test` starts one shared cluster.
 */
const SHARED_CLUSTER_INFRA_FILES = [
  'infra/test/account-deletion.test.ts',
  'infra/test/observability.test.ts',
];

const EXCLUDED = ['**/node_modules/**', '**/dist/**'];
/**
 * Browser files mostly wait (on Chromium, on the product, on events crossing services): with two
 * at a time the machine's two cores were about half used, so three run side by side. They share
 * each worker's modules (`isolate: false`) as the services' tests do: each file imported the
 * harness (playwright, the cluster harness, contracts) afresh, about 6 s of a file's time. They
 * leave no global state: no process.env changes (a private product gets its env passed), no
 * mocks, no fake timers.
 */
const BROWSER_WORKERS = 3;
/**
 * The services' tests mostly wait on PostgreSQL, NATS and Redis: three at a time as well. The
 * projects `npm test` runs together (services, services-cluster, web-unit) must agree: vitest
 * refuses projects of one run with different worker counts.
 */
const SERVICE_WORKERS = 3;
const INFRA_CHECK = 'infra/test/global-setup.ts';
const PRODUCT_BROKER = 'web/e2e/shared-products.ts';

export default defineConfig({
  test: {
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'services',
          include: ['services/*/src/**/*.test.ts', 'gateway/src/**/*.test.ts', 'embedded/src/**/*.test.ts'],
          exclude: [...EXCLUDED, 'services/platform/src/observability/**', '**/*.cluster.test.ts'],
          globalSetup: [INFRA_CHECK],
          isolate: false,
          maxWorkers: SERVICE_WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'services-cluster',
          include: ['services/*/src/**/*.cluster.test.ts'],
          exclude: EXCLUDED,
          globalSetup: [INFRA_CHECK],
          isolate: false,
          maxWorkers: SERVICE_WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-unit',
          include: ['web/src/**/*.test.{ts,tsx}', 'services/platform/src/observability/**/*.test.ts'],
          exclude: EXCLUDED,
          maxWorkers: SERVICE_WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-embedded',
          include: ['web/e2e/**/*.test.ts'],
          exclude: [...EXCLUDED, 'web/e2e/lighthouse.test.ts'],
          env: { SAATHI_E2E_MODE: 'embedded' },
          maxWorkers: BROWSER_WORKERS,
          isolate: false,
          globalSetup: [INFRA_CHECK, PRODUCT_BROKER],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-cluster',
          include: [...BOTH_MODE_FILES, ...SHARED_CLUSTER_INFRA_FILES],
          exclude: EXCLUDED,
          env: { SAATHI_E2E_MODE: 'cluster' },
          maxWorkers: BROWSER_WORKERS,
          isolate: false,
          globalSetup: [INFRA_CHECK, PRODUCT_BROKER],
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['infra/test/*.test.ts'],
          exclude: [...EXCLUDED, ...SHARED_CLUSTER_INFRA_FILES],
          globalSetup: [INFRA_CHECK],
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          include: ['infra/test/reliability/**/*.test.ts'],
          exclude: EXCLUDED,
          globalSetup: [INFRA_CHECK],
        },
      },
      {
        extends: true,
        test: {
          name: 'lighthouse',
          include: ['web/e2e/lighthouse.test.ts'],
          exclude: EXCLUDED,
        },
      },
    ],
  },
});
