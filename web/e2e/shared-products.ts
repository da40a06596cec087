/**
 * Vitest global setup of the browser projects: one product per mode for the whole run, started
 * on first use and stopped at the end.
 *
 * Every browser file used to start its own embedded server and its own cluster (ten processes),
 * and two idle clusters then fought over the machine's two cores (issue 27: 1,100 s of file time).
 * Each test makes its own accounts and data, so files can share a product and run in any order.
 * Files that kill, restart or reconfigure a process start a private one (`startProduct`).
 *
 * The products are started lazily by a small broker on loopback: a file asks for its mode
 * (`sharedProduct` in modes.ts), the first ask starts it, later asks get the same one. So a run
 * of embedded-only files never starts a cluster, and the reverse.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestCluster } from '../../infra/test/cluster-harness';
import { SHARED_PRODUCT_ENV, type Mode, type SharedProductInfo } from './shared-config';
import { ensureWebBuilt } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The broker's address: `GET {broker}/{mode}` answers a SharedProductInfo. */
    productBroker: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

interface Running {
  info: SharedProductInfo;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * `npm start`'s own bundle in a child process of its own: PGlite's work then never holds up
 * vitest's main process, which relays every worker's results.
 */
async function startEmbeddedProduct(): Promise<Running> {
  ensureWebBuilt();
  const { bundleProcesses } = await import('../../infra/scripts/bundle-processes.mjs');
  const entry = 'embedded/src/main.ts';
  const { [entry]: bundle } = await bundleProcesses([entry]);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'saathi-e2e-shared-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', bundle!], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...SHARED_PRODUCT_ENV,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: url,
      SAATHI_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (!/is ready at/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the shared embedded product did not start:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { info: { url, mailDir: path.join(dataDir, 'mail') }, stop };
}

async function startClusterProduct(): Promise<Running> {
  ensureWebBuilt();
  const cluster = await startTestCluster({ env: SHARED_PRODUCT_ENV });
  return {
    info: {
      url: cluster.gatewayUrl,
      mailDir: cluster.mailDir,
      databaseUrl: cluster.databaseUrl,
      ports: cluster.ports,
    },
    stop: () => cluster.close(),
  };
}

const starters: Record<Mode, () => Promise<Running>> = {
  embedded: startEmbeddedProduct,
  cluster: startClusterProduct,
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = new Map<Mode, Promise<Running>>();
  const broker = http.createServer((req, res) => {
    const mode = (req.url ?? '').slice(1) as Mode;
    if (!(mode in starters)) {
      res.writeHead(404).end(`no mode ${mode}`);
      return;
    }
    if (!started.has(mode)) started.set(mode, starters[mode]());
    started.get(mode)!.then(
      (running) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(running.info)),
      (error: unknown) => res.writeHead(500).end(error instanceof Error ? error.message : String(error)),
    );
  });
  // Starting a cluster takes longer than Node's default request timeouts allow.
  broker.requestTimeout = 0;
  broker.headersTimeout = 0;
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  project.provide('productBroker', `http://127.0.0.1:${(broker.address() as net.AddressInfo).port}`);

  return async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await Promise.all(
      [...started.values()].map(async (starting) => {
        const running = await starting.catch(() => undefined);
        await running?.stop();
      }),
    );
  };
}
