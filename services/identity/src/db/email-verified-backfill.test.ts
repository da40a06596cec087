// Migration 0008 announces every address proved before identity.user.email_verified.v1 existed,
// so notification keeps mailing the people it mailed before, and only them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eventEnvelopeSchema, userEmailVerifiedV1 } from '@saathi/contracts';
import { queryRows, serviceMigrations } from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { identityService } from '../index';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('identity_email_verified_backfill');
});
afterAll(() => database?.drop());

describe('migration 0008', () => {
  it('puts one email_verified event per proved address in the outbox, as of when it was proved', async () => {
    const migrations = serviceMigrations(identityService);
    const backfill = migrations.findIndex((migration) => migration.name.startsWith('0008_'));
    expect(backfill).toBeGreaterThan(0);
    await database.port.migrate(identityService.dbSchema, migrations.slice(0, backfill));
    const [proved] = await queryRows<{ id: string }>(
      database.port.db,
      sql`insert into identity.users (username, email, first_name, email_verified_at)
          values ('asha_r', 'asha@example.com', 'Asha', '2025-11-04T10:20:30.456Z') returning id`,
    );
    await queryRows(
      database.port.db,
      sql`insert into identity.users (username, email) values ('typed_only', 'someone@example.com')`,
    );

    await database.port.migrate(identityService.dbSchema, migrations);
    const rows = await queryRows<{ id: string; type: string; payload: unknown }>(
      database.port.db,
      sql`select id, type, payload from identity.outbox where dispatched_at is null`,
    );
    expect(rows).toHaveLength(1);
    const envelope = eventEnvelopeSchema.parse(rows[0]!.payload);
    expect(envelope).toMatchObject({
      id: rows[0]!.id,
      type: userEmailVerifiedV1.type,
      version: 1,
      occurredAt: '2025-11-04T10:20:30.456Z',
    });
    expect(userEmailVerifiedV1.data.parse(envelope.data)).toEqual({
      userId: proved!.id,
      email: 'asha@example.com',
      username: 'asha_r',
      firstName: 'Asha',
      lastName: null,
    });
  });
});
