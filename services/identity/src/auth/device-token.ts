import { createHmac, createPrivateKey, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { loginRoute } from '@saathi/contracts';
import type { Clock } from '@saathi/platform';

export const DEVICE_COOKIE = 'saathi_dt';
/** Only the password sign-in reads it, so no other request carries it. */
export const DEVICE_COOKIE_PATH = loginRoute.path;
/** A device is remembered for a year after its last successful sign-in. */
export const DEVICE_TOKEN_TTL_SECONDS = 365 * 86_400;

/** A valid device token: whose browser it is, and its own id (each token's guesses are counted apart). */
export interface DeviceToken {
  userId: string;
  id: string;
}

const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/;
/** How far ahead of this replica's clock an issue time may be (another replica's clock). */
const CLOCK_SKEW_SECONDS = 300;

/**
 * OWASP's "device cookies": a browser that signed in to an account with its password gets a
 * token naming that account, so a later sign-in from it is not refused by the account-wide cap
 * that strangers' guesses can fill. Stateless: `<userId>.<issued>.<id>.<HMAC-SHA256>`.
 *
 * The HMAC key is derived (HKDF, a label of its own) from the access-token signing key, the one
 * secret only identity holds and every launcher already makes; MAIL_TOKEN_KEY is shared with
 * notification, which must not be able to mint these. A new signing key retires every device
 * token: browsers are then held like any other until their next sign-in.
 */
export class DeviceTokens {
  private readonly key: Buffer;

  constructor(
    signingKeyPem: string,
    private readonly clock: Clock,
    private readonly cookieSecure: boolean,
  ) {
    const der = createPrivateKey(signingKeyPem).export({ type: 'pkcs8', format: 'der' });
    this.key = Buffer.from(hkdfSync('sha256', der, Buffer.alloc(0), 'saathi identity device token v1', 32));
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  issue(userId: string): string {
    const issued = Math.floor(this.clock.now().getTime() / 1000);
    const payload = `${userId}.${issued}.${randomBytes(16).toString('base64url')}`;
    return `${payload}.${this.mac(payload)}`;
  }

  /** The token's id when it is genuine, unexpired and names `userId`; otherwise null. */
  verifyFor(token: string | undefined, userId: string): DeviceToken | null {
    const match = token ? TOKEN.exec(token) : null;
    if (!match) return null;
    const [, named, issued, id, mac] = match as unknown as [string, string, string, string, string];
    const expected = Buffer.from(this.mac(`${named}.${issued}.${id}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const age = Math.floor(this.clock.now().getTime() / 1000) - Number(issued);
    if (age >= DEVICE_TOKEN_TTL_SECONDS || age < -CLOCK_SKEW_SECONDS) return null;
    return named === userId.toLowerCase() ? { userId: named, id } : null;
  }

  fromRequest(request: FastifyRequest): string | undefined {
    return request.cookies[DEVICE_COOKIE];
  }

  private cookieOptions(): CookieSerializeOptions {
    // Strict: the sign-in form posts from the site itself, never from elsewhere.
    return { httpOnly: true, sameSite: 'strict', secure: this.cookieSecure, path: DEVICE_COOKIE_PATH };
  }

  /** A fresh token for this browser (also renewing the year); sign-out leaves it, it names the device. */
  setCookie(reply: FastifyReply, userId: string): void {
    void reply.setCookie(DEVICE_COOKIE, this.issue(userId), {
      ...this.cookieOptions(),
      maxAge: DEVICE_TOKEN_TTL_SECONDS,
    });
  }

  clearCookie(reply: FastifyReply): void {
    void reply.clearCookie(DEVICE_COOKIE, this.cookieOptions());
  }
}
