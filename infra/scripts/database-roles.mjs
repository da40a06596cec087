// One PostgreSQL role per service, owning its schema and granted nothing else, so code run in
// one service (or its worker) cannot read another's tables: feed's role cannot read
// identity.users. Run by `start:cluster`, the compose file's `database-setup` and the Kubernetes
// Job; with a managed database an operator runs it once with an administrator's URL
// (infra/deploy/database-roles.md). Safe to run again: it brings roles, passwords, ownership
// and grants in line.
//
//   node infra/scripts/database-roles.mjs            # admin DATABASE_URL; passwords from
//                                                    # DATABASE_PASSWORD_<SERVICE> env
import pg from 'pg';

/** The extensions the services' migrations use; a service role may not create them itself. */
const EXTENSIONS = ['cube', 'earthdistance', 'pg_trgm'];
/** Roles are cluster-wide; this lock (taken in the `postgres` database) serialises setups. */
const ROLES_LOCK = 4_829_117;

const quoteIdent = (name) => `"${String(name).replaceAll('"', '""')}"`;
const quoteLiteral = (value) => `'${String(value).replaceAll("'", "''")}'`;

/** `saathi_feed` for the database `saathi`; a test cluster's database gets roles of its own. */
export function roleOf(service, prefix = 'saathi_') {
  const role = `${prefix}${service}`;
  if (role.length > 63) throw new Error(`role name ${role} is longer than PostgreSQL's 63 bytes`);
  return role;
}

/** The URL a service's processes connect with: the admin URL's server and database, its own role. */
export function serviceDatabaseUrl(adminUrl, role, password) {
  const url = new URL(adminUrl);
  url.username = encodeURIComponent(role);
  url.password = password ? encodeURIComponent(password) : '';
  return url.toString();
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates (or updates) a login role per service and the database, then in the database: the
 * extensions, CONNECT for the roles and nobody else, and each schema owned by its role with
 * every table, sequence, view and type in it (a database set up before roles existed had them
 * owned by the single user). Returns each service's URL.
 *
 * @param {{ adminUrl: string, services: string[], passwords?: Record<string, string>, prefix?: string }} options
 */
export async function setupDatabaseRoles({ adminUrl, services, passwords = {}, prefix = 'saathi_' }) {
  const database = decodeURIComponent(new URL(adminUrl).pathname.slice(1));
  if (!database || database === 'postgres')
    throw new Error('DATABASE_URL must name the application database');
  const maintenance = new URL(adminUrl);
  maintenance.pathname = '/postgres';

  await withClient(maintenance.toString(), async (client) => {
    await client.query('select pg_advisory_lock($1)', [ROLES_LOCK]);
    try {
      for (const service of services) {
        const role = roleOf(service, prefix);
        const password = passwords[service];
        const exists = await client.query('select 1 from pg_roles where rolname = $1', [role]);
        // NOINHERIT and no other attribute: the role can log in and own its schema, nothing more.
        const attributes = `login noinherit nosuperuser nocreatedb nocreaterole noreplication password ${
          password ? quoteLiteral(password) : 'null'
        }`;
        await client.query(`${exists.rowCount ? 'alter' : 'create'} role ${quoteIdent(role)} ${attributes}`);
      }
      const found = await client.query('select 1 from pg_database where datname = $1', [database]);
      if (found.rowCount === 0) await client.query(`create database ${quoteIdent(database)}`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [ROLES_LOCK]);
    }
  });

  await withClient(adminUrl, async (client) => {
    const available = await client.query('select name from pg_available_extensions where name = any($1)', [
      EXTENSIONS,
    ]);
    for (const { name } of available.rows)
      await client.query(`create extension if not exists ${quoteIdent(name)} with schema public`);
    // Only the service roles (and the owner) may connect; nobody may create in `public`.
    await client.query(`revoke all on database ${quoteIdent(database)} from public`);
    await client.query('revoke create on schema public from public');
    for (const service of services) {
      const role = quoteIdent(roleOf(service, prefix));
      const schema = quoteIdent(service);
      await client.query(`grant connect on database ${quoteIdent(database)} to ${role}`);
      await client.query(`create schema if not exists ${schema} authorization ${role}`);
      await client.query(`alter schema ${schema} owner to ${role}`);
      const relations = await client.query(
        `select format('%I.%I', n.nspname, c.relname) as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
            and c.relowner <> (select oid from pg_roles where rolname = $2)`,
        [service, roleOf(service, prefix)],
      );
      // A table's owned sequences and indexes follow it.
      for (const { name } of relations.rows) await client.query(`alter table ${name} owner to ${role}`);
      const types = await client.query(
        `select format('%I.%I', n.nspname, t.typname) as name
           from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where n.nspname = $1 and t.typtype in ('e', 'd', 'c') and t.typrelid = 0
            and t.typowner <> (select oid from pg_roles where rolname = $2)`,
        [service, roleOf(service, prefix)],
      );
      for (const { name } of types.rows) await client.query(`alter type ${name} owner to ${role}`);
    }
  });

  return Object.fromEntries(
    services.map((service) => [
      service,
      serviceDatabaseUrl(adminUrl, roleOf(service, prefix), passwords[service]),
    ]),
  );
}

/**
 * `setupDatabaseRoles`, or, when the URL's user may not create roles (a managed database where
 * an operator made them, or an old setup), nothing: `{}`, and every process keeps the one URL,
 * as before roles existed. Says so through `warn`.
 */
export async function setupDatabaseRolesIfAllowed(options, warn) {
  try {
    return await setupDatabaseRoles(options);
  } catch (error) {
    if (error?.code !== '42501') throw error;
    warn(
      `DATABASE_URL's user may not create roles (${error.message}): every process connects as that ` +
        'user. Run infra/scripts/database-roles.mjs as an administrator to give each service its own.',
    );
    return {};
  }
}

// As a command: the roles for every service of the process table, passwords from the environment.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { readProcesses } = await import('./lib.mjs');
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error('[database-roles] DATABASE_URL (an administrator of the database) is required');
    process.exit(1);
  }
  const services = readProcesses()
    .filter((p) => p.kind === 'service')
    .map((p) => p.name);
  const passwords = Object.fromEntries(
    services.map((service) => [service, process.env[`DATABASE_PASSWORD_${service.toUpperCase()}`]]),
  );
  const missing = services.filter((service) => !passwords[service]);
  if (missing.length > 0 && process.env.DATABASE_ROLES_WITHOUT_PASSWORD !== 'true') {
    console.error(
      `[database-roles] no password for ${missing.join(', ')}: set DATABASE_PASSWORD_<SERVICE> ` +
        '(or DATABASE_ROLES_WITHOUT_PASSWORD=true where the server trusts local connections)',
    );
    process.exit(1);
  }
  await setupDatabaseRoles({ adminUrl, services, passwords, prefix: process.env.DATABASE_ROLE_PREFIX });
  console.log(
    `[database-roles] ${services.map((s) => roleOf(s, process.env.DATABASE_ROLE_PREFIX)).join(', ')} ready`,
  );
}
