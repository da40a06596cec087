import pg from 'pg';
import { connectPostgres } from '../db/postgres';
import type { DatabasePort } from '../ports';
import { testEnv } from './env';
import { uniqueName } from './unique-name';

export interface TestDatabase {
  url: string;
  port: DatabasePort;
  /** Closes the port and drops the database. */
  drop(): Promise<void>;
}

/** Creates a fresh, uniquely named database on the test PostgreSQL server. */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const name = uniqueName(prefix);
  await admin(`create database "${name}"`);
  const url = new URL(testEnv.databaseUrl);
  url.pathname = `/${name}`;
  const port = connectPostgres(url.toString(), { max: 5 });
  return {
    url: url.toString(),
    port,
    async drop() {
      await port.close();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testEnv.databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
