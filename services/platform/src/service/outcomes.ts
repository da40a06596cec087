import { IdentityMessages } from '@saathi/contracts';
import type { RateLimiter, RateRule } from '../ports';

/**
 * Named outcomes: how a use case says "no" in the domain's words, whoever called it (a route, an
 * event consumer, a job). Each carries the exact message a person sees; the HTTP layer maps the
 * kind to a status in one place (`http/error-handler.ts`, `OUTCOME_STATUS`), so a use case never
 * knows about status codes and a consumer or job can call it like any function.
 */
export type OutcomeKind =
  'invalid' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'gone' | 'too-large' | 'rate-limited';

/** The HTTP answer of each outcome, when a route's use case ends with it. */
export const OUTCOME_STATUS: Readonly<Record<OutcomeKind, number>> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'rate-limited': 429,
};

/** A use case's refusal: its kind, the person's message, and an optional machine code. */
export class Outcome extends Error {
  readonly kind: OutcomeKind;
  readonly code: string | undefined;
  /** Only for `rate-limited`: whole seconds until trying again is allowed (Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: OutcomeKind,
    message: string,
    options: { code?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'Outcome';
    this.kind = kind;
    this.code = options.code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isOutcome(value: unknown): value is Outcome {
  return value instanceof Outcome;
}

/** Throw these from a use case: `throw outcomes.notFound(ModerationMessages.itemGone)`. */
export const outcomes = {
  invalid: (message: string, code?: string) => new Outcome('invalid', message, code ? { code } : {}),
  unauthorized: (message = 'Unauthorized', code?: string) =>
    new Outcome('unauthorized', message, code ? { code } : {}),
  forbidden: (message = 'Forbidden', code?: string) =>
    new Outcome('forbidden', message, code ? { code } : {}),
  notFound: (message = 'Not Found', code?: string) => new Outcome('not-found', message, code ? { code } : {}),
  conflict: (message: string, code?: string) => new Outcome('conflict', message, code ? { code } : {}),
  gone: (message: string, code?: string) => new Outcome('gone', message, code ? { code } : {}),
  tooLarge: (message: string, code?: string) => new Outcome('too-large', message, code ? { code } : {}),
  rateLimited: (message: string, retryAfterSeconds?: number, code?: string) =>
    new Outcome('rate-limited', message, {
      ...(code ? { code } : {}),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    }),
} as const;

/**
 * Counts one attempt under `key` and refuses it past the rule with the product's "Too many
 * attempts" wording, 429 with Retry-After once the error handler maps it.
 */
export async function withinRate(
  limiter: RateLimiter,
  key: string,
  rule: RateRule,
  now: Date,
): Promise<void> {
  const decision = await limiter.reserve(key, rule, now);
  if (!decision.allowed)
    throw outcomes.rateLimited(IdentityMessages.tooManyAttempts, decision.retryAfterSeconds, 'RATE_LIMITED');
}
