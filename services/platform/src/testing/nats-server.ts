import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEnv } from './env';

export interface NatsServerHandle {
  url: string;
  port: number;
  storeDir: string;
  /** Stops gracefully (JetStream flushes) and, when the store dir was ours, deletes it. */
  stop(): Promise<void>;
  /** Stops and starts again on the same port and store dir, so streams and consumers survive. */
  restart(options?: { downMs?: number }): Promise<void>;
}

export interface StartNatsServerOptions {
  port?: number;
  /** JetStream store; default a fresh temp dir removed by stop(). */
  storeDir?: string;
}

/** Starts a private JetStream-enabled nats-server for a test (e.g. to restart it mid-test). */
export async function startNatsServer(options: StartNatsServerOptions = {}): Promise<NatsServerHandle> {
  const port = options.port ?? (await sparePort());
  const ownStore = options.storeDir === undefined;
  const storeDir = options.storeDir ?? mkdtempSync(join(tmpdir(), 'nats-test-'));
  let child = await launch(port, storeDir);

  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    async stop() {
      await terminate(child);
      if (ownStore) rmSync(storeDir, { recursive: true, force: true });
    },
    async restart({ downMs = 0 } = {}) {
      await terminate(child);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      child = await launch(port, storeDir);
    },
  };
}

async function launch(port: number, storeDir: string): Promise<ChildProcess> {
  const child = spawn(
    testEnv.natsServerBinary,
    ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`nats-server exited with ${child.exitCode}: ${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nats-server did not listen on ${port}: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
