import type { AppNotification } from '@saathi/contracts';
import { createLogger, createMemoryRateLimiter } from '@saathi/platform';
import type { AuthUser, ErasedPeople } from '@saathi/platform';
import { buildTestUser, fake } from '@saathi/platform/testing';
import type { BlocksRepository } from '../db/blocks-repository';
import type { Activity, NotificationsRepository } from '../db/notifications-repository';
import type { UsersRepository } from '../db/users-repository';
import type { NotificationCore } from '../use-cases/notification-core';

/**
 * Fakes for the use-case tests (`use-cases/*.test.ts`): the platform's (a fake repository, unit
 * of work, queue, clock, a route's and an event's input) and notification's settings and people.
 */
export {
  consumed,
  fake,
  fakeClock,
  fakeMeta as meta,
  fakeQueue,
  fakeTx,
  fakeUnitOfWork,
  routeInput,
  type Emitted,
  type QueuedJob,
} from '@saathi/platform/testing';

export const silentLogger = createLogger({ name: 'use-case-test', level: 'silent' });

/** The settings the use cases read, as the service's defaults (config.ts) set them. */
export const testConfig: NotificationCore['config'] = {
  PUBLIC_ORIGIN: 'https://saathi.example',
  EMAIL_MAX_ATTEMPTS: 10,
  EMAIL_RETRY_BACKOFF_MS: 5_000,
  FEEDBACK_PER_HOUR: 10,
  MESSAGE_MAIL_COOLDOWN_MS: 60 * 60 * 1000,
  ACTIVITY_MAIL_DELAY_MS: 10 * 60 * 1000,
  ACTIVITY_MAIL_COOLDOWN_MS: 60 * 60 * 1000,
  READ_NOTIFICATION_RETENTION_DAYS: 90,
  VAPID_PUBLIC_KEY: 'BPublicKeyOfTheTests',
  PUSH_ENDPOINT_HOSTS: ['fcm.googleapis.com', 'updates.push.services.mozilla.com'],
  PUSH_ALLOW_LOCAL_ENDPOINTS: false,
  PUSH_MAX_ATTEMPTS: 5,
  PUSH_RETRY_BACKOFF_MS: 2_000,
  PUSH_GROUP_MS: 60_000,
  MAIL_FROM: 'Saathi <no-reply@saathi.example>',
  MAIL_TOKEN_KEY: Buffer.alloc(32, 7),
  VAPID_PRIVATE_KEY: 'PrivateKeyOfTheTests',
  VAPID_SUBJECT: 'mailto:admin@saathi.example',
  PUSH_TTL_SECONDS: 86_400,
  PUSH_MAX_FAILURES: 3,
};

/** A signed-in person. */
export const member = (overrides: Partial<AuthUser> = {}): AuthUser => buildTestUser(overrides, 'member');
export const admin = () => member({ role: 'admin' });

/** The rate limiter part of the core: a real in-memory one. */
export const rateLimiter = () => createMemoryRateLimiter();

/**
 * The parts every notice takes (`notify`): a users projection that names whom it is given, a
 * notifications repository that records each activity (`recorded`) and answers with a
 * notification (none when `unchanged` says so), the blocked pairs and the erased ids.
 */
export function noticeParts(
  options: {
    names?: Record<string, string>;
    blocked?: readonly (readonly [string, string])[];
    erased?: readonly string[];
    /** `record` changes nothing (a repeat that does not bump): it answers null. */
    unchanged?: boolean;
  } = {},
) {
  const recorded: Activity[] = [];
  const isBlocked = (a: string, b: string) =>
    (options.blocked ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const users = fake<UsersRepository>({
    find: (userId: string) => {
      const name = options.names?.[userId];
      return Promise.resolve(name === undefined ? undefined : { name, verifiedEmail: null });
    },
  });
  const notifications = fake<NotificationsRepository>({
    record: (activity: Activity) => {
      recorded.push(activity);
      if (options.unchanged) return Promise.resolve(null);
      return Promise.resolve({
        id: `notification-${recorded.length}`,
        type: activity.type,
        actorName: activity.actorName,
        recipientId: activity.recipientId,
      } as unknown as AppNotification);
    },
  });
  const blocks = fake<BlocksRepository>({
    blockedEitherWay: (a: string, b: string) => Promise.resolve(isBlocked(a, b)),
    blockedAmong: (userId: string, others: readonly string[]) =>
      Promise.resolve(new Set(others.filter((other) => other !== userId && isBlocked(userId, other)))),
  });
  const erased = fake<ErasedPeople>({
    erasedAmong: (ids: readonly string[]) =>
      Promise.resolve(new Set(ids.filter((id) => (options.erased ?? []).includes(id)))),
  });
  return { users, notifications, blocks, erased, recorded };
}
