// Where the real PostgreSQL, NATS and Redis for tests live. Tests never skip them:
// if one is unreachable the run fails and names it.
import net from 'node:net';

export const testInfra = {
  PostgreSQL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  NATS: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  Redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function unreachableInfra(): Promise<string[]> {
  const checks = await Promise.all(
    Object.entries(testInfra).map(async ([name, url]) =>
      (await reachable(url)) ? null : `${name} at ${url}`,
    ),
  );
  return checks.filter((c): c is string => c !== null);
}
