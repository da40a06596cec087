import pg from 'pg';
import { testEnv } from '@saathi/platform/testing';

/**
 * A throwaway database on the test server for one bench run (`<prefix>_<pid>_<time>`), and how
 * to drop it (forcibly: a bench's children may still hold connections).
 */
export async function createBenchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: testEnv.databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(testEnv.databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: testEnv.databaseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
