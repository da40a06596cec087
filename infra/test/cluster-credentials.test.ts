// Each service's own credentials, in cluster mode. PostgreSQL (infra/scripts/database-roles.mjs):
// every process of a `start:cluster` connects as its service's role, which migrated and owns
// its schema, and feed's role cannot read identity.users. NATS (infra/nats/nats.conf): every
// process connects as its service's user, and a sign-up's events and mail cross the services
// with nothing refused; Redis (infra/deploy/redis-acl.ts) likewise with its ACL users. Also: the role setup brings a database made before roles existed (one
// user owning everything) in line, and runs again harmlessly.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '@saathi/platform/testing';
import { roleOf, setupDatabaseRoles, setupDatabaseRolesIfAllowed } from '../scripts/database-roles.mjs';
import { PROCESSES } from '../deploy/processes';
import { startTestCluster, waitUntil } from './cluster-harness';
import { keepOutputOfFailures } from './cluster-failures';
import type { TestCluster } from './cluster-harness';
import { testInfra } from './infra';

const SERVICES = PROCESSES.filter((p) => p.kind === 'service').map((p) => p.name);

async function query(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
const asRole = (databaseUrl: string, role: string) => {
  const url = new URL(databaseUrl);
  url.username = role;
  url.password = '';
  return url.toString();
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: unknown) => (error as { code?: string }).code,
  );

describe('per-service credentials in cluster mode', () => {
  let cluster: TestCluster;
  let prefix: string;
  keepOutputOfFailures(() => cluster, 'credentials');

  beforeAll(async () => {
    cluster = await startTestCluster({ redisUsers: true });
    prefix = `${new URL(cluster.databaseUrl).pathname.slice(1)}_`;
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it('connects every process as its service role, never as the administrator', async () => {
    const roles = new Set(SERVICES.map((service) => roleOf(service, prefix)));
    const { rows } = await query(
      cluster.databaseUrl,
      `select distinct usename from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and usename is not null`,
    );
    const users = rows.map((row: { usename: string }) => row.usename);
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) expect(roles, `connected as ${user}`).toContain(user);
    // The workers connect as their services' roles too: feed's role has more than one client.
    const owners = await query(
      cluster.databaseUrl,
      `select nspname, pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = any('{${SERVICES.join(',')}}')`,
    );
    for (const row of owners.rows as { nspname: string; owner: string }[])
      expect(row.owner).toBe(roleOf(row.nspname, prefix));
  });

  it("feed's role cannot read identity.users; identity's can", async () => {
    const feed = asRole(cluster.databaseUrl, roleOf('feed', prefix));
    const identity = asRole(cluster.databaseUrl, roleOf('identity', prefix));
    expect(await refusal(query(feed, 'select count(*) from identity.users'))).toBe('42501');
    expect(await refusal(query(identity, 'select count(*) from identity.users'))).toBe('allowed');
    // Nor make a schema, nor reach another service's outbox to forge events.
    expect(await refusal(query(feed, 'create schema feed_extra'))).toBe('42501');
    expect(await refusal(query(feed, 'select count(*) from messaging.outbox'))).toBe('42501');
  });
  it('carries a sign-up through identity, notification and the mail worker with every NATS and Redis user in its bounds', async () => {
    const email = `creds${Date.now()}@example.com`;
    const registered = await fetch(`${cluster.gatewayUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `cr${Date.now()}`,
        email,
        phone: '9876543210',
        password: 'creds-pass',
      }),
    });
    expect(registered.status).toBe(201);
    // identity.user.registered → notification's consumer → the email queue → SMTP.
    await waitUntil(
      'the welcome mail',
      () => cluster.inbox.some((mail) => mail.includes(email)),
      30_000,
      () => cluster.output(),
    );
    expect(cluster.natsViolations()).toEqual([]);
    // Nor did Redis refuse any process a key or command of its own (queues, limits, streams).
    expect(cluster.output().match(/[^\n]*NOPERM[^\n]*/g) ?? []).toEqual([]);
  }, 60_000);
});

describe('database-roles.mjs on a database made before roles existed', () => {
  const database = uniqueName('roles_upgrade');
  const prefix = `${database}_`;
  const adminUrl = new URL(testInfra.PostgreSQL);
  adminUrl.pathname = `/${database}`;

  beforeAll(async () => {
    await query(testInfra.PostgreSQL, `create database "${database}"`);
    // What one all-schema user left: schemas and tables it owns.
    await query(
      adminUrl.toString(),
      `create schema identity; create table identity.users (id serial primary key, email text);
       create schema feed; create type feed.kind as enum ('a', 'b'); create table feed.posts (id int, kind feed.kind)`,
    );
  });
  afterAll(async () => {
    await query(testInfra.PostgreSQL, `drop database if exists "${database}" with (force)`);
    for (const service of SERVICES)
      await query(testInfra.PostgreSQL, `drop role if exists "${roleOf(service, prefix)}"`);
  });

  it('hands each schema and what is in it to its role, and runs again harmlessly', async () => {
    for (let run = 0; run < 2; run++)
      await setupDatabaseRoles({ adminUrl: adminUrl.toString(), services: SERVICES, prefix });
    const identity = asRole(adminUrl.toString(), roleOf('identity', prefix));
    const feed = asRole(adminUrl.toString(), roleOf('feed', prefix));
    expect(
      await refusal(query(identity, `insert into identity.users (email) values ('a@example.org')`)),
    ).toBe('allowed');
    expect(await refusal(query(feed, `insert into feed.posts values (1, 'a')`))).toBe('allowed');
    expect(await refusal(query(feed, 'select * from identity.users'))).toBe('42501');
    // The migrations' extensions are there for the roles, which may not create them.
    const { rows } = await query(adminUrl.toString(), `select extname from pg_extension`);
    expect(rows.map((row: { extname: string }) => row.extname)).toEqual(
      expect.arrayContaining(['cube', 'earthdistance']),
    );
  });
});

describe('database-roles.mjs with a user that may not create roles', () => {
  const database = uniqueName('roles_denied');
  const owner = `${database}_owner`;
  const adminUrl = new URL(testInfra.PostgreSQL);
  adminUrl.pathname = `/${database}`;

  beforeAll(async () => {
    await query(testInfra.PostgreSQL, `create role "${owner}" login`);
    await query(testInfra.PostgreSQL, `create database "${database}" owner "${owner}"`);
  });
  afterAll(async () => {
    await query(testInfra.PostgreSQL, `drop database if exists "${database}" with (force)`);
    await query(testInfra.PostgreSQL, `drop role if exists "${owner}"`);
  });

  it('leaves every process on the one URL, as before roles existed, and says why', async () => {
    const warnings: string[] = [];
    const urls = await setupDatabaseRolesIfAllowed(
      { adminUrl: asRole(adminUrl.toString(), owner), services: SERVICES, prefix: `${database}_` },
      (message) => warnings.push(message),
    );
    expect(urls).toEqual({});
    expect(warnings.join('\n')).toMatch(/may not create roles/);
    const { rows } = await query(
      testInfra.PostgreSQL,
      `select rolname from pg_roles where rolname like '${database}\\_%' and rolname <> '${owner}'`,
    );
    expect(rows).toEqual([]);
  });
});
