import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TOKEN_PURPOSE } from '@saathi/contracts';
import {
  createMemoryRateLimiter,
  createUnitOfWork,
  openToken,
  queryRows,
  serviceKit,
} from '@saathi/platform';
import type { UnitOfWork } from '@saathi/platform';
import { fakeMeta, waitFor } from '@saathi/platform/testing';
import { sql } from 'drizzle-orm';
import { createIdentityCore } from '../../use-cases/identity-core';
import { sweepIdentity } from '../../db/maintenance';
import { hashToken } from '../../domain/tokens';
import { requestPasswordReset } from '../../use-cases/password-reset';
import { AttemptLimits } from '../../use-cases/rate-limit';
import type { LimitName } from '../../use-cases/rate-limit';
import { buildRegistration, nextAddress, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity({
    FORGOT_PASSWORD_COOLDOWN_SECONDS: '60',
    RATE_LIMIT_FORGOT_PER_IP: '100',
  });
});
afterAll(async () => {
  await identity?.close();
});

async function registered(): Promise<{ id: string; email: string }> {
  const body = buildRegistration();
  const response = await identity
    .browser()
    .inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { id: response.json().id as string, email: body.email };
}

function forgot(email: string, address = nextAddress()) {
  return identity.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress: address,
    payload: { email },
  });
}

const resetEvents = async (email: string) =>
  (await identity.outbox('identity.password_reset.requested.v2')).filter((e) => e.data.email === email);

describe('reset tokens on the bus', () => {
  it('puts the token in the event only sealed for the mail worker', async () => {
    const user = await registered();
    expect((await forgot(user.email)).statusCode).toBe(200);
    const [event] = await resetEvents(user.email);
    expect(event!.data).not.toHaveProperty('token');
    const token = openToken(
      identity.mailTokenKey,
      PASSWORD_RESET_TOKEN_PURPOSE,
      event!.data.sealedToken as string,
      identity.clock.now(),
    )!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [stored] = await queryRows<{ token_hash: string }>(
      identity.database.port.db,
      sql`select token_hash from identity.password_resets where user_id = ${user.id} and used = false`,
    );
    expect(stored!.token_hash).toBe(hashToken(token));
    // Nowhere in the outbox is the token readable, and it opens for no other purpose.
    const readable = await queryRows(
      identity.database.port.db,
      sql`select 1 from identity.outbox where payload::text like ${`%${token}%`}`,
    );
    expect(readable).toHaveLength(0);
    expect(
      openToken(
        identity.mailTokenKey,
        'email-verification',
        event!.data.sealedToken as string,
        identity.clock.now(),
      ),
    ).toBeNull();
  });

  it('drops even the sealed copy from the outbox once the relay has published it', async () => {
    const user = await registered();
    await forgot(user.email);
    const [event] = await resetEvents(user.email);
    const dispatched = async () =>
      (
        await queryRows(
          identity.database.port.db,
          sql`select 1 from identity.outbox where id = ${event!.id} and dispatched_at is not null`,
        )
      ).length === 1;
    await waitFor(dispatched, 15_000, 'the relay to publish the reset event');
    await sweepIdentity(identity.database.port.db, identity.clock.now());
    const [after] = await resetEvents(user.email);
    expect(after!.data.sealedToken).toBe('[redacted]');
  });
});

describe('forgot-password per address', () => {
  it('lets a stranger delay the victim’s next reset mail by the cooldown at most', async () => {
    const victim = await registered();
    // A stranger asks again and again, from many addresses.
    for (let i = 0; i < 5; i += 1) expect((await forgot(victim.email)).statusCode).toBe(200);
    expect(await resetEvents(victim.email)).toHaveLength(1);
    identity.clock.advance(61_000);
    // The victim, a minute later, gets a mail.
    await forgot(victim.email);
    expect(await resetEvents(victim.email)).toHaveLength(2);
  });

  it('does the same steps for a known and an unknown address, and mails only the known one', async () => {
    const steps = { known: [] as string[], unknown: [] as string[] };
    const emitted = { known: 0, unknown: 0 };
    const core = createIdentityCore(
      serviceKit(
        identity.deps,
        createUnitOfWork({
          db: identity.database.port.db,
          schema: 'identity',
          clock: identity.clock,
          wake: () => undefined,
        }),
      ),
    );
    const everyLimit = { limit: 1000, windowMs: 60_000 };
    const rules = Object.fromEntries(
      (
        [
          'loginPerIp',
          'loginPerAccount',
          'loginPerAccountIp',
          'registerPerIp',
          'forgotPerIp',
          'forgotPerEmail',
          'verifyEmailPerAccount',
          'uploadsPerUser',
        ] as LimitName[]
      ).map((name) => [name, everyLimit]),
    ) as Record<LimitName, typeof everyLimit>;
    const limits = new AttemptLimits(createMemoryRateLimiter(), rules);

    const run = async (which: 'known' | 'unknown', email: string) => {
      const log = steps[which];
      const uow: UnitOfWork = {
        ...core.uow,
        withEvents: (work, options) => {
          log.push('uow.withEvents');
          return core.uow.withEvents(
            (tx, emit, afterCommit) =>
              work(
                tx,
                (event, data) => {
                  emitted[which] += 1;
                  emit(event, data);
                },
                afterCommit,
              ),
            options,
          );
        },
      };
      await requestPasswordReset(
        {
          uow,
          clock: identity.clock,
          limits: recorded('limits', limits, log),
          resets: recorded('resets', core.resets, log),
          mailTokens: recorded('mailTokens', core.mailTokens, log),
        },
        { body: { email }, meta: { ...fakeMeta, traceId: 'test', ip: nextAddress() } },
      );
    };
    await run('known', (await registered()).email);
    await run('unknown', `nobody.${Date.now()}@example.com`);
    expect(steps.unknown).toEqual(steps.known);
    expect(steps.known).toEqual([
      'limits.enforce',
      'limits.reserve',
      'mailTokens.seal',
      'uow.withEvents',
      'resets.with',
      'resets.replaceForEmail',
    ]);
    expect(emitted).toEqual({ known: 1, unknown: 0 });
  });
});

/** `target` with every method call logged as `name.method` (also on what `with(tx)` returns). */
function recorded<T extends object>(name: string, target: T, log: string[]): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        log.push(`${name}.${String(property)}`);
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(object, args);
        return property === 'with' ? recorded(name, result as object, log) : result;
      };
    },
  });
}
