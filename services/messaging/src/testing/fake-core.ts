import type { AuthUser } from '@saathi/platform';
import { buildTestUser } from '@saathi/platform/testing';
import type { Pusher } from '../realtime/pusher';

/**
 * Fakes for the use-case tests (`use-cases/*.test.ts`): the platform's (a fake repository, unit
 * of work, clock, a route's and an event's input, `outcomeOf`) and messaging's pusher and people.
 */
export {
  consumed,
  envelopeOf,
  fake,
  fakeClock,
  fakeMeta as meta,
  fakeTx,
  fakeUnitOfWork,
  outcomeOf,
  routeInput,
  type Emitted,
} from '@saathi/platform/testing';

/** A pusher that records each push as `[kind, ...arguments]`; `online` says who is connected. */
export function fakePusher(online: readonly string[] = []): Pusher & { pushed: unknown[][] } {
  const pushed: unknown[][] = [];
  return {
    pushed,
    messageNew: (...args) => void pushed.push(['messageNew', ...args]),
    conversationUpdated: (...args) => void pushed.push(['conversationUpdated', ...args]),
    read: (...args) => void pushed.push(['read', ...args]),
    activityThreadMessage: (...args) => void pushed.push(['activityThreadMessage', ...args]),
    circleThreadMessage: (...args) => void pushed.push(['circleThreadMessage', ...args]),
    notificationNew: (...args) => void pushed.push(['notificationNew', ...args]),
    isOnline: (userId) => Promise.resolve(online.includes(userId)),
  };
}

/** A signed-in person. */
export const member = (overrides: Partial<AuthUser> = {}): AuthUser => buildTestUser(overrides, 'member');
