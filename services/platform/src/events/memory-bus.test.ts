import { defineEvent } from '@saathi/contracts';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { waitFor } from '../testing';
import { makeEnvelope } from './make-envelope';
import { createMemoryBus } from './memory-bus';

const pinged = defineEvent('mem.thing.pinged.v1', z.object({}));

it('redeliveryDelayMs overrides a subscription back-off so tests retry at once', async () => {
  const bus = createMemoryBus({ redeliveryDelayMs: 5 });
  let attempts = 0;
  await bus.subscribe({
    durable: 'mem.slow-retry',
    event: pinged,
    backoffMs: [60_000],
    handle: () => (++attempts < 2 ? Promise.reject(new Error('once')) : Promise.resolve()),
  });
  await bus.publish(makeEnvelope(pinged, {}, { traceId: 't' }));
  await waitFor(() => attempts === 2, 1_000);
  await bus.close();
});

it('refuses to publish, subscribe or ping once closed, and a durable twice', async () => {
  const bus = createMemoryBus();
  const subscription = { durable: 'mem.once', event: pinged, handle: () => Promise.resolve() };
  await bus.subscribe(subscription);
  await expect(bus.subscribe(subscription)).rejects.toThrow('already subscribed');
  await bus.close();
  await expect(bus.publish(makeEnvelope(pinged, {}, { traceId: 't' }))).rejects.toThrow('closed');
  await expect(bus.subscribe({ ...subscription, durable: 'mem.other' })).rejects.toThrow('closed');
  await expect(bus.ping()).rejects.toThrow('closed');
});

it('redeliveryDelayMs also paces the retries of an event held while the database is down', async () => {
  const bus = createMemoryBus({ redeliveryDelayMs: 5 });
  let attempts = 0;
  await bus.subscribe({
    durable: 'mem.outage-retry',
    event: pinged,
    backoffMs: [60_000],
    maxDeliver: 1,
    handle: () =>
      ++attempts < 4
        ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
        : Promise.resolve(),
  });
  await bus.publish(makeEnvelope(pinged, {}, { traceId: 't' }));
  await waitFor(() => attempts === 4, 1_000);
  expect((await bus.stats()).parked).toBe(0);
  await bus.close();
});
