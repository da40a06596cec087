import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, queryRows, serviceMigrations } from '@saathi/platform';
import type { DatabasePort } from '@saathi/platform';
import { messagingService } from '../index';
import { MessageSettingsRepository } from './message-settings-repository';

// Embedded mode runs migration 0014 and the setting's statements on PGlite (PostgreSQL in WASM).
let database: DatabasePort;
let settings: MessageSettingsRepository;
beforeAll(async () => {
  database = await openPglite();
  await database.migrate(messagingService.dbSchema, serviceMigrations(messagingService));
  settings = new MessageSettingsRepository(database.db);
}, 60_000);
afterAll(() => database.close());

describe('who may start, on PGlite', () => {
  it('stores the setting, records a meeting once with the smaller id first, and erases it', async () => {
    const [low, high] = [randomUUID(), randomUUID()].sort();
    const [one, other] = [high!, low!];
    expect(await settings.whoMayStartOf(one)).toBe('everyone');
    expect(await settings.setOwn(one, 'asha', 'met')).toBe('met');
    expect(await settings.whoMayStartOf(one)).toBe('met');

    expect(await settings.recordMet(one, other, new Date('2026-02-01T00:00:00Z'))).toBe(true);
    expect(await settings.recordMet(other, one, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    const pairs = await queryRows<{ user_low: string; user_high: string }>(
      database.db,
      sql`select user_low, user_high from messaging.met_pairs`,
    );
    expect(pairs).toEqual([{ user_low: low, user_high: high }]);
    expect((await settings.metTimesOf(one)).map((at) => new Date(at).toISOString())).toEqual([
      '2026-01-01T00:00:00.000Z',
    ]);
    expect(await settings.startGate(other, one)).toMatchObject({
      who_may_start: 'met',
      username: 'asha',
      talking: false,
      met: true,
    });

    await settings.eraseUser(other);
    expect(await settings.metTimesOf(one)).toEqual([]);
  });

  it('refuses a value outside the three in the database too', async () => {
    await expect(
      database.db.execute(
        sql`insert into messaging.participants (user_id, username, source_at, who_may_start)
            values (${randomUUID()}::uuid, 'x', now(), 'friends')`,
      ),
    ).rejects.toThrow();
  });
});
