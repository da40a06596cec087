// Redis ACL users, one per service (its worker shares it) and one for the gateway, each limited
// to the keys it uses: its BullMQ queues (`saathi:<queue>:*`), its rate-limit counters and, for
// messaging, the Socket.IO stream. Whoever reaches Redis without a password gets nothing, and
// only notification may queue mail. See infra/redis/README.md; `users.acl` is rendered from this
// with the passwords (`node --import tsx infra/deploy/redis-acl.ts > users.acl`).
import { PROCESSES } from './processes';

/** BullMQ's key prefix (platform bull-queue.ts). */
const QUEUE_PREFIX = 'saathi';

/** Queues a service's own process uses beyond its worker's (a job only the service runs). */
const SERVICE_QUEUES: Record<string, string[]> = { identity: ['data-export'] };

/** Keys beyond queues and rate limits: messaging's Socket.IO adapter stream (socket-server.ts). */
const EXTRA_KEYS: Record<string, string[]> = { messaging: ['saathi:messaging:socket.io'] };
/** Pub/Sub channels: the Socket.IO adapter's replies between messaging replicas (`socket.io#/#…`). */
const CHANNELS: Record<string, string[]> = { messaging: ['socket.io#*'] };

/**
 * Commands: everything but the dangerous and administrative ones (FLUSHALL, CONFIG, KEYS,
 * DEBUG, ACL, MONITOR, …), with back what the clients need: INFO (BullMQ reads the server
 * version) and naming their own connection. Pub/Sub only on the channels a user is given.
 */
export const REDIS_COMMANDS = '+@all -@dangerous -@admin +info +client|setname +client|getname +client|id';

export interface RedisUser {
  user: string;
  keys: string[];
  channels: string[];
}

/** The users and their key patterns, from the process table. */
export function redisUsers(): RedisUser[] {
  const users: RedisUser[] = [];
  for (const p of PROCESSES) {
    if (p.kind === 'worker' || !p.needs.includes('redis')) continue;
    const workers = PROCESSES.filter((w) => w.kind === 'worker' && w.service === p.name);
    const queues = [...(SERVICE_QUEUES[p.name] ?? []), ...workers.flatMap((w) => w.queues)];
    // The rate limiter's prefix is the process name (run-service.ts): the service's and its worker's.
    const limiters = [p.name, ...workers.map((w) => w.name)].map((name) => `saathi-rl:${name}:*`);
    const keys =
      p.kind === 'gateway'
        ? ['saathi-gateway-rl:*'] // the gateway's per-address limits (security.ts's rate-limit nameSpace)
        : [
            ...queues.map((queue) => `${QUEUE_PREFIX}:${queue}:*`),
            ...limiters,
            ...(EXTRA_KEYS[p.name] ?? []),
          ];
    users.push({ user: p.name, keys, channels: CHANNELS[p.name] ?? [] });
  }
  return users;
}

/**
 * A user's ACL rule as tokens (`<user> on >secret resetkeys ~… resetchannels +@all …`): a line
 * of users.acl after `user`, or the arguments of one `--user` of redis-server (docker-compose.yml).
 */
export function aclTokensOf({ user, keys, channels }: RedisUser, secret: string): string[] {
  return [
    user,
    'on',
    secret,
    'resetkeys',
    ...keys.map((k) => `~${k}`),
    'resetchannels',
    ...channels.map((c) => `&${c}`),
    ...REDIS_COMMANDS.split(' '),
  ];
}

/** One `users.acl` line. The password is stored hashed (`#<sha256>`) when given as such. */
export function aclRuleOf(redisUser: RedisUser, password: string): string {
  if (!/^[A-Za-z0-9_-]{16,}$/.test(password) && !/^#[0-9a-f]{64}$/.test(password))
    throw new Error(`${redisUser.user}'s Redis password: at least 16 letters, digits, - or _ (or #<sha256>)`);
  const secret = password.startsWith('#') ? password : `>${password}`;
  return `user ${aclTokensOf(redisUser, secret).join(' ')}`;
}

/** The whole ACL file: the default user off, one line per user. */
export function renderRedisAcl(passwordOf: (user: string) => string): string {
  return ['user default off', ...redisUsers().map((u) => aclRuleOf(u, passwordOf(u.user)))].join('\n') + '\n';
}

// As a command: the ACL file, each password from REDIS_PASSWORD_<USER> (e.g. REDIS_PASSWORD_FEED).
if (import.meta.url === `file://${process.argv[1]}`) {
  const variable = (user: string) => `REDIS_PASSWORD_${user.toUpperCase().replaceAll('-', '_')}`;
  process.stdout.write(
    renderRedisAcl((user) => {
      const password = process.env[variable(user)];
      if (!password) throw new Error(`${variable(user)} is not set`);
      return password;
    }),
  );
}
