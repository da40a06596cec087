import { createMemoryRateLimiter } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { buildTestUser } from '@saathi/platform/testing';
import type { ModerationCore } from '../use-cases/moderation-core';

/**
 * Fakes for the use-case tests (`use-cases/*.test.ts`): the platform's (a fake repository, unit
 * of work, clock, a route's and an event's input) and moderation's people and settings.
 */
export {
  consumed,
  fake,
  fakeClock,
  fakeMeta as meta,
  fakeTx,
  fakeUnitOfWork,
  routeInput,
  type Emitted,
} from '@saathi/platform/testing';

/** A signed-in person (verified address unless told otherwise). */
export const member = (overrides: Partial<AuthUser> = {}): AuthUser =>
  buildTestUser({ emailVerified: true, ...overrides }, 'member');
export const admin = () => member({ role: 'admin' });

/** The settings part of the core, with a real in-memory rate limiter. */
export const settings = (
  overrides: Partial<Pick<ModerationCore, 'hideAfterReports' | 'reportsPerHour'>> = {},
): Pick<ModerationCore, 'hideAfterReports' | 'reportsPerHour' | 'rateLimiter'> => ({
  hideAfterReports: 3,
  reportsPerHour: 20,
  rateLimiter: createMemoryRateLimiter(),
  ...overrides,
});
