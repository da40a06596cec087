/**
 * Bench child: the identity service as in cluster mode — real PostgreSQL (a throwaway
 * database), production argon2 cost, access log at info on buffered stdout — with the bus and
 * queue in memory (publishing is not what this bench measures) and rate limits raised so the
 * load is measured, not refused. Sends `{ url, publicKey }` to the parent.
 */
import { generateKeyPairSync } from 'node:crypto';
import { configSchema, identityService } from '@saathi/identity';
import {
  createLogger,
  createMemoryBus,
  createMemoryQueue,
  generateMailTokenKey,
  loadConfig,
  startService,
  systemClock,
} from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import { pino } from 'pino';

const { privateKey, publicKey } = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const unlimited = String(1_000_000_000);
const config = loadConfig(configSchema, {
  JWT_PRIVATE_KEY: privateKey,
  JWT_PUBLIC_KEY: publicKey,
  RATE_LIMIT_LOGIN_PER_IP: unlimited,
  RATE_LIMIT_LOGIN_PER_ACCOUNT: unlimited,
  // Eight parallel sign-ins of one account from one address reserve eight attempts at once.
  RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: unlimited,
  RATE_LIMIT_REGISTER_PER_IP: unlimited,
  RATE_LIMIT_FORGOT_PER_IP: unlimited,
  MAIL_TOKEN_KEY: generateMailTokenKey(),
});
const logger = createLogger({
  name: 'identity',
  level: 'info',
  destination: pino.destination({ dest: 1, sync: false, minLength: 4096 }),
});
const database = await createTestDatabase('bench_identity');
const db = database.port;
const bus = createMemoryBus({ logger });
const queue = createMemoryQueue({ logger });
const running = await startService(identityService, { config, db, bus, queue, clock: systemClock, logger });
const url = await running.app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url, publicKey });
process.on('disconnect', () => {
  void (async () => {
    await running.app.close();
    await running.stop();
    await bus.close();
    await queue.close();
    await database.drop();
    process.exit(0);
  })();
});
