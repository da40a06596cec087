import { testEnv } from './env';
import { launchServer, sparePort, terminate } from './server-process';

export interface RedisServerHandle {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts a private, in-memory redis-server for a test: its queues and counters cannot meet
 * another test's (or a developer's cluster) on the machine's shared Redis.
 */
export async function startRedisServer(): Promise<RedisServerHandle> {
  const port = await sparePort();
  const child = await launchServer(
    'redis-server',
    testEnv.redisServerBinary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory-policy',
      'noeviction',
    ],
    port,
  );
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => terminate(child) };
}
