import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TABLE_RETENTION_MS, eventTablesPrune, queryRows } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { identityService } from '../index';
import { buildRegistration, startTestIdentity } from '../testing/test-service';
import type { TestIdentity } from '../testing/test-service';
import { REDACTIONS, sweepIdentity } from './maintenance';

const DAY_MS = 86_400_000;

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => {
  await identity?.close();
});

const rows = (query: ReturnType<typeof sql>) => queryRows(identity.database.port.db, query);

/** Outbox rows of a type whose payload mentions `text`, with whether the relay published them. */
const outboxRows = (type: string, text: string) =>
  queryRows<{ id: string; dispatched: boolean }>(
    identity.database.port.db,
    sql`select id, dispatched_at is not null as dispatched from identity.outbox
         where type = ${type} and payload::text like ${`%${text}%`}`,
  );

async function register(): Promise<string> {
  const body = buildRegistration();
  const response = await identity
    .browser()
    .inject({ method: 'POST', url: '/api/auth/register', payload: body });
  expect(response.statusCode).toBe(201);
  return body.email;
}

describe('identity event tables prune', () => {
  // The platform adds it to every service's periodic tasks (upkeepOf), under this name.
  const prune = [eventTablesPrune('identity', identityService.dbSchema)].find(
    (task) => task.name === 'identity-event-tables-prune',
  );
  /** Runs the periodic task as of `ms` from now; it reads only the database and the clock. */
  const pruneAt = (ms: number) =>
    prune!.run({
      ...identity.deps,
      clock: { now: () => new Date(identity.clock.now().getTime() + ms) },
    } as never);

  it('is an hourly periodic task, with the 7 days of retention of the other services', () => {
    expect(prune?.everyMs).toBe(3_600_000);
    expect(EVENT_TABLE_RETENTION_MS).toBe(7 * DAY_MS);
  });

  it('deletes a published registration, with its address, a week on, and not before', async () => {
    const email = await register();
    const registered = () => outboxRows('identity.user.registered.v1', email);
    await waitFor(async () => (await registered()).some((row) => row.dispatched), 5_000, 'the relay');

    await pruneAt(6 * DAY_MS);
    expect(await registered()).toHaveLength(1);

    await pruneAt(8 * DAY_MS);
    expect(await registered()).toHaveLength(0);
    expect(
      await rows(sql`select 1 from identity.outbox where payload::text like ${`%${email}%`}`),
    ).toHaveLength(0);
  });
});

describe('identity sweep: redacting published links', () => {
  it('redacts a link published days ago that no sweep reached meanwhile', async () => {
    const email = await register();
    await identity.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const reset = () => outboxRows('identity.password_reset.requested.v2', email);
    await waitFor(async () => (await reset()).some((row) => row.dispatched), 5_000, 'the relay');
    const [event] = await reset();
    // The sweep failed for three days (or no replica ran): there is no window it looks back over.
    await rows(
      sql`update identity.outbox set dispatched_at = dispatched_at - interval '3 days' where id = ${event!.id}`,
    );
    await sweepIdentity(identity.database.port.db, identity.clock.now());
    const [after] = await rows(
      sql`select payload #>> '{data,sealedToken}' as sealed from identity.outbox where id = ${event!.id}`,
    );
    expect(after).toEqual({ sealed: '[redacted]' });
  });

  it('reads only the rows still holding a link, through their partial indexes', async () => {
    const indexes = ['outbox_token_unredacted_idx', 'outbox_sealed_token_unredacted_idx'];
    for (const [i, redaction] of REDACTIONS.entries()) {
      const plan = await identity.database.port.db.transaction(async (tx) => {
        // The test's outbox is small enough to read whole; forbid that to see the index can serve.
        await tx.execute(sql`set local enable_seqscan = off`);
        return queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${redaction}`);
      });
      expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain(indexes[i]);
    }
  });
});
