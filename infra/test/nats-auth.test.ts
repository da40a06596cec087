// NATS users per service (infra/nats/nats.conf, from infra/deploy/nats-config.ts): the committed
// file is what the generator writes, every service may publish only its own events, and live,
// on a private nats-server started with that file (never the machine's, which runs without auth):
// identity's event reaches feed's durable, while feed may not publish `identity.user.deleted.v1`
// (which would erase a person everywhere) and a connection without a password is refused.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDeletedV1 } from '@saathi/contracts';
import { createNatsBus, makeEnvelope } from '@saathi/platform';
import type { EventBus } from '@saathi/platform';
import { natsPasswordVariable, natsServices, publishAllowOf, renderNatsConf } from '../deploy/nats-config';
import { waitUntil } from './cluster-harness';
import { startSecuredNats } from './secured-brokers';
import type { SecuredNats } from './secured-brokers';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const confPath = path.join(repoRoot, 'infra', 'nats', 'nats.conf');

describe('infra/nats/nats.conf', () => {
  it('is exactly what `npm run k8s:generate` writes', () => {
    expect(readFileSync(confPath, 'utf8'), 'infra/nats/nats.conf is stale').toBe(renderNatsConf());
  });

  it('gives every service a user that may publish its own events and no other service’s', () => {
    const services = natsServices();
    expect(services).toContain('identity');
    for (const service of services) {
      const allowed = publishAllowOf(service);
      expect(allowed).toContain(`${service}.>`);
      for (const other of services.filter((o) => o !== service))
        expect(
          allowed.filter((subject) => subject.startsWith(`${other}.`) || subject === '>'),
          `${service} publishing ${other}'s events`,
        ).toEqual([]);
      expect(allowed.some((subject) => subject.startsWith('$JS.API.STREAM.DELETE'))).toBe(false);
      expect(allowed.some((subject) => subject.startsWith('$JS.API.STREAM.PURGE'))).toBe(false);
    }
    const conf = readFileSync(confPath, 'utf8');
    for (const service of services) expect(conf).toContain(`password: $${natsPasswordVariable(service)}`);
    // No user without a password, no anonymous access.
    expect(conf).not.toMatch(/no_auth_user/);
  });
});

describe('a nats-server with the per-service users', () => {
  let nats: SecuredNats;
  const buses: EventBus[] = [];

  beforeAll(async () => {
    nats = await startSecuredNats();
  });

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await nats?.stop();
  });

  it('carries identity’s event to feed’s durable, and refuses the same event from feed', async () => {
    const identity = await createNatsBus({
      servers: nats.urlOf('identity'),
      name: 'identity',
      publishTimeoutMs: 2000,
    });
    const feed = await createNatsBus({ servers: nats.urlOf('feed'), name: 'feed', publishTimeoutMs: 2000 });
    buses.push(identity, feed);
    const received: string[] = [];
    await feed.subscribe({
      durable: 'feed.erase-test',
      event: userDeletedV1,
      handle: (envelope) => {
        received.push(envelope.data.userId);
        return Promise.resolve();
      },
    });
    const userId = randomUUID();
    await identity.publish(makeEnvelope(userDeletedV1, { userId }, { traceId: 'nats-auth-test' }));
    await waitUntil(
      'feed to hear identity',
      () => received.includes(userId),
      15_000,
      () => nats.log(),
    );

    // Feed's code, compromised, tries to erase someone: the server refuses the publish.
    const forged = makeEnvelope(userDeletedV1, { userId: randomUUID() }, { traceId: 'forged' });
    await expect(feed.publish(forged)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).not.toContain(forged.data.userId);
    // The forged publish is the only violation: the bus's own JetStream requests are all allowed.
    expect(nats.violations()).toEqual(['Violation - User "feed", Subject "identity.user.deleted.v1"']);
  });

  it('refuses a connection without a password or with another service’s', async () => {
    await expect(connect({ servers: nats.url, reconnect: false })).rejects.toThrow();
    await expect(
      connect({
        servers: nats.url,
        user: 'identity',
        pass: nats.passwords.feed!,
        reconnect: false,
      }),
    ).rejects.toThrow();
  });
});
