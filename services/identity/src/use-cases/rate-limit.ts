import { createHash } from 'node:crypto';
import { withinRate } from '@saathi/platform';
import type { RateDecision, RateLimiter, RateRule } from '@saathi/platform';

/** Every kind of attempt identity limits; each has its rule in config. */
export type LimitName =
  | 'loginPerIp'
  | 'loginPerAccount'
  | 'loginPerAccountIp'
  | 'loginCountedPerAccountIp'
  | 'loginPerDevice'
  | 'registerPerIp'
  | 'forgotPerIp'
  | 'forgotPerEmail'
  | 'verifyEmailPerAccount'
  | 'uploadsPerUser';

/** A reserved password guess. */
export interface PasswordGuess {
  /** The password was right: the guess is given back and this address's wait cleared. */
  succeeded(): Promise<void>;
}

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

  /** `reserve`, refused (rate-limited, with Retry-After) past the rule. */
  enforce(name: LimitName, parts: readonly string[], now: Date): Promise<void> {
    return withinRate(this.limiter, this.key(name, parts), this.rules[name], now);
  }

  /**
   * One password guess at `account` from `client` (an `addressKey`), reserved before the
   * password is checked; call `succeeded` on the returned guess when it was right.
   *
   * Counted per account and address (refused, with a growing wait, past that rule) and per
   * account across every address (refused past the cap), but:
   * - only the first guesses of each address (the per-account-per-address figure, per window)
   *   add to the account-wide count: later ones come from an address already in back-off, still
   *   held by the cap but not filling it, so one address waiting out its back-off cannot lock the
   *   owner out;
   * - a guess with a valid device token of this account (`device`, the token's id) is not held
   *   by the account-wide cap at all, so strangers filling it never lock out the owner's own
   *   browser. Its guesses are counted per token instead; past that rule the token counts for
   *   nothing for the window, so a stolen one is no unlimited guessing oracle.
   */
  async enforcePasswordGuess(
    account: string,
    client: string,
    now: Date,
    device?: string,
  ): Promise<PasswordGuess> {
    const deviceKey = device === undefined ? null : [account, device];
    const byDevice = deviceKey !== null && (await this.reserve('loginPerDevice', deviceKey, now)).allowed;
    if (!byDevice) await this.enforce('loginPerAccount', [account], now);
    let countedForAccount = !byDevice;
    try {
      await this.enforce('loginPerAccountIp', [account, client], now);
    } catch (error) {
      // Refused per address: never tried, so given back everywhere it was counted.
      if (byDevice) await this.refund('loginPerDevice', deviceKey);
      else await this.refund('loginPerAccount', [account]);
      throw error;
    }
    if (!byDevice && !(await this.reserve('loginCountedPerAccountIp', [account, client], now)).allowed) {
      // Past its share, this address is in back-off: held by the cap like any guess, not filling it.
      await this.refund('loginPerAccount', [account]);
      countedForAccount = false;
    }
    return {
      succeeded: async () => {
        await Promise.all([
          countedForAccount ? this.refund('loginPerAccount', [account]) : undefined,
          this.reset('loginPerAccountIp', [account, client]),
          this.reset('loginCountedPerAccountIp', [account, client]),
          byDevice ? this.reset('loginPerDevice', deviceKey) : undefined,
        ]);
      },
    };
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
