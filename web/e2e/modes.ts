// The two ways a browser test runs the product: embedded (one process, PGlite and in-process bus
// and queue) and cluster (every service, worker and the gateway as processes on the real
// PostgreSQL, NATS and Redis). Every screen is tested in both.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startTestCluster } from '../../infra/test/cluster-harness';
import { startTestServer, type TestServer } from './server';

export type Mode = 'embedded' | 'cluster';
export const MODES: readonly Mode[] = ['embedded', 'cluster'];

/**
 * Starts the product in `mode`, with `env` on top of this worker's environment (a cluster's
 * processes inherit this worker's env, so there it is set on process.env).
 */
export async function startProduct(mode: Mode, env: Record<string, string> = {}): Promise<TestServer> {
  if (mode === 'embedded') return startTestServer({ env: { ...process.env, ...env } });
  Object.assign(process.env, env);
  const cluster = await startTestCluster();
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
