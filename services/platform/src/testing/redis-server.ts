import type { ChildProcess } from 'node:child_process';
import { testEnv } from './env';
import { launchServer, sparePort, terminate } from './server-process';

export interface RedisServerHandle {
  url: string;
  port: number;
  stop(): Promise<void>;
  /**
   * Stops and starts again on the same port, so clients reconnect to the same URL. Nothing is
   * persisted: the server comes back empty, as a Redis without AOF does after a crash.
   */
  restart(options?: { downMs?: number }): Promise<void>;
}

/**
 * Starts a private, in-memory redis-server for a test: its queues and counters cannot meet
 * another test's (or a developer's cluster) on the machine's shared Redis.
 */
export async function startRedisServer(): Promise<RedisServerHandle> {
  const port = await sparePort();
  let child = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => terminate(child),
    async restart({ downMs = 0 } = {}) {
      await terminate(child);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      child = await launch(port);
    },
  };
}

/** A test redis-server's arguments: loopback on `port`, nothing written to disk. */
export function ephemeralRedisArgs(port: number): string[] {
  return ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
}

function launch(port: number): Promise<ChildProcess> {
  return launchServer(
    'redis-server',
    testEnv.redisServerBinary,
    [...ephemeralRedisArgs(port), '--maxmemory-policy', 'noeviction'],
    port,
  );
}
