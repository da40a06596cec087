// docker-compose.yml as written (before interpolation): each process connects with its own
// service's credentials (the PostgreSQL role made by `database-setup`, the NATS user, the Redis
// ACL user), only identity holds the signing key, and the Redis users are exactly the ones
// infra/deploy/redis-acl.ts renders.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { natsPasswordVariable, natsServices } from '../deploy/nats-config';
import { PROCESSES } from '../deploy/processes';
import { aclTokensOf, redisUsers } from '../deploy/redis-acl';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      command?: string[];
      environment?: Record<string, string>;
      depends_on?: Record<string, { condition: string }>;
    }
  >;
};
const passwordOf = (name: string) =>
  `\${SAATHI_${name.toUpperCase()}_PASSWORD:?run node infra/scripts/make-keys.mjs > .env}`;
/** The user of `scheme://user:${…}@host` (the password, uninterpolated, is no valid URL part). */
const userOf = (url: string | undefined) => (url ? /^[a-z]+:\/\/([^:@/]+):/.exec(url)?.[1] : undefined);

describe('docker-compose.yml credentials', () => {
  it('connects every process with its own service’s users, and holds the signing key in identity alone', () => {
    for (const p of PROCESSES) {
      const env = compose.services[p.name]?.environment ?? {};
      const owner = p.service ?? p.name;
      expect(userOf(env.DATABASE_URL), `${p.name} DATABASE_URL`).toBe(
        p.needs.includes('postgres') ? `saathi_${owner}` : undefined,
      );
      expect(userOf(env.NATS_URL), `${p.name} NATS_URL`).toBe(p.needs.includes('nats') ? owner : undefined);
      expect(userOf(env.REDIS_URL), `${p.name} REDIS_URL`).toBe(owner);
      for (const url of [env.DATABASE_URL, env.NATS_URL, env.REDIS_URL].filter(Boolean))
        expect(url, p.name).toContain(passwordOf(owner));
      expect(Boolean(env.JWT_PRIVATE_KEY), `${p.name} JWT_PRIVATE_KEY`).toBe(p.name === 'identity');
      if (p.needs.includes('postgres'))
        expect(compose.services[p.name]?.depends_on?.['database-setup']?.condition, p.name).toBe(
          'service_completed_successfully',
        );
    }
  });

  it('makes the PostgreSQL roles first, and gives NATS every service’s password', () => {
    const setup = compose.services['database-setup'];
    expect(setup?.command).toEqual(['node', 'infra/scripts/database-roles.mjs']);
    const services = PROCESSES.filter((p) => p.kind === 'service').map((p) => p.name);
    for (const service of services)
      expect(setup?.environment?.[`DATABASE_PASSWORD_${service.toUpperCase()}`]).toBe(passwordOf(service));
    for (const service of natsServices())
      expect(compose.services.nats?.environment?.[natsPasswordVariable(service)]).toBe(passwordOf(service));
  });

  it('starts Redis with the default user off and exactly the rendered ACL users', () => {
    const command = compose.services.redis?.command ?? [];
    const users: string[][] = [];
    command.forEach((token, i) => {
      if (token !== '--user') return;
      const end = command.indexOf('--user', i + 1);
      users.push(command.slice(i + 1, end === -1 ? undefined : end));
    });
    expect(users[0]).toEqual(['default', 'off']);
    expect(users.slice(1)).toEqual(redisUsers().map((u) => aclTokensOf(u, `>${passwordOf(u.user)}`)));
  });
});
