import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEnv } from './env';
import { launchServer, sparePort, terminate } from './server-process';

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

function launch(port: number, storeDir: string): Promise<ChildProcess> {
  return launchServer(
    'nats-server',
    testEnv.natsServerBinary,
    ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir],
    port,
  );
}
