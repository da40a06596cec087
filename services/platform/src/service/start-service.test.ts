import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineEvent, defineRoute } from '@saathi/contracts';
import type { EventEnvelope } from '@saathi/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { commonEnvSchema, infraEnvSchema, loadConfig } from '../config';
import { queryRows } from '../db/query-rows';
import { createMemoryBus } from '../events/memory-bus';
import { createLogger } from '../logging';
import { systemClock } from '../ports';
import type { EventBus } from '../ports';
import { createMemoryQueue } from '../queue/memory-queue';
import { createTestDatabase, uniqueName, waitFor } from '../testing';
import type { TestDatabase } from '../testing';
import type { ServiceDefinition, ServiceKit } from './define-service';
import { handleRaw, onJob } from './entries';
import { startService } from './start-service';
import { UndeclaredRouteError } from './declared-routes';

const logger = createLogger({ name: 'kit-test', level: 'silent' });
const configSchema = commonEnvSchema.extend(
  infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true }).shape,
);
const noteAdded = defineEvent('kit.note.added.v1', z.object({ text: z.string() }));
const addNoteRoute = defineRoute({
  service: 'feed',
  method: 'POST',
  path: '/api/kit-notes',
  access: 'public',
  body: z.object({ text: z.string().min(1, 'Text is required'), fail: z.boolean().optional() }),
  response: { 201: z.object({ text: z.string() }) },
});

let database: TestDatabase;
let bus: EventBus;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase('kit');
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});
afterAll(() => database?.drop());

type Config = ReturnType<typeof configSchema.parse>;
type Kit = ServiceKit<Config>;

async function start<Core>(definition: ServiceDefinition<Config, Core>) {
  bus = createMemoryBus({ logger });
  const queue = createMemoryQueue({ logger });
  const config = loadConfig(configSchema, { LOG_LEVEL: 'silent' }, { exit: false });
  const running = await startService(definition, {
    config,
    db: database.port,
    bus,
    queue,
    clock: systemClock,
    logger,
  });
  stops.push(async () => {
    await running.stop();
    await running.app.close();
    await bus.close();
    await queue.close();
  });
  return running;
}

describe('startService', () => {
  it('refuses to start a service that registers an /api route its contract does not declare', async () => {
    const schema = uniqueName('kit_undeclared');
    await expect(
      start({
        name: 'kit',
        configSchema,
        dbSchema: schema,
        auth: 'none',
        core: () => ({}),
        routes: [handleRaw(addNoteRoute, (_core, _request, reply) => reply.code(201).send({ text: '' }))],
        plugins: (app) => {
          app.get('/api/kit-secret', () => ({ ok: true }));
        },
      }),
    ).rejects.toThrow(UndeclaredRouteError);
  });

  it('validates a declared route from its descriptor and publishes events only for committed changes', async () => {
    const schema = uniqueName('kit_events');
    const committed: string[] = [];
    const running = await start({
      name: 'kit',
      configSchema,
      dbSchema: schema,
      auth: 'none',
      core: (kit: Kit) => kit,
      routes: [
        handleRaw(addNoteRoute, async (kit: Kit, request, reply) => {
          const { text, fail } = request.body;
          await kit.uow.withEvents(
            async (tx, emit, afterCommit) => {
              await tx.execute(sql`select 1`);
              emit(noteAdded, { text });
              afterCommit(() => committed.push(text));
              if (fail) throw new Error('rolled back on purpose');
            },
            { traceId: request.traceId },
          );
          return reply.code(201).send({ text });
        }),
      ],
    });
    const received: EventEnvelope<{ text: string }>[] = [];
    await bus.subscribe({
      durable: 'kit-test',
      event: noteAdded,
      handle: (envelope) => {
        received.push(envelope);
        return Promise.resolve();
      },
    });

    const invalid = await running.app.inject({
      method: 'POST',
      url: '/api/kit-notes',
      payload: { text: '' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: 'Text is required' });

    const failed = await running.app.inject({
      method: 'POST',
      url: '/api/kit-notes',
      payload: { text: 'lost', fail: true },
    });
    expect(failed.statusCode).toBe(500);

    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const ok = await running.app.inject({
      method: 'POST',
      url: '/api/kit-notes',
      payload: { text: 'kept' },
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    expect(ok.statusCode).toBe(201);
    await waitFor(() => received.length === 1, 5000);
    expect(received.map((e) => e.data.text)).toEqual(['kept']);
    expect(received[0]!.traceId).toBe(traceId);
    expect(committed).toEqual(['kept']);
    const rows = await queryRows<{ type: string }>(
      database.port.db,
      sql`select type from ${sql.raw(`"${schema}".outbox`)}`,
    );
    expect(rows.map((r) => r.type)).toEqual(['kit.note.added.v1']);
  });
});

describe("a service's operational metrics", () => {
  it('exports its outbox backlog and age, its consumers, dead letters, queues and pool on /metrics', async () => {
    const schema = uniqueName('kit_metrics');
    const running = await start({
      name: 'kit',
      configSchema,
      dbSchema: schema,
      auth: 'none',
      core: () => ({}),
      routes: [],
      worker: { core: () => ({}), jobs: [onJob('email', () => Promise.resolve())] },
    });
    // An event the relay has not published (it is stopped): written into the outbox, aged 90 s.
    await running.stop();
    await running.kit.db.db.execute(
      sql.raw(
        `insert into "${schema}".outbox (id, type, payload, created_at)
         values (gen_random_uuid(), 'kit.note.added.v1', '{}', clock_timestamp() - interval '90 seconds')`,
      ),
    );
    await running.kit.queue.add('email', { to: 'a@example.com', subject: 's', text: 't', dedupeKey: 'm1' });
    await bus.subscribe({ durable: 'kit-metrics', event: noteAdded, handle: () => Promise.resolve() });

    const text = (await running.app.inject('/metrics')).body;
    const value = (line: string) => Number(new RegExp(`^${line} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('saathi_outbox_waiting\\{service="kit"\\}')).toBe(1);
    expect(value('saathi_outbox_oldest_age_seconds\\{service="kit"\\}')).toBeGreaterThanOrEqual(90);
    expect(text).toMatch(/^saathi_consumer_pending\{durable="kit-metrics",service="kit"\} \d+$/m);
    expect(text).toMatch(/^saathi_dead_letter_events\{service="kit"\} \d+$/m);
    expect(value('saathi_queue_jobs\\{queue="email",state="waiting",service="kit"\\}')).toBe(1);
    expect(text).toMatch(/^saathi_db_pool_connections\{state="total",service="kit"\} \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="kit"\} /m);
  });
  it('works the queues it lists as jobs in its own process, and counts them on /metrics', async () => {
    const done: string[] = [];
    const running = await start({
      name: 'kit',
      configSchema,
      dbSchema: uniqueName('kit_jobs'),
      auth: 'none',
      core: (kit: Kit) => kit,
      routes: [],
      jobs: [
        onJob('data-export', (kit: Kit, job) => {
          // The use case gets the service's own core (here: the kit, with its database).
          expect(kit.db).toBe(database.port);
          done.push(job.data.exportId);
          return Promise.resolve();
        }),
      ],
    });
    const exportId = '6f1c2d7e-8a5b-4c3d-9e2f-1a2b3c4d5e6f';
    await running.kit.queue.add('data-export', { exportId });
    await waitFor(() => done.includes(exportId), 5_000, 'the job');
    const text = (await running.app.inject('/metrics')).body;
    expect(text).toMatch(/^saathi_queue_jobs\{queue="data-export",state="waiting",service="kit"\} 0$/m);
  });
});
