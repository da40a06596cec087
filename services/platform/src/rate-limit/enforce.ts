import { IdentityMessages } from '@saathi/contracts';
import { httpErrors } from '../http/errors';
import type { RateLimiter, RateRule } from '../ports';

/**
 * Counts one attempt under `key` and refuses it past the rule: 429 with Retry-After and the
 * product's "Too many attempts" wording, as every per-person or per-address limit answers.
 */
export async function enforceRate(
  limiter: RateLimiter,
  key: string,
  rule: RateRule,
  now: Date,
): Promise<void> {
  const decision = await limiter.reserve(key, rule, now);
  if (!decision.allowed)
    throw httpErrors.tooManyRequests(
      IdentityMessages.tooManyAttempts,
      'RATE_LIMITED',
      decision.retryAfterSeconds,
    );
}
