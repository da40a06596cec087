/**
 * Embedded mode: the gateway, every service and the workers in ONE process, on PGlite,
 * the in-process bus and queue and the file mailer. Each service still runs as its own
 * Fastify app on a loopback port behind the gateway, exactly as in cluster mode, so both
 * modes exercise the same routing, proxying and auth code.
 */
import { createECDH } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  createFileMailer,
  createLogger,
  createMemoryBus,
  createMemoryQueue,
  generateKeyPair,
  generateMailTokenKey,
  loadConfig,
  openPglite,
  sharedHandle,
  startService,
  startWorker,
  systemClock,
} from '@saathi/platform';
import type { RunningService, RunningWorker, ServiceDefinition, ServiceEnv } from '@saathi/platform';
import { identityService } from '@saathi/identity';
import { feedService } from '@saathi/feed';
import { messagingService } from '@saathi/messaging';
import { blogService } from '@saathi/blog';
import { notificationService } from '@saathi/notification';
import { moderationService } from '@saathi/moderation';
import { apiDocsEnabled, buildGateway } from '@saathi/gateway';
import { embeddedEdgeLimitsSchema, embeddedWebSchema } from './config';

export interface EmbeddedOptions {
  port: number;
  host?: string;
  dataDir: string;
  logLevel?: string;
  webDist?: string;
  /** Extra env for the services (e.g. GOOGLE_CLIENT_ID); defaults to process.env. */
  env?: Record<string, string | undefined>;
}

export interface EmbeddedServer {
  url: string;
  mailDir: string;
  close(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Signing keys persist with the data so sessions survive a restart. */
function loadOrCreateKeys(dir: string): { privateKey: string; publicKey: string } {
  const privatePath = path.join(dir, 'access-token.key.pem');
  const publicPath = path.join(dir, 'access-token.pub.pem');
  if (existsSync(privatePath) && existsSync(publicPath)) {
    return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = generateKeyPair();
  writeFileSync(privatePath, keys.privateKey, { mode: 0o600 });
  writeFileSync(publicPath, keys.publicKey);
  return keys;
}

/** The key that seals mailed one-time tokens between identity and notification; kept like the signing keys. */
function loadOrCreateMailTokenKey(dir: string): string {
  const keyPath = path.join(dir, 'mail-token.key');
  if (existsSync(keyPath)) return readFileSync(keyPath, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = generateMailTokenKey();
  writeFileSync(keyPath, key, { mode: 0o600 });
  return key;
}

/**
 * The VAPID pair notification signs Web Push with (base64url), kept like the signing keys:
 * browsers subscribed with the public key take pushes only from its private key.
 */
function loadOrCreateVapidKeys(dir: string): { publicKey: string; privateKey: string } {
  const keyPath = path.join(dir, 'vapid.json');
  if (existsSync(keyPath))
    return JSON.parse(readFileSync(keyPath, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const pair = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // 32 bytes: a key whose first bytes are zero comes out shorter.
    privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
  };
  writeFileSync(keyPath, JSON.stringify(pair), { mode: 0o600 });
  return pair;
}

/** A port nothing listens on right now (for `port: 0`, so the site's origin is known up front). */
async function freePort(host: string): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startEmbedded(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const host = options.host ?? '127.0.0.1';
  if (options.port !== 0) return startAt(options, host, options.port);
  // The site's origin must be known before anything starts: websockets are accepted only from
  // it and mails link to it. With port 0 (a test's random port) the port is picked first, and
  // another process can take it before the gateway listens: then everything stops and the
  // start is tried again on another port.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort(host);
    try {
      return await startAt(options, host, port, `http://${host}:${port}`);
    } catch (error) {
      if (attempt >= 3 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

/**
 * A folder only this user may open: the database (password hashes, messages) and the mails
 * (reset and verification links) are no one else's on a shared machine. Only our own folders
 * are changed, never the data dir itself (it may be one the user chose, such as /tmp).
 */
function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700); // one made before this rule, with the umask's mode
  return dir;
}

/** The product on `port`; `origin` is the site's origin unless PUBLIC_ORIGIN names one. */
async function startAt(
  options: EmbeddedOptions,
  host: string,
  port: number,
  origin = `http://localhost:${port}`,
): Promise<EmbeddedServer> {
  const logLevel = options.logLevel ?? 'info';
  const logger = createLogger({ name: 'saathi', level: logLevel as 'info' });
  const mailDir = privateDir(path.join(options.dataDir, 'mail'));
  const keys = loadOrCreateKeys(path.join(options.dataDir, 'keys'));
  const mailTokenKey = loadOrCreateMailTokenKey(path.join(options.dataDir, 'keys'));
  const vapid = loadOrCreateVapidKeys(path.join(options.dataDir, 'keys'));

  const database = await openPglite(privateDir(path.join(options.dataDir, 'pglite')));
  const bus = createMemoryBus({ logger: logger.child({ component: 'bus' }) });
  const queue = createMemoryQueue({ logger: logger.child({ component: 'queue' }) });
  const mailer = createFileMailer({ dir: mailDir, from: 'Saathi <no-reply@saathi.local>', logger });

  const env: Record<string, string | undefined> = {
    ...(options.env ?? process.env),
    LOG_LEVEL: logLevel,
    HOST: '127.0.0.1',
    PORT: '0',
    JWT_PRIVATE_KEY: keys.privateKey,
    JWT_PUBLIC_KEY: keys.publicKey,
    MAIL_TOKEN_KEY: mailTokenKey,
  };
  env.PUBLIC_ORIGIN ??= origin;
  // A pair given in the environment wins, as for the other launchers.
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) {
    env.VAPID_PUBLIC_KEY = vapid.publicKey;
    env.VAPID_PRIVATE_KEY = vapid.privateKey;
  }
  const started: RunningService[] = [];
  const workers: RunningWorker[] = [];
  const upstream: Record<string, string> = {};

  function portsFor<C extends ServiceEnv>(definition: ServiceDefinition<C>, name: string) {
    return {
      config: loadConfig(definition.configSchema, env),
      db: sharedHandle(database),
      bus,
      queue,
      clock: systemClock,
      logger: logger.child({ service: name }),
    };
  }

  /** Every service runs as its own app on a loopback port, as in cluster mode; its workers run here too. */
  async function start<C extends ServiceEnv>(definition: ServiceDefinition<C>): Promise<void> {
    const running = await startService(definition, portsFor(definition, definition.name));
    started.push(running);
    upstream[definition.name] = await running.app.listen({ port: 0, host: '127.0.0.1' });
    if (definition.worker) {
      const ports = portsFor(definition, `${definition.name}-worker`);
      workers.push(await startWorker(definition, { ...ports, mailer }));
    }
  }

  try {
    await start(identityService);
    await start(feedService);
    await start(messagingService);
    await start(blogService);
    await start(notificationService);
    await start(moderationService);
  } catch (error) {
    await Promise.allSettled(started.map((s) => s.app.close()));
    await database.close();
    throw error;
  }

  const listening = (name: string): string => {
    const url = upstream[name];
    if (!url) throw new Error(`${name} is not listening`);
    return url;
  };
  const edgeLimits = loadConfig(embeddedEdgeLimitsSchema, env);
  const web = loadConfig(embeddedWebSchema, env);
  const gateway = await buildGateway({
    upstreams: {
      identity: listening('identity'),
      feed: listening('feed'),
      messaging: listening('messaging'),
      blog: listening('blog'),
      notification: listening('notification'),
      moderation: listening('moderation'),
    },
    webDist: options.webDist ?? path.join(repoRoot, 'web', 'dist'),
    rateLimit: {
      store: 'memory',
      max: edgeLimits.RATE_LIMIT_PER_MINUTE,
      authMax: edgeLimits.AUTH_RATE_LIMIT_PER_MINUTE,
    },
    auth: { publicKey: keys.publicKey },
    // Websocket upgrades are accepted only from the site's own origin, as in cluster mode.
    publicOrigin: env.PUBLIC_ORIGIN,
    ...(web.MAPS_BROWSER_KEY ? { mapsBrowserKey: web.MAPS_BROWSER_KEY } : {}),
    apiDocs: apiDocsEnabled(web),
    logger: logger.child({ service: 'gateway' }),
  });
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await gateway.close();
      // Stop background work first so nothing writes while the apps drain.
      await Promise.allSettled(workers.map((w) => w.stop()));
      await Promise.allSettled(started.map((s) => s.stop()));
      await Promise.allSettled(started.map((s) => s.app.close()));
      await queue.close();
      await bus.close();
      await mailer.close();
      await database.close();
    })());
  let url: string;
  try {
    url = await gateway.listen({ port, host });
  } catch (error) {
    // A port taken meanwhile (EADDRINUSE): stop what started, so a caller may try another.
    await close();
    throw error;
  }
  return { url: url.replace('0.0.0.0', 'localhost'), mailDir, close };
}
