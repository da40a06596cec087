import { defineEvent } from '@saathi/contracts';
import { expect, it } from 'vitest';
import { z } from 'zod';
import type { SubscribeOptions } from '../ports';
import { createDeliveryHandler, type BusDeliveries } from './handle-deliveries';
import { silentLogger } from './logger';
import { makeEnvelope } from './make-envelope';

const counted = defineEvent('unit.thing.counted.v1', z.object({ n: z.number().int() }));

/** A delivery as a bus would hold it, with what the handler decided about it. */
interface Fake {
  n: number;
  attempt: number;
  verdict?: string;
}

function fakeBus() {
  const calls: string[] = [];
  const deliveries: BusDeliveries<Fake> = {
    json: ({ n }) => JSON.stringify(makeEnvelope(counted, { n }, { traceId: 't' })),
    attempt: ({ attempt }) => attempt,
    logFields: ({ n }) => ({ n }),
    working: () => () => undefined,
    done: (fake) => void (fake.verdict = 'done'),
    retry: (fake, delayMs) => void (fake.verdict = `retry ${delayMs}`),
    park: (fake) => void (fake.verdict = 'parked'),
    giveBack: (fake) => void (fake.verdict = 'given back'),
    pause: () => void calls.push('pause'),
    resume: () => void calls.push('resume'),
  };
  return { deliveries, calls };
}

const handlerFor = (
  subscription: SubscribeOptions,
  deliveries: BusDeliveries<Fake>,
  isClosing = () => false,
) =>
  createDeliveryHandler({
    subscription,
    deliveries,
    logger: silentLogger,
    backoffMs: [5],
    closing: new Promise(() => undefined),
    isClosing,
  });

const outage = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

it('pauses once for an outage, resumes when the event goes through, and counts none of it', async () => {
  const { deliveries, calls } = fakeBus();
  let failures = 0;
  const subscription: SubscribeOptions = {
    durable: 'unit.outage',
    event: counted,
    maxDeliver: 1,
    handle: () => (++failures <= 3 ? Promise.reject(outage()) : Promise.resolve()),
  };
  const handle = handlerFor(subscription, deliveries);
  const fake: Fake = { n: 1, attempt: 1 };
  await handle([fake]);
  expect(fake.verdict).toBe('done'); // not parked, though maxDeliver is 1
  expect(calls).toEqual(['pause', 'resume']);
});

it('starts no handler once the bus closes: the rest of a failed batch is given back', async () => {
  const { deliveries } = fakeBus();
  let closing = false;
  const handled: number[] = [];
  const subscription: SubscribeOptions = {
    durable: 'unit.closing',
    event: counted,
    handle: (envelope) => {
      handled.push((envelope.data as { n: number }).n);
      closing = true; // close() comes while the first one runs
      return Promise.resolve();
    },
    handleBatch: () => Promise.reject(new Error('one of these is bad')),
  };
  const handle = handlerFor(subscription, deliveries, () => closing);
  const fakes: Fake[] = [1, 2, 3].map((n) => ({ n, attempt: 1 }));
  await handle(fakes);
  expect(handled).toEqual([1]);
  expect(fakes.map(({ verdict }) => verdict)).toEqual(['done', 'given back', 'given back']);
});
