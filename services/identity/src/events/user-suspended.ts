import { userReinstatedV1, userSuspendedV1 } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { SCHEMA } from '../db/schema-name';
import { SessionsRepository } from '../db/sessions-repository';
import { UsersRepository } from '../db/users-repository';
import type { SessionCache } from '../auth/session-cache';
import { emitSessionsRevoked } from './session-revoked';

const DURABLE = 'identity.user-suspended';
const REINSTATED = 'identity.user-reinstated';

/**
 * moderation.user.suspended.v1 → the account is marked suspended (sign-in refused) and every
 * live session ends, announced through session.revoked so the other services refuse the
 * session's access tokens too. Once per event (inbox, in the same transaction as the outbox).
 * And moderation.user.reinstated.v1 → the suspension is lifted. Two consumers, so each applies
 * as of its event's time: the later of a suspension and a reinstatement wins.
 */
export async function subscribeUserSuspended(
  kit: ServiceKit<Config>,
  sessionCache: Pick<SessionCache, 'clear'>,
): Promise<void> {
  await kit.bus.subscribe({
    durable: DURABLE,
    event: userSuspendedV1,
    handle: async (envelope) => {
      const now = kit.clock.now();
      await kit.uow.withEvents(
        async (tx, emit, afterCommit) => {
          await consumeOnce(tx, SCHEMA, DURABLE, envelope, async (inner) => {
            // Not applied when older than a reinstatement handled first: no session ends then.
            // The user row is written (locked) before the sessions end, so a sign-in racing
            // this either has its session ended here or is refused (createIfUserUnchanged).
            if (
              !(await new UsersRepository(inner).suspend(envelope.data.userId, new Date(envelope.occurredAt)))
            )
              return;
            const ended = await new SessionsRepository(inner).revokeAllForUser(
              envelope.data.userId,
              'suspended',
              now,
            );
            emitSessionsRevoked(emit, envelope.data.userId, ended, kit.config.ACCESS_TOKEN_TTL_SECONDS, now);
          });
          afterCommit(() => sessionCache.clear());
        },
        { traceId: envelope.traceId },
      );
    },
  });
  // Its undo, here beside it: moderation.user.reinstated.v1 → sign-in allowed again (the
  // sessions the suspension ended stay ended).
  await kit.bus.subscribe({
    durable: REINSTATED,
    event: userReinstatedV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, REINSTATED, envelope, (tx) =>
        new UsersRepository(tx).reinstate(envelope.data.userId, new Date(envelope.occurredAt)),
      );
    },
  });
}
