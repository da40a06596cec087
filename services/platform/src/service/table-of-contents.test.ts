import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineEvent, defineRoute } from '@saathi/contracts';
import type { EventEnvelope } from '@saathi/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { commonEnvSchema, infraEnvSchema, loadConfig } from '../config';
import type { AuthUser } from '../auth/tokens';
import { queryRows } from '../db/query-rows';
import { createMemoryBus } from '../events/memory-bus';
import { makeEnvelope } from '../events/make-envelope';
import { createLogger } from '../logging';
import { systemClock } from '../ports';
import type { EventBus } from '../ports';
import { createMemoryQueue } from '../queue/memory-queue';
import { createTestDatabase, uniqueName, waitFor } from '../testing';
import type { TestDatabase } from '../testing';
import { defineService } from './define-service';
import type { ServiceDefinition, ServiceKit } from './define-service';
import { every, handle, handlePublic, onEvent } from './entries';
import type { ConsumedEvent, RouteInput } from './entries';
import { outcomes } from './outcomes';
import { startService } from './start-service';

// A service on the table-of-contents shape: routes, consumers and periods bound to use cases.
const logger = createLogger({ name: 'table-of-contents-test', level: 'silent' });
const configSchema = commonEnvSchema.extend(
  infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true }).shape,
);
type Config = z.infer<typeof configSchema>;

const noteAdded = defineEvent('kit.note.added.v1', z.object({ text: z.string() }));
const noteEchoed = defineEvent('kit.note.echoed.v1', z.object({ text: z.string() }));
const addNoteRoute = defineRoute({
  service: 'feed',
  method: 'POST',
  path: '/api/kit-notes',
  access: 'public',
  body: z.object({ text: z.string().min(1, 'Text is required') }),
  response: { 201: z.object({ text: z.string() }) },
});
const noteRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/kit-notes/:text',
  access: 'public',
  params: z.object({ text: z.string() }),
  response: { 200: z.object({ text: z.string(), signedIn: z.boolean() }) },
});
const mineRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/kit-mine',
  access: 'user',
  response: { 200: z.object({ id: z.string() }) },
});

/** The core a use case sees: here, notes kept in memory and a list of what consumers heard. */
interface NotesCore {
  notes: Set<string>;
  heard: string[];
  /** What consumers left for after their commit, once it came. */
  committed: string[];
  ticks: number;
}

async function addNote(
  core: Pick<NotesCore, 'notes'>,
  { body }: RouteInput<typeof addNoteRoute, AuthUser | null>,
) {
  if (body.text === 'taken') throw outcomes.conflict('That note exists already');
  if (body.text === 'slow down') throw outcomes.rateLimited('Too many notes', 42, 'RATE_LIMITED');
  core.notes.add(body.text);
  return Promise.resolve({ text: body.text });
}

function readNote(
  core: Pick<NotesCore, 'notes'>,
  { params, user }: RouteInput<typeof noteRoute, AuthUser | null>,
) {
  if (!core.notes.has(params.text)) throw outcomes.notFound('No such note');
  return { text: params.text, signedIn: user !== null };
}

async function echoNote(
  core: Pick<NotesCore, 'heard' | 'committed'>,
  { data, emit, afterCommit }: ConsumedEvent<typeof noteAdded>,
) {
  core.heard.push(data.text);
  emit(noteEchoed, { text: data.text });
  afterCommit(() => core.committed.push(data.text));
  if (data.text === 'fails') throw new Error('not done');
  return Promise.resolve();
}

let database: TestDatabase;
let bus: EventBus;
const stops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  database = await createTestDatabase('contents');
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});
afterAll(() => database?.drop());

async function start(definition: ServiceDefinition<Config, NotesCore>) {
  bus = createMemoryBus({ logger, redeliveryDelayMs: 10 });
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

function notesService(
  schema: string,
  core: NotesCore,
  extra: Partial<ServiceDefinition<Config, NotesCore>> = {},
) {
  return defineService({
    name: 'kit',
    configSchema,
    dbSchema: schema,
    auth: 'none',
    core: (_kit: ServiceKit<Config>) => core,
    routes: [handlePublic(addNoteRoute, addNote), handlePublic(noteRoute, readNote)],
    consumers: [onEvent(noteAdded, 'kit.echo', echoNote, { maxDeliver: 2 })],
    ...extra,
  });
}

describe('a service’s table of contents', () => {
  it('answers a route with its use case’s body, at the route’s declared status, and outcomes as their status and message', async () => {
    const core: NotesCore = { notes: new Set(), heard: [], committed: [], ticks: 0 };
    const running = await start(notesService(uniqueName('contents_routes'), core));
    const add = (text: string) =>
      running.app.inject({ method: 'POST', url: '/api/kit-notes', payload: { text } });

    const added = await add('hello');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ text: 'hello' });
    expect((await add('')).json()).toMatchObject({ message: 'Text is required' });
    const taken = await add('taken');
    expect([taken.statusCode, taken.json()]).toEqual([409, { message: 'That note exists already' }]);
    const limited = await add('slow down');
    expect([limited.statusCode, limited.json(), limited.headers['retry-after']]).toEqual([
      429,
      { message: 'Too many notes', code: 'RATE_LIMITED' },
      '42',
    ]);
    const read = await running.app.inject('/api/kit-notes/hello');
    expect([read.statusCode, read.json()]).toEqual([200, { text: 'hello', signedIn: false }]);
    const missing = await running.app.inject('/api/kit-notes/nope');
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'No such note' }]);
  });

  it('checks a route’s access before its use case runs', async () => {
    let ran = false;
    const core: NotesCore = { notes: new Set(), heard: [], committed: [], ticks: 0 };
    const running = await start(
      notesService(uniqueName('contents_access'), core, {
        routes: [
          handle(mineRoute, (_core, { user }) => {
            ran = true;
            return { id: user.id };
          }),
        ],
      }),
    );
    expect((await running.app.inject('/api/kit-mine')).statusCode).toBe(401);
    expect(ran).toBe(false);
  });

  it('serves exactly its contract’s routes: a declared route without an entry stops the start', async () => {
    const core: NotesCore = { notes: new Set(), heard: [], committed: [], ticks: 0 };
    await expect(
      start({ ...notesService(uniqueName('contents_contract'), core), name: 'moderation', consumers: [] }),
    ).rejects.toThrow(/POST \/api\/moderation\/reports.*lists no entry/);
  });

  it('refuses to bind a public route with handle (its user may be null)', () => {
    expect(() => handle(addNoteRoute, () => ({ text: 'x' }))).toThrow(/handlePublic/);
  });

  it('handles each event once, its inbox entry, writes and events in one transaction (after-commit steps after it), retrying a failure', async () => {
    const schema = uniqueName('contents_events');
    const core: NotesCore = { notes: new Set(), heard: [], committed: [], ticks: 0 };
    await start(notesService(schema, core));
    // An event already in the inbox (handled before a crash lost its acknowledgement) changes nothing.
    const handled: EventEnvelope<{ text: string }> = makeEnvelope(
      noteAdded,
      { text: 'handled' },
      { traceId: 't-0' },
    );
    await database.port.db.execute(
      sql.raw(`insert into "${schema}".inbox (consumer, event_id) values ('kit.echo', '${handled.id}')`),
    );
    await bus.publish(handled);
    await bus.publish(makeEnvelope(noteAdded, { text: 'once' }, { traceId: 't-1' }));
    await waitFor(async () => (await outbox(schema)).length === 1, 5_000, 'the echo');
    await bus.publish(makeEnvelope(noteAdded, { text: 'fails' }, { traceId: 't-2' }));
    await waitFor(() => core.heard.filter((text) => text === 'fails').length === 2, 5_000, 'the retry');
    // Handled once; the failed event's echo rolled back with it, twice, and its after-commit step
    // never ran.
    expect(core.heard.filter((text) => text !== 'fails')).toEqual(['once']);
    expect(core.committed).toEqual(['once']);
    expect(await outbox(schema)).toEqual([{ type: 'kit.note.echoed.v1', text: 'once', traceId: 't-1' }]);
    const inbox = await queryRows<{ consumer: string }>(
      database.port.db,
      sql.raw(`select consumer from "${schema}".inbox`),
    );
    expect(inbox).toEqual([{ consumer: 'kit.echo' }, { consumer: 'kit.echo' }]);
  });

  it('names durables after the service, and runs its periodic use cases with the platform’s upkeep', async () => {
    const core: NotesCore = { notes: new Set(), heard: [], committed: [], ticks: 0 };
    await expect(
      start(
        notesService(uniqueName('contents_durable'), core, {
          consumers: [onEvent(noteAdded, 'echo', echoNote)],
        }),
      ),
    ).rejects.toThrow(/kit\.<what it does>/);
    await start(
      notesService(uniqueName('contents_periodic'), core, {
        periodic: [
          every('kit-tick', 20, (given: NotesCore) => {
            given.ticks += 1;
            return Promise.resolve();
          }),
        ],
      }),
    );
    await waitFor(() => core.ticks >= 2, 5_000, 'two ticks');
  });

  it('runs onStart with the core at start, and a failing one fails the start', async () => {
    const core: NotesCore = { notes: new Set(), heard: [], committed: [], ticks: 0 };
    const running = await start(
      notesService(uniqueName('contents_start'), core, {
        onStart: (given) => {
          given.notes.add('started');
          return Promise.resolve();
        },
      }),
    );
    const read = await running.app.inject({ method: 'GET', url: '/api/kit-notes/started' });
    expect(read.statusCode).toBe(200);
    await expect(
      start(
        notesService(uniqueName('contents_start_fails'), core, {
          onStart: () => Promise.reject(new Error('no schedule')),
        }),
      ),
    ).rejects.toThrow('no schedule');
  });
});

async function outbox(schema: string) {
  const rows = await queryRows<{ payload: { type: string; data: { text: string }; traceId: string } }>(
    database.port.db,
    sql.raw(`select payload from "${schema}".outbox order by created_at`),
  );
  return rows.map(({ payload }) => ({
    type: payload.type,
    text: payload.data.text,
    traceId: payload.traceId,
  }));
}
