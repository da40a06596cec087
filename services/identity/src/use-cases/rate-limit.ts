import { createHash } from 'node:crypto';
import { enforceRate } from '@saathi/platform';
import type { RateDecision, RateLimiter, RateRule } from '@saathi/platform';

/** Every kind of attempt identity limits; each has its rule in config. */
export type LimitName =
  | 'loginPerIp'
  | 'loginPerAccount'
  | 'loginPerAccountIp'
  | 'registerPerIp'
  | 'forgotPerIp'
  | 'forgotPerEmail'
  | 'verifyEmailPerAccount'
  | 'uploadsPerUser';

/**
 * Identity's attempt limits: a rule per kind of attempt, counted in the shared RateLimiter
 * (Redis in cluster mode, so replicas agree). Keys are hashed: the store never holds e-mail
 * addresses or identifiers, and attacker-chosen strings cannot make keys large.
 */
export class AttemptLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly rules: Record<LimitName, RateRule>,
  ) {}

  private key(name: LimitName, parts: readonly string[]): string {
    return `${name}:${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 22)}`;
  }

  /** Counts one attempt before the work it guards; refuses (without counting) past the rule. */
  reserve(name: LimitName, parts: readonly string[], now: Date): Promise<RateDecision> {
    return this.limiter.reserve(this.key(name, parts), this.rules[name], now);
  }

  /** `reserve`, answering 429 with Retry-After when refused. */
  enforce(name: LimitName, parts: readonly string[], now: Date): Promise<void> {
    return enforceRate(this.limiter, this.key(name, parts), this.rules[name], now);
  }

  /**
   * One password guess at `account` from `client` (an `addressKey`): counted per account across
   * every address and per account and address, refused past either. A guess the per-address
   * rule refuses is given back to the account-wide count: it was never tried.
   */
  async enforcePasswordGuess(account: string, client: string, now: Date): Promise<void> {
    await this.enforce('loginPerAccount', [account], now);
    try {
      await this.enforce('loginPerAccountIp', [account, client], now);
    } catch (error) {
      await this.refund('loginPerAccount', [account]);
      throw error;
    }
  }

  /** Gives back an attempt that turned out not to count (e.g. the right password). */
  refund(name: LimitName, parts: readonly string[]): Promise<void> {
    return this.limiter.refund(this.key(name, parts));
  }

  /** Forgets the count and any back-off wait. */
  reset(name: LimitName, parts: readonly string[]): Promise<void> {
    return this.limiter.reset(this.key(name, parts));
  }
}
