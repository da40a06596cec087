// The two ways a browser test runs the product: embedded (one process, PGlite and in-process bus
// and queue) and cluster (every service, worker and the gateway as processes on the real
// PostgreSQL, NATS and Redis). Every screen is tested in both.
import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startTestCluster } from '../../infra/test/cluster-harness';
import { startTestServer, type TestServer } from './server';
import type { Mode, SharedProductInfo } from './shared-config';

export type { Mode } from './shared-config';

/**
 * The modes this file runs in. `npm test` runs the browser files once per mode, as two projects
 * (vitest.config.ts sets SAATHI_E2E_MODE), so only one mode's product runs at a time; a file run
 * by hand outside those projects covers both.
 */
export const MODES: readonly Mode[] =
  process.env.SAATHI_E2E_MODE === 'embedded' || process.env.SAATHI_E2E_MODE === 'cluster'
    ? [process.env.SAATHI_E2E_MODE]
    : ['embedded', 'cluster'];

/**
 * The run's product in `mode`, shared by every file (web/e2e/shared-products.ts starts it on
 * the first ask). Its `close()` leaves it running: the run stops it at the end.
 */
export async function sharedProduct(mode: Mode): Promise<TestServer & SharedProductInfo> {
  const res = await fetch(`${inject('productBroker')}/${mode}`);
  if (!res.ok) throw new Error(`the shared ${mode} product is not available: ${await res.text()}`);
  const info = (await res.json()) as SharedProductInfo;
  return { ...info, close: () => Promise.resolve() };
}

/**
 * A private product in `mode`, for a file that needs one to itself (its assertions read the whole
 * site, or it reconfigures, kills or restarts a process), with `env` on top of this worker's
 * environment. The worker's own environment is left as it is: the next file in it may be another.
 */
export async function startProduct(mode: Mode, env: Record<string, string> = {}): Promise<TestServer> {
  if (mode === 'embedded') return startTestServer({ env: { ...process.env, ...env } });
  const cluster = await startTestCluster({ env });
  return { url: cluster.gatewayUrl, mailDir: cluster.mailDir, close: () => cluster.close() };
}

export interface Account {
  id: string;
  username: string;
  email: string;
}

/** Registers `<name>_<random>` through the gateway; the context is then signed in as them. */
export async function registerAccount(
  context: BrowserContext,
  name: string,
  password: string,
  email?: string,
): Promise<Account> {
  const username = `${name}_${randomBytes(3).toString('hex')}`;
  const address = email ?? `${username}@example.com`;
  const res = await context.request.post('/api/auth/register', {
    data: { username, email: address, phone: '9876543210', password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, username, email: address };
}
