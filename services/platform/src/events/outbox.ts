import { sql } from 'drizzle-orm';
import type { EventEnvelope } from '@saathi/contracts';
import type { Db } from '../ports';
import { assertSchemaName } from '../db/sql-identifier';

/**
 * Records events in the service's outbox. Call it with the transaction that makes the change,
 * so the events exist if and only if the change committed; then `relay.kick()` after commit.
 */
export async function writeOutbox(
  tx: Db,
  schema: string,
  envelopes: readonly EventEnvelope[],
): Promise<void> {
  if (envelopes.length === 0) return;
  const outbox = sql.raw(`"${assertSchemaName(schema)}".outbox`);
  const rows = envelopes.map(
    (envelope) => sql`(${envelope.id}::uuid, ${envelope.type}, ${JSON.stringify(envelope)}::jsonb)`,
  );
  await tx.execute(sql`insert into ${outbox} (id, type, payload) values ${sql.join(rows, sql`, `)}`);
}
