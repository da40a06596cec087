import { defineEvent } from '@saathi/contracts';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { makeEnvelope } from './make-envelope';
import { parseEnvelope, parseEnvelopeJson } from './parse-envelope';

const counted = defineEvent('env.thing.counted.v1', z.object({ count: z.number().int() }));
const named = defineEvent('env.thing.named.v1', z.object({ name: z.string().min(1) }));

it('checks each payload against its own definition, also when parsed many times', () => {
  // The envelope schema is kept per definition: one definition's payload must never be judged
  // by another's, whichever was parsed first.
  for (let round = 0; round < 3; round++) {
    const count = makeEnvelope(counted, { count: round }, { traceId: 't' });
    const name = makeEnvelope(named, { name: `n${round}` }, { traceId: 't' });
    expect(parseEnvelope(counted, count)).toEqual({ ok: true, envelope: count });
    expect(parseEnvelope(named, name)).toEqual({ ok: true, envelope: name });
    expect(parseEnvelope(named, { ...count, type: named.type }).ok).toBe(false);
    expect(parseEnvelope(counted, { ...name, type: counted.type }).ok).toBe(false);
  }
});

it('refuses another type, a broken envelope and invalid JSON with a reason', () => {
  const count = makeEnvelope(counted, { count: 1 }, { traceId: 't' });
  expect(parseEnvelope(named, count)).toMatchObject({ ok: false });
  expect(parseEnvelope(counted, { ...count, id: 'not-a-uuid' })).toMatchObject({ ok: false });
  expect(parseEnvelopeJson(counted, '{')).toMatchObject({
    ok: false,
    reason: expect.stringContaining('invalid JSON'),
  });
  expect(parseEnvelopeJson(counted, JSON.stringify(count))).toEqual({ ok: true, envelope: count });
});
