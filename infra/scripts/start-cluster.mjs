// `npm run start:cluster`: the gateway, every service and every worker as separate processes
// against PostgreSQL, NATS JetStream and Redis from env (defaults: the local standard ports).
// Each process's output is prefixed with its name. `--replicas feed=2` starts a service more than once;
// SAATHI_PORT_OFFSET shifts every port (a second cluster beside the first, as the cluster test does).
import { createECDH, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { bundleProcesses } from './bundle-processes.mjs';
import { gatewayAddress } from './cluster-origin.mjs';
import { setupDatabaseRolesIfAllowed } from './database-roles.mjs';
import { ensureDependencies, ensureWebBuild, readProcesses, repoRoot, spawnPrefixed } from './lib.mjs';
import { useSupportedNode } from './node-runtime.mjs';

await useSupportedNode();
ensureDependencies();
ensureWebBuild();

// The one process table (also behind k8s/base and checked against docker-compose.yml).
const processes = readProcesses();
const services = processes.filter((p) => p.kind === 'service');
const workers = processes.filter((p) => p.kind === 'worker');
const gateway = processes.find((p) => p.kind === 'gateway');
const bundles = await bundleProcesses(processes.map((p) => p.entry));

const portOffset = Number(process.env.SAATHI_PORT_OFFSET ?? 0);
// The site's origin follows the gateway's port unless given: every process that names the site
// (the gateway's cross-site checks, mailed links) gets the same one.
const { port: gatewayPort, publicOrigin } = gatewayAddress(process.env, gateway.port);
const replicas = {};
const replicaArg = process.argv.indexOf('--replicas');
if (replicaArg > 0) {
  for (const pair of (process.argv[replicaArg + 1] ?? '').split(',')) {
    const [name, count] = pair.split('=');
    if (name && Number(count) > 0) replicas[name] = Number(count);
  }
}

/** Access-token keys: from env when given, else made once and kept under .data/ like embedded mode. */
function signingKeys() {
  if (process.env.JWT_PRIVATE_KEY && process.env.JWT_PUBLIC_KEY) {
    return { JWT_PRIVATE_KEY: process.env.JWT_PRIVATE_KEY, JWT_PUBLIC_KEY: process.env.JWT_PUBLIC_KEY };
  }
  const dir = path.resolve(repoRoot, process.env.SAATHI_DATA_DIR ?? '.data', 'cluster-keys');
  const privatePath = path.join(dir, 'access-token.key.pem');
  const publicPath = path.join(dir, 'access-token.pub.pem');
  if (!existsSync(privatePath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { privateKey, publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    writeFileSync(privatePath, privateKey, { mode: 0o600 });
    writeFileSync(publicPath, publicKey);
  }
  return {
    JWT_PRIVATE_KEY: readFileSync(privatePath, 'utf8'),
    JWT_PUBLIC_KEY: readFileSync(publicPath, 'utf8'),
  };
}

/**
 * The key with which identity seals mailed one-time tokens for notification: from env when
 * given, else made once under .data/. Only the processes that seal or open them get it.
 */
function mailTokenKey() {
  if (process.env.MAIL_TOKEN_KEY) return process.env.MAIL_TOKEN_KEY;
  const dir = path.resolve(repoRoot, process.env.SAATHI_DATA_DIR ?? '.data', 'cluster-keys');
  const keyPath = path.join(dir, 'mail-token.key');
  if (!existsSync(keyPath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(keyPath, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return readFileSync(keyPath, 'utf8').trim();
}
/**
 * The VAPID key pair notification signs Web Push with (base64url, as web-push makes them): from
 * env when given, else made once under .data/. Browsers subscribed with the public key accept
 * pushes only from its private key, so it is kept across starts.
 */
function vapidKeys() {
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY) {
    return {
      VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY,
    };
  }
  const dir = path.resolve(repoRoot, process.env.SAATHI_DATA_DIR ?? '.data', 'cluster-keys');
  const keyPath = path.join(dir, 'vapid.json');
  if (!existsSync(keyPath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const pair = {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
      VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('hex').padStart(64, '0'),
    };
    pair.VAPID_PRIVATE_KEY = Buffer.from(pair.VAPID_PRIVATE_KEY, 'hex').toString('base64url');
    writeFileSync(keyPath, JSON.stringify(pair), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(keyPath, 'utf8'));
}
const keys = signingKeys();
const mailKey = mailTokenKey();
const vapid = vapidKeys();

/** Each service role's password: from DATABASE_PASSWORD_<SERVICE>, else made once under .data/. */
function databasePasswords() {
  const dir = path.resolve(repoRoot, process.env.SAATHI_DATA_DIR ?? '.data', 'cluster-keys');
  const file = path.join(dir, 'database-passwords.json');
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  for (const { name } of services) kept[name] ??= randomBytes(18).toString('base64url');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 });
  return Object.fromEntries(
    services.map(({ name }) => [name, process.env[`DATABASE_PASSWORD_${name.toUpperCase()}`] ?? kept[name]]),
  );
}

/**
 * Each service (and its worker) connects as its own PostgreSQL role, which owns its schema and
 * may read no other (infra/scripts/database-roles.mjs). DATABASE_URL is then an administrator's,
 * used here only. If that user may not create roles (a managed database where an operator made
 * them), or SAATHI_DATABASE_ROLES=off, every process uses DATABASE_URL as before.
 */
async function serviceDatabaseUrls() {
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/saathi';
  if (process.env.SAATHI_DATABASE_ROLES === 'off') return {};
  return setupDatabaseRolesIfAllowed(
    {
      adminUrl,
      services: services.map((s) => s.name),
      passwords: databasePasswords(),
      prefix: process.env.DATABASE_ROLE_PREFIX || undefined,
    },
    (message) => process.stdout.write(`[cluster] ${message}\n`),
  );
}
const databaseUrls = await serviceDatabaseUrls();

/**
 * The secrets one process may see, as the process table gives them to its Kubernetes Secret:
 * only identity gets the signing key, only those that seal or open mailed tokens the mail key,
 * only notification's worker the VAPID private key.
 * Every other secret key is set empty (read as unset), so none leaks in from this launcher's
 * own environment.
 */
const SECRET_VALUES = {
  JWT_PRIVATE_KEY: keys.JWT_PRIVATE_KEY,
  JWT_PUBLIC_KEY: keys.JWT_PUBLIC_KEY,
  MAIL_TOKEN_KEY: mailKey,
  VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: vapid.VAPID_PRIVATE_KEY,
  GOOGLE_CLIENT_ID: process.env.GOOGLE_CLIENT_ID ?? '',
  GOOGLE_CLIENT_SECRET: process.env.GOOGLE_CLIENT_SECRET ?? '',
};
function secretsOf(role) {
  const spec = processes.find((p) => p.name === role);
  const held = new Set([...(spec?.secretKeys ?? []), ...(spec?.optionalSecretKeys ?? [])]);
  const secrets = Object.fromEntries(
    Object.entries(SECRET_VALUES).map(([key, value]) => [key, held.has(key) ? value : '']),
  );
  // Its service's role (a worker's is its service's); none for a process without a database.
  const databaseUrl = databaseUrls[spec?.service ?? role];
  if (databaseUrl) secrets.DATABASE_URL = databaseUrl;
  else if (!spec?.needs.includes('postgres')) secrets.DATABASE_URL = '';
  secrets.NATS_URL = spec?.needs.includes('nats') ? natsUrlOf(spec.service ?? role) : '';
  if (spec?.needs.includes('redis')) secrets.REDIS_URL = redisUrlOf(spec.service ?? role);
  return secrets;
}

/**
 * REDIS_URL with the process's own ACL user (its service's for a worker, `gateway` for the
 * gateway) when REDIS_PASSWORD_<USER> is set (a server with infra/deploy/redis-acl.ts's users,
 * as the test cluster runs); else REDIS_URL as given.
 */
function redisUrlOf(user) {
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const password = process.env[`REDIS_PASSWORD_${user.toUpperCase().replaceAll('-', '_')}`];
  if (!password) return redisUrl;
  const url = new URL(redisUrl);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/**
 * NATS_URL with the service's own NATS user when NATS_PASSWORD_<SERVICE> is set (a server with
 * infra/nats/nats.conf's users, as the test cluster runs); else NATS_URL as given.
 */
function natsUrlOf(service) {
  const natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222';
  const password = process.env[`NATS_PASSWORD_${service.toUpperCase()}`];
  if (!password) return natsUrl;
  const url = new URL(natsUrl);
  url.username = encodeURIComponent(service);
  url.password = encodeURIComponent(password);
  return url.toString();
}
const children = [];
const colors = [36, 32, 33, 35, 34, 96, 92, 93, 95];
let colorIndex = 0;
const upstreams = {};

/** What each process was started with, by name, so `restart <name>` starts it again the same way. */
const launches = new Map();

function launch(name, entry, env, role = name) {
  launches.set(name, { entry, env, role });
  const child = spawnPrefixed(
    name,
    process.execPath,
    ['--enable-source-maps', bundles[entry]],
    { ...secretsOf(role), PUBLIC_ORIGIN: publicOrigin, ...env },
    colors[colorIndex++ % colors.length],
  );
  child.on('exit', (code, signal) => {
    process.stdout.write(`[cluster] ${name} exited (${signal ?? code})\n`);
  });
  child.saathiName = name;
  const previous = children.findIndex((c) => c.saathiName === name);
  if (previous === -1) children.push(child);
  else children[previous] = child;
}

for (const service of services) {
  const count = replicas[service.name] ?? 1;
  const urls = [];
  for (let i = 0; i < count; i++) {
    const port = service.port + portOffset + i * 10;
    urls.push(`http://127.0.0.1:${port}`);
    launch(
      count > 1 ? `${service.name}-${i + 1}` : service.name,
      service.entry,
      { PORT: String(port) },
      service.name,
    );
  }
  upstreams[`${service.name.toUpperCase()}_URL`] = urls.join(',');
}
for (const worker of workers) launch(worker.name, worker.entry, { PORT: String(worker.port + portOffset) });
launch('gateway', gateway.entry, {
  ...upstreams,
  PORT: gatewayPort,
});

// Which pid runs what, for operators (and the cluster test, which kills one service on purpose).
const dataDir = path.resolve(repoRoot, process.env.SAATHI_DATA_DIR ?? '.data');
mkdirSync(dataDir, { recursive: true });
const writePids = () =>
  writeFileSync(
    path.join(dataDir, 'cluster-pids.json'),
    JSON.stringify(Object.fromEntries(children.map((c) => [c.saathiName, c.pid])), null, 2),
  );
writePids();

// Children run in their own process groups, so a terminal's Ctrl-C (SIGINT to the whole
// foreground group) reaches only this launcher, which then sends each child exactly one SIGTERM:
// a second signal would make a child skip its graceful drain. Ctrl-C again forces the stop.
let stopping = false;
const alive = () => children.filter((c) => c.exitCode === null && c.signalCode === null);
function stop() {
  if (stopping) {
    process.stdout.write('[cluster] forcing the stop\n');
    for (const child of alive()) child.kill('SIGKILL');
    process.exit(1);
  }
  stopping = true;
  process.stdout.write('[cluster] stopping…\n');
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => {
    process.stdout.write(
      `[cluster] still running after 15 s: ${alive()
        .map((c) => c.saathiName)
        .join(', ')}\n`,
    );
    for (const child of alive()) child.kill('SIGKILL');
    process.exit(1);
  }, 15_000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);

/**
 * `restart <name>` typed into the launcher (or written to its stdin, as the cluster test does):
 * drains that process if it still runs (one SIGTERM, as a rolling update would), then starts it
 * again with the same entry, port and environment. Nothing restarts on its own: a process that
 * crashed stays down until asked, so a failure is seen, not hidden.
 */
async function restart(name) {
  const spec = launches.get(name);
  if (!spec) {
    process.stdout.write(`[cluster] no process named ${name} (${[...launches.keys()].join(', ')})\n`);
    return;
  }
  const child = children.find((c) => c.saathiName === name);
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (stopping) return;
  launch(name, spec.entry, spec.env, spec.role);
  writePids();
  process.stdout.write(`[cluster] ${name} restarted\n`);
}
createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, name] = line.trim().split(/\s+/);
  if (command === 'restart' && name) void restart(name);
  else if (command) process.stdout.write('[cluster] commands: restart <process name>\n');
});
setInterval(() => {
  if (!stopping || alive().length > 0) return;
  const failed = children.filter((c) => c.exitCode !== 0);
  process.stdout.write(
    failed.length === 0
      ? '[cluster] every process stopped gracefully\n'
      : `[cluster] stopped; exited non-zero: ${failed.map((c) => `${c.saathiName} (${c.signalCode ?? c.exitCode})`).join(', ')}\n`,
  );
  process.exit(failed.length === 0 ? 0 : 1);
}, 200);
