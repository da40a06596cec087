import { IdentityMessages } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { RateLimitResult } from '../domain/rate-limiter';

/** 429 with Retry-After when a limiter refused the attempt. */
export function enforceLimit(result: RateLimitResult): void {
  if (result.allowed) return;
  throw httpErrors.tooManyRequests(
    IdentityMessages.tooManyAttempts,
    'RATE_LIMITED',
    result.retryAfterSeconds,
  );
}
