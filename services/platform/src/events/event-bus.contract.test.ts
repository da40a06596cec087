import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { defineEvent, type EventEnvelope } from '@saathi/contracts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EventBus } from '../ports';
import { sleep, testEnv, uniqueName, uniqueToken, waitFor } from '../testing';
import { DELIVERIES_WITHOUT_VERDICT } from './backoff';
import type { PortLogger } from './logger';
import { makeEnvelope } from './make-envelope';
import { createMemoryBus } from './memory-bus';
import { createNatsBus } from './nats-bus';
import { natsDurableName, streamNameOf } from './nats-streams';

/** What node-postgres throws when nothing listens at the database's address. */
const databaseRefused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
/** PostgreSQL shutting down under a query (57P01, a failover), wrapped as Drizzle wraps it. */
const databaseShutDown = () =>
  new Error('Failed query: insert into inbox', {
    cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  });

/** Every EventBus adapter must pass this suite. `service` isolates the run (it names the stream). */
function eventBusContract(name: string, createBus: () => Promise<EventBus>, service: string) {
  describe(`EventBus contract: ${name}`, () => {
    // One event type per test, so a durable's catch-up never sees another test's events.
    const thingDone = (entity: string) =>
      defineEvent(`${service}.${entity}.done.v1`, z.object({ n: z.number().int() }));
    const buses: EventBus[] = [];
    const open = async () => {
      const bus = await createBus();
      buses.push(bus);
      return bus;
    };
    const eventOf = (def: ReturnType<typeof thingDone>) => (n: number) =>
      makeEnvelope(def, { n }, { traceId: 'test' });

    afterEach(async () => {
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
    });

    it('delivers asynchronously, never inside the publisher', async () => {
      const bus = await open();
      const def = thingDone('async');
      const event = eventOf(def);
      const calls: { n: number; duringPublish: boolean }[] = [];
      let publishing = false;
      await bus.subscribe({
        durable: uniqueName('async'),
        event: def,
        handle: (envelope) => {
          calls.push({ n: envelope.data.n, duringPublish: publishing });
          return Promise.resolve();
        },
      });
      publishing = true;
      const published = bus.publish(event(1));
      publishing = false;
      await published;
      await waitFor(() => calls.length === 1);
      expect(calls).toEqual([{ n: 1, duringPublish: false }]);
      await bus.ping();
    });

    it('redelivers an event whose handler throws, until it succeeds', async () => {
      const bus = await open();
      const def = thingDone('retry');
      const event = eventOf(def);
      const seen: string[] = [];
      await bus.subscribe({
        durable: uniqueName('retry'),
        event: def,
        backoffMs: [30],
        handle: (envelope) => {
          seen.push(envelope.id);
          return seen.length < 3 ? Promise.reject(new Error('not yet')) : Promise.resolve();
        },
      });
      const envelope = event(2);
      await bus.publish(envelope);
      await waitFor(() => seen.length === 3);
      await sleep(150);
      expect(seen).toEqual([envelope.id, envelope.id, envelope.id]);
    });

    it('stores an event published twice with the same id once', async () => {
      const bus = await open();
      const def = thingDone('dedup');
      const event = eventOf(def);
      const received: number[] = [];
      await bus.subscribe({
        durable: uniqueName('dedup'),
        event: def,
        handle: (envelope) => {
          received.push(envelope.data.n);
          return Promise.resolve();
        },
      });
      const twice = event(3);
      await bus.publish(twice);
      await bus.publish({ ...twice });
      await bus.publish(event(4));
      await waitFor(() => received.includes(4));
      await sleep(50);
      expect(received.filter((n) => n === 3)).toHaveLength(1);
    });

    it('gives a durable that subscribes late the events published before', async () => {
      const bus = await open();
      const def = thingDone('late');
      const event = eventOf(def);
      const early = [event(10), event(11), event(12)];
      for (const envelope of early) await bus.publish(envelope);
      const received: string[] = [];
      await bus.subscribe({
        durable: uniqueName('late'),
        event: def,
        handle: (envelope) => {
          received.push(envelope.id);
          return Promise.resolve();
        },
      });
      await waitFor(() => early.every((e) => received.includes(e.id)));
    });

    it('parks an event after maxDeliver attempts and keeps delivering the rest', async () => {
      const bus = await open();
      const def = thingDone('park');
      const event = eventOf(def);
      const poison = event(20);
      const attempts: string[] = [];
      const delivered: number[] = [];
      await bus.subscribe({
        durable: uniqueName('park'),
        event: def,
        maxDeliver: 3,
        backoffMs: [20],
        handle: (envelope) => {
          if (envelope.id === poison.id) {
            attempts.push(envelope.id);
            return Promise.reject(new Error('poison'));
          }
          delivered.push(envelope.data.n);
          return Promise.resolve();
        },
      });
      await bus.publish(poison);
      await bus.publish(event(21));
      await waitFor(() => attempts.length === 3 && delivered.includes(21));
      await sleep(300);
      expect(attempts).toHaveLength(3);
    });

    it('retries an event uncounted while the database is down, handling nothing else meanwhile', async () => {
      const bus = await open();
      const def = thingDone('outage');
      const event = eventOf(def);
      const parkedBefore = (await bus.stats()).parked;
      let databaseUp = false;
      const failedOn: number[] = [];
      const applied: number[] = [];
      await bus.subscribe({
        durable: uniqueName('outage'),
        event: def,
        maxDeliver: 2,
        backoffMs: [20],
        handle: (envelope) => {
          if (!databaseUp) {
            failedOn.push(envelope.data.n);
            return Promise.reject(failedOn.length % 2 ? databaseRefused() : databaseShutDown());
          }
          applied.push(envelope.data.n);
          return Promise.resolve();
        },
      });
      await bus.publish(event(1));
      await waitFor(() => failedOn.length === 1);
      await bus.publish(event(2));
      await bus.publish(event(3));
      // Three times maxDeliver, all on the first event: the durable is paused, not parking.
      await waitFor(() => failedOn.length >= 6);
      await sleep(50);
      expect(failedOn.every((n) => n === 1)).toBe(true);
      expect(applied).toEqual([]);
      databaseUp = true;
      await waitFor(() => applied.length === 3);
      await sleep(150);
      expect(applied).toEqual([1, 2, 3]); // each once, in order
      expect((await bus.stats()).parked).toBe(parkedBefore);
    });

    it('counts only the failures that are not an outage toward parking', async () => {
      const bus = await open();
      const def = thingDone('outagethenpoison');
      const event = eventOf(def);
      const parkedBefore = (await bus.stats()).parked;
      let outages = 0;
      let failures = 0;
      const delivered: number[] = [];
      await bus.subscribe({
        durable: uniqueName('outagethenpoison'),
        event: def,
        maxDeliver: 2,
        backoffMs: [20],
        handle: (envelope) => {
          if (envelope.data.n !== 0) {
            delivered.push(envelope.data.n);
            return Promise.resolve();
          }
          // The database is down for three attempts, then the event turns out to be bad.
          if (outages < 3) {
            outages += 1;
            return Promise.reject(databaseRefused());
          }
          failures += 1;
          return Promise.reject(new Error('poison'));
        },
      });
      await bus.publish(event(0));
      await bus.publish(event(1));
      await waitFor(async () => (await bus.stats()).parked === parkedBefore + 1, 5000);
      await waitFor(() => delivered.includes(1));
      await sleep(150);
      expect(outages).toBe(3);
      expect(failures).toBe(2);
    });

    it('keeps a batch durable paused through an outage, then applies each event once', async () => {
      const bus = await open();
      const def = thingDone('batchoutage');
      const event = eventOf(def);
      const parkedBefore = (await bus.stats()).parked;
      let databaseUp = false;
      let outageFailures = 0;
      const applied: number[] = [];
      const apply = (ns: number[]) => {
        if (!databaseUp) {
          outageFailures += 1;
          return Promise.reject(databaseShutDown());
        }
        applied.push(...ns);
        return Promise.resolve();
      };
      await bus.subscribe({
        durable: uniqueName('batchoutage'),
        event: def,
        maxDeliver: 2,
        backoffMs: [20],
        maxBatch: 4,
        handle: (envelope) => apply([envelope.data.n]),
        handleBatch: (envelopes) => apply(envelopes.map((envelope) => envelope.data.n)),
      });
      for (let n = 1; n <= 6; n++) await bus.publish(event(n));
      // More failures than the batch and each of its events one by one at maxDeliver could make.
      await waitFor(() => outageFailures > 1 + 6 * 2);
      databaseUp = true;
      await waitFor(() => applied.length >= 6);
      await sleep(150);
      expect(applied).toEqual([1, 2, 3, 4, 5, 6]);
      expect((await bus.stats()).parked).toBe(parkedBefore);
    });

    it('close does not wait out the retry delay of a durable paused by an outage', async () => {
      const bus = await open();
      const def = thingDone('outageclose');
      let attempts = 0;
      await bus.subscribe({
        durable: uniqueName('outageclose'),
        event: def,
        backoffMs: [60_000],
        handle: () => {
          attempts += 1;
          return Promise.reject(databaseRefused());
        },
      });
      await bus.publish(eventOf(def)(1));
      await waitFor(() => attempts === 1);
      const started = performance.now();
      await bus.close();
      expect(performance.now() - started).toBeLessThan(2_000);
    });

    it('hands events that waited together to handleBatch in order, and a lone one to handle', async () => {
      const bus = await open();
      const def = thingDone('batch');
      const event = eventOf(def);
      const singles: number[] = [];
      const batches: number[][] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await bus.subscribe({
        durable: uniqueName('batch'),
        event: def,
        maxBatch: 4,
        handle: async (envelope) => {
          singles.push(envelope.data.n);
          if (envelope.data.n === 0) await gate; // the others queue up meanwhile
        },
        handleBatch: (envelopes) => {
          batches.push(envelopes.map((envelope) => envelope.data.n));
          return Promise.resolve();
        },
      });
      await bus.publish(event(0));
      await waitFor(() => singles.length === 1);
      for (let n = 1; n <= 6; n++) await bus.publish(event(n));
      await sleep(100); // all six are with the consumer, waiting behind the first
      release();
      await waitFor(() => singles.length + batches.flat().length === 7);
      await sleep(100);
      // Each once, in order, at most maxBatch at a time, and at least one real batch.
      expect([...singles, ...batches.flat()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(batches.flat()).toEqual([...batches.flat()].sort((a, b) => a - b));
      expect(Math.max(...batches.map((batch) => batch.length))).toBeGreaterThan(1);
      expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(4);
      expect(singles[0]).toBe(0);
    });

    it('hands a failed batch to handle one by one, so only its bad event is retried and parked', async () => {
      const bus = await open();
      const def = thingDone('batchfail');
      const event = eventOf(def);
      const poison = event(3);
      const delivered: number[] = [];
      let poisonAttempts = 0;
      let batchAttempts = 0;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await bus.subscribe({
        durable: uniqueName('batchfail'),
        event: def,
        maxDeliver: 2,
        backoffMs: [20],
        handle: async (envelope) => {
          if (envelope.id === poison.id) {
            poisonAttempts += 1;
            throw new Error('poison');
          }
          delivered.push(envelope.data.n);
          if (envelope.data.n === 0) await gate;
        },
        handleBatch: () => {
          batchAttempts += 1;
          return Promise.reject(new Error('one of these is bad'));
        },
      });
      await bus.publish(event(0));
      await waitFor(() => delivered.length === 1);
      for (const envelope of [event(1), event(2), poison, event(4)]) await bus.publish(envelope);
      await sleep(100);
      release();
      await waitFor(() => delivered.length === 4 && poisonAttempts === 2);
      await sleep(200);
      expect(batchAttempts).toBeGreaterThanOrEqual(1);
      expect(delivered).toEqual([0, 1, 2, 4]);
      expect(poisonAttempts).toBe(2); // retried alone, then parked
    });

    it('hands the one valid event of a group that waited together to handle, not handleBatch', async () => {
      const bus = await open();
      const def = thingDone('batchlone');
      const event = eventOf(def);
      const singles: number[] = [];
      const batches: number[][] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await bus.subscribe({
        durable: uniqueName('batchlone'),
        event: def,
        handle: async (envelope) => {
          singles.push(envelope.data.n);
          if (envelope.data.n === 0) await gate; // the next two queue up meanwhile
        },
        handleBatch: (envelopes) => {
          batches.push(envelopes.map((envelope) => envelope.data.n));
          return Promise.resolve();
        },
      });
      await bus.publish(event(0));
      await waitFor(() => singles.length === 1);
      await bus.publish({ ...event(1), data: { n: 'not a number' } });
      await bus.publish(event(2));
      await sleep(100); // both are with the consumer, waiting behind the first
      release();
      await waitFor(() => singles.length + batches.flat().length === 2);
      await sleep(100);
      expect(singles).toEqual([0, 2]);
      expect(batches).toEqual([]);
    });

    it('parks an envelope whose data does not match the schema without calling the handler', async () => {
      const bus = await open();
      const def = thingDone('invalid');
      const event = eventOf(def);
      const received: unknown[] = [];
      await bus.subscribe({
        durable: uniqueName('invalid'),
        event: def,
        handle: (envelope) => {
          received.push(envelope.data);
          return Promise.resolve();
        },
      });
      const invalid: EventEnvelope = { ...event(0), data: { n: 'not a number' } };
      await bus.publish(invalid);
      await bus.publish(event(31));
      await waitFor(() => received.length >= 1);
      await sleep(50);
      expect(received).toEqual([{ n: 31 }]);
    });

    it('broadcasts each later event to every listener, without catch-up', async () => {
      const bus = await open();
      const def = thingDone('broadcast');
      const event = eventOf(def);
      await bus.publish(event(1)); // before anyone listens: not delivered
      const first: number[] = [];
      const second: number[] = [];
      await bus.broadcast(def, (envelope) => first.push(envelope.data.n));
      await bus.broadcast(def, (envelope) => second.push(envelope.data.n));
      await bus.publish(event(2));
      await bus.publish(event(3));
      await waitFor(() => first.length === 2 && second.length === 2);
      await sleep(100);
      expect(first).toEqual([2, 3]);
      expect(second).toEqual([2, 3]);
    });

    it('replays to a new listener the stored events since replayFrom before resolving, then live ones', async () => {
      const bus = await open();
      const def = thingDone('replay');
      const event = eventOf(def);
      await bus.publish(event(1));
      await sleep(50);
      const since = new Date();
      await sleep(50);
      await bus.publish(event(2));
      await bus.publish(event(3));
      const received: number[] = [];
      await bus.broadcast(def, (envelope) => received.push(envelope.data.n), { replayFrom: since });
      // The replay is complete when broadcast resolves: a starting process can rely on it at once.
      expect(received).toEqual([2, 3]);
      await bus.publish(event(4));
      await waitFor(() => received.length === 3);
      await sleep(100);
      expect(received).toEqual([2, 3, 4]);
    });

    it('replays nothing and resolves at once when nothing was published since replayFrom', async () => {
      const bus = await open();
      const def = thingDone('replaynone');
      await bus.publish(eventOf(def)(1));
      await sleep(50);
      const received: number[] = [];
      await bus.broadcast(def, (envelope) => received.push(envelope.data.n), { replayFrom: new Date() });
      expect(received).toEqual([]);
    });

    it('reports its consumers backlog, redeliveries and parked events for operators', async () => {
      const bus = await open();
      const def = thingDone('stats');
      const event = eventOf(def);
      const durable = uniqueName('stats');
      const parkedBefore = (await bus.stats()).parked;
      const releases: (() => void)[] = [];
      let calls = 0;
      await bus.subscribe({
        durable,
        event: def,
        maxDeliver: 2,
        backoffMs: [20],
        handle: async (envelope) => {
          calls++;
          // n = 0 is poison: it fails both attempts and is parked.
          if (envelope.data.n === 0) throw new Error('poison');
          await new Promise<void>((resolve) => releases.push(resolve));
        },
      });
      const mine = async () => {
        const stats = await bus.stats();
        const found = stats.consumers.find((c) => c.durable.includes(durable.replace(/[.*>\s]/g, '_')));
        if (!found) throw new Error(`${durable} not in ${JSON.stringify(stats.consumers)}`);
        return { ...found, parked: stats.parked };
      };
      await bus.publish(event(0));
      await waitFor(async () => (await mine()).parked === parkedBefore + 1, 5000);
      for (const n of [1, 2, 3]) await bus.publish(event(n));
      await waitFor(() => releases.length === 1);
      const busy = await mine();
      // Three events not yet done: in the handler, buffered or waiting to be delivered.
      expect(busy.pending + busy.ackPending).toBe(3);
      expect(busy.ackPending).toBeGreaterThanOrEqual(1);
      while (calls < 5) {
        releases.shift()?.();
        await sleep(10);
      }
      releases.splice(0).forEach((release) => release());
      await waitFor(async () => {
        const idle = await mine();
        return idle.pending === 0 && idle.ackPending === 0;
      }, 5000);
    });

    it('close waits for the handler in flight', async () => {
      const bus = await open();
      const def = thingDone('close');
      const event = eventOf(def);
      let started = false;
      let finished = false;
      await bus.subscribe({
        durable: uniqueName('close'),
        event: def,
        handle: async () => {
          started = true;
          await sleep(200);
          finished = true;
        },
      });
      await bus.publish(event(40));
      await waitFor(() => started);
      await bus.close();
      expect(finished).toBe(true);
    });
  });
}

eventBusContract('memory', () => Promise.resolve(createMemoryBus()), uniqueToken('mem'));

const natsService = uniqueToken('t');
eventBusContract(
  'nats',
  () => createNatsBus({ servers: testEnv.natsUrl, name: 'contract-test' }),
  natsService,
);

describe('NATS bus dead letters', () => {
  it('keeps a parked event in the DLQ stream under dlq.<type>', async () => {
    const bus = await createNatsBus({ servers: testEnv.natsUrl, name: 'dlq-test' });
    const def = defineEvent(`${natsService}.poison.done.v1`, z.object({ n: z.number().int() }));
    let attempts = 0;
    try {
      await bus.subscribe({
        durable: uniqueName('dlq'),
        event: def,
        maxDeliver: 1,
        handle: () => {
          attempts += 1;
          return Promise.reject(new Error('always fails'));
        },
      });
      await bus.publish(makeEnvelope(def, { n: 1 }, { traceId: 'test' }));
      await waitFor(() => attempts === 1);
      const nc = await connect({ servers: testEnv.natsUrl });
      const jsm = await jetstreamManager(nc);
      await waitFor(async () => {
        const info = await jsm.streams
          .info('DLQ', { subjects_filter: `dlq.${def.type}` })
          .catch(() => undefined);
        return (info?.state.subjects?.[`dlq.${def.type}`] ?? 0) === 1;
      });
      await nc.close();
    } finally {
      await bus.close();
    }
  });
});

describe('NATS bus redelivery limits and pauses', () => {
  const thing = (entity: string) =>
    defineEvent(`${natsService}.${entity}.done.v1`, z.object({ n: z.number().int() }));

  it('leaves the redelivery limit to the bus: the server-side consumer has none (max_deliver -1)', async () => {
    const bus = await createNatsBus({ servers: testEnv.natsUrl, name: 'limits-test' });
    const def = thing('unlimited');
    const durable = uniqueName('unlimited');
    const nc = await connect({ servers: testEnv.natsUrl });
    try {
      await bus.subscribe({ durable, event: def, maxDeliver: 3, handle: () => Promise.resolve() });
      const jsm = await jetstreamManager(nc);
      const info = await jsm.consumers.info(streamNameOf(natsService), natsDurableName(durable));
      expect(info.config.max_deliver).toBe(-1);
    } finally {
      await nc.close();
      await bus.close();
    }
  });

  it('parks, without running the handler, an event delivered too often without a verdict', async () => {
    const def = thing('noverdict');
    const durable = uniqueName('noverdict');
    const maxDeliver = 2;
    const publisher = await createNatsBus({ servers: testEnv.natsUrl, name: 'noverdict-test' });
    await publisher.publish(makeEnvelope(def, { n: 1 }, { traceId: 'test' }));
    await publisher.close();
    // The durable as the bus makes it, whose deliveries then end without a verdict (as if the
    // process holding it were killed each time), until the allowance is used up.
    const nc = await connect({ servers: testEnv.natsUrl });
    const jsm = await jetstreamManager(nc);
    const stream = streamNameOf(natsService);
    await jsm.consumers.add(stream, {
      durable_name: natsDurableName(durable),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: def.type,
      max_deliver: -1,
      ack_wait: nanos(30_000),
    });
    const consumer = await jetstream(nc).consumers.get(stream, natsDurableName(durable));
    for (let delivery = 1; delivery <= maxDeliver + DELIVERIES_WITHOUT_VERDICT; delivery++) {
      const msg = await consumer.next({ expires: 5_000 });
      expect(msg?.info.deliveryCount).toBe(delivery);
      msg?.nak();
    }
    const bus = await createNatsBus({ servers: testEnv.natsUrl, name: 'noverdict-test' });
    let calls = 0;
    try {
      await bus.subscribe({
        durable,
        event: def,
        maxDeliver,
        handle: () => {
          calls += 1;
          return Promise.resolve();
        },
      });
      await waitFor(async () => {
        const info = await jsm.streams
          .info('DLQ', { subjects_filter: `dlq.${def.type}` })
          .catch(() => undefined);
        return (info?.state.subjects?.[`dlq.${def.type}`] ?? 0) === 1;
      });
      expect(calls).toBe(0);
    } finally {
      await bus.close();
      await nc.close();
    }
  });

  it('stops fetching while paused and holds what it has through a pause longer than ack_wait', async () => {
    // Long enough that the hold's heartbeat (a third of it) has seconds to spare when a loaded
    // machine stalls the event loop: at 2 s a stall of one second under `npm test` let the
    // server redeliver, and the test failed with the code right.
    const ACK_WAIT_MS = 4_500;
    const handled: { seq: unknown; attempt: unknown }[] = [];
    const record = (...args: unknown[]) => {
      const [fields, message] = args as [Record<string, unknown>, unknown];
      if (message === 'event handled') handled.push({ seq: fields.seq, attempt: fields.attempt });
    };
    const logger: PortLogger = { debug: record, info: record, warn: record, error: record };
    const replica = () =>
      createNatsBus({ servers: testEnv.natsUrl, name: 'hold-test', ackWaitMs: ACK_WAIT_MS, logger });
    const def = thing('hold');
    const durable = uniqueName('hold');
    const events = 40;
    let databaseUp = false;
    let outageFailures = 0;
    const applied: number[] = [];
    const subscription = {
      durable,
      event: def,
      maxDeliver: 2,
      backoffMs: [200],
      handle: (envelope: EventEnvelope<{ n: number }>) => {
        if (!databaseUp) {
          outageFailures += 1;
          return Promise.reject(databaseRefused());
        }
        applied.push(envelope.data.n);
        return Promise.resolve();
      },
    };
    const first = await replica();
    let second: EventBus | undefined;
    try {
      await first.subscribe(subscription);
      for (let n = 1; n <= events; n++) await first.publish(makeEnvelope(def, { n }, { traceId: 'test' }));
      // At least once (a loaded machine may poll after a later probe of the outage already ran).
      await waitFor(() => outageFailures >= 1, 15_000);
      for (let check = 0; check < 4; check++) {
        await sleep(ACK_WAIT_MS / 2); // two ack_waits in all
        const stats = (await first.stats()).consumers[0];
        // What the stopped session had fetched (its buffer of 8, and one more pull at most) is
        // held; the rest of the backlog stays on the server.
        expect(stats?.ackPending).toBeLessThanOrEqual(16);
        expect(stats?.pending).toBeGreaterThanOrEqual(events - 16);
      }
      // A replica starting meanwhile gets only events nobody holds: had the first let its
      // messages expire, they would go to this one, a delivery spent and the event held twice.
      second = await replica();
      await second.subscribe(subscription);
      await sleep(ACK_WAIT_MS);
      expect((await first.stats()).consumers[0]?.redelivered).toBe(0);
      databaseUp = true;
      await waitFor(() => applied.length >= events, 10_000);
      await sleep(ACK_WAIT_MS * 1.25); // a redelivered copy would show up by now
      expect([...applied].sort((a, b) => a - b)).toEqual(Array.from({ length: events }, (_, i) => i + 1));
      expect(handled).toHaveLength(events);
      expect(handled.every(({ attempt }) => attempt === 1)).toBe(true);
    } finally {
      await Promise.all([first.close(), second?.close()]);
    }
  }, 60_000);
});

afterAll(async () => {
  const nc = await connect({ servers: testEnv.natsUrl });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(streamNameOf(natsService)).catch(() => false);
  await nc.close();
});
