// Redis ACL users per service (infra/deploy/redis-acl.ts), live on a private redis-server
// started with them (never the machine's Redis): notification queues mail, identity and feed
// may not (whoever could would mail anyone as the site), nobody gets in without a password, and
// no user may flush or reconfigure the server.
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueName } from '@saathi/contracts';
import { createBullQueue, createLogger } from '@saathi/platform';
import type { JobQueue } from '@saathi/platform';
import { redisUsers } from '../deploy/redis-acl';
import { startSecuredRedis } from './secured-brokers';
import type { SecuredRedis } from './secured-brokers';

const mail = (n: number) => ({
  to: `person${n}@example.org`,
  subject: 'Hello',
  text: 'Hello',
  dedupeKey: `redis-acl-${n}-${Date.now()}`,
});
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: unknown) => (String(error).includes('NOPERM') ? 'NOPERM' : String(error)),
  );

describe('Redis ACL users', () => {
  let redis: SecuredRedis;
  const queues: JobQueue[] = [];
  const clients: Redis[] = [];
  const queueAs = (user: string) => {
    const queue = createBullQueue({
      redisUrl: redis.urlOf(user),
      logger: createLogger({ name: `redis-acl-${user}`, level: 'silent' }),
    });
    queues.push(queue);
    return queue;
  };
  const clientAs = (url: string) => {
    // No ready check (INFO), which an anonymous client may not send: the PING below shows why.
    const client = new Redis(url, {
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      enableReadyCheck: false,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    redis = await startSecuredRedis();
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.close()));
    for (const client of clients) client.disconnect();
    await redis?.stop();
  });

  it('gives every user only its own keys: the mail queue is notification’s alone', () => {
    const users = redisUsers();
    const holders = users.filter((u) => u.keys.some((k) => k.startsWith('saathi:email:'))).map((u) => u.user);
    expect(holders).toEqual(['notification']);
    for (const { user, keys } of users) expect(keys, user).not.toContain('*');
  });

  it('lets notification queue mail and refuses identity and feed', async () => {
    expect(await outcome(queueAs('notification').add(QueueName.email, mail(1)))).toBe('allowed');
    expect(await outcome(queueAs('identity').add(QueueName.email, mail(2)))).toBe('NOPERM');
    expect(await outcome(queueAs('feed').add(QueueName.email, mail(3)))).toBe('NOPERM');
    // Each still uses its own queues.
    expect(await outcome(queueAs('feed').add(QueueName.postExpiry, {}))).toBe('allowed');
  });

  it('refuses a client without a password, and any user FLUSHALL, CONFIG or KEYS', async () => {
    // Plain RESP over TCP: the server's own answer to a client that sent no password.
    const { port } = new URL(redis.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port: Number(port) }, () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString());
      });
      socket.once('error', reject);
    });
    expect(answer).toMatch(/^-NOAUTH/);
    const feed = clientAs(redis.urlOf('feed'));
    await feed.connect();
    expect(await feed.ping()).toBe('PONG');
    expect(await outcome(feed.flushall())).toBe('NOPERM');
    expect(await outcome(feed.config('GET', 'requirepass'))).toBe('NOPERM');
    expect(await outcome(feed.keys('*'))).toBe('NOPERM');
    expect(await outcome(feed.get('saathi:email:1'))).toBe('NOPERM');
  });
});
