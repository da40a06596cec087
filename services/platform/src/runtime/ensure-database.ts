import pg from 'pg';

/**
 * Creates the database named in the URL when it does not exist yet, so `start:cluster`
 * works on a fresh PostgreSQL. Two processes racing to create it is fine: the loser sees
 * "already exists" and carries on.
 */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name || name === 'postgres') return;
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`).catch((error: unknown) => {
        const code = (error as { code?: string } | null)?.code;
        if (code !== '42P04' && code !== '23505') throw error;
      });
    }
  } finally {
    await client.end();
  }
}
