import type { RawConnection, RawTransaction, ScriptRunner } from './script-runner';

/**
 * One lock for every schema of the database: besides racing on their own schema, two services
 * starting together would race on CREATE EXTENSION, which is database-wide and not race-safe.
 */
const LOCK_ID = `hashtext('saathi.migrate')`;

/**
 * Both ways of taking the lock ask without waiting and retry after a pause, idle in between.
 * A starter blocked inside `pg_advisory_xact_lock` would hold a snapshot all the while, and
 * CREATE INDEX CONCURRENTLY waits for every older snapshot of the database to end — while the
 * lock it builds under keeps that one from ending: a deadlock, one side aborted after a second.
 * Short pauses keep a cluster's nine starters as quick as the blocking wait was (measured: about
 * 1.0 s against 0.95 s on a fresh database); a waiter costs at most some 40 one-select
 * transactions a second.
 */
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 50;

/** Runs `fn` in a transaction holding the migration lock (released at commit or rollback). */
export async function inLockedTransaction<T>(
  runner: ScriptRunner,
  fn: (tx: RawTransaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const outcome = await runner.transaction(async (tx) =>
      (await tryLock(tx, 'pg_try_advisory_xact_lock')) ? { value: await fn(tx) } : undefined,
    );
    if (outcome) return outcome.value;
    await pause(attempt);
  }
}

/**
 * Runs `fn` holding the migration lock at session level on `connection`, outside a
 * transaction. Should the process die meanwhile, its backend keeps the lock until that backend
 * ends — after an index build it has started, not during it.
 */
export async function inLockedSession<T>(connection: RawConnection, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; !(await tryLock(connection, 'pg_try_advisory_lock')); attempt += 1) {
    await pause(attempt);
  }
  try {
    return await fn();
  } finally {
    // After a lost connection this fails too; the lock went with the connection.
    await connection.query(`select pg_advisory_unlock(${LOCK_ID})`).catch(() => undefined);
  }
}

async function tryLock(
  connection: RawConnection,
  fn: 'pg_try_advisory_xact_lock' | 'pg_try_advisory_lock',
): Promise<boolean> {
  const [row] = await connection.query<{ locked: boolean }>(`select ${fn}(${LOCK_ID}) as locked`);
  return row?.locked === true;
}

function pause(attempt: number): Promise<void> {
  const ms = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
