// A service process with METRICS_PORT answers probes and /metrics on that port and nothing else
// there: the Kubernetes network policies let Prometheus reach that port alone (k8s-objects.ts),
// since the API port believes X-Forwarded-For from the pod range.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, sparePort, startNatsServer, startRedisServer } from '@saathi/platform/testing';
import type { NatsServerHandle, RedisServerHandle, TestDatabase } from '@saathi/platform/testing';
import { isReady, waitUntil } from './cluster-harness';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

describe('a service process with METRICS_PORT', () => {
  let database: TestDatabase;
  let nats: NatsServerHandle;
  let redis: RedisServerHandle;
  let child: ChildProcess;
  let output = '';
  // Ports the system hands out, not picked at random: a random one in 30,000–50,000 collided
  // with an outgoing connection's ephemeral port (EADDRINUSE) in a full run.
  let port: number;
  let metricsPort: number;

  beforeAll(async () => {
    port = await sparePort();
    do metricsPort = await sparePort();
    while (metricsPort === port);
    [database, nats, redis] = await Promise.all([
      createTestDatabase('metrics_port'),
      startNatsServer(),
      startRedisServer(),
    ]);
    const { publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['services/blog/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        NATS_URL: nats.url,
        REDIS_URL: redis.url,
        JWT_PUBLIC_KEY: publicKey,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    await waitUntil(
      'the blog process',
      () => isReady(metricsPort),
      60_000,
      () => output,
    );
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await Promise.all([database?.drop(), nats?.stop(), redis?.stop()]);
  });

  it('serves /metrics and the probes on the metrics port, and no API route there', async () => {
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_request');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/blog/posts`)).status).toBe(404);
    // The API port still serves the API.
    expect((await fetch(`http://127.0.0.1:${port}/api/blog/posts`)).status).toBe(200);
  });
});
