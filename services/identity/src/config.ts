import { createPublicKey } from 'node:crypto';
import {
  boolVar,
  commonEnvSchema,
  infraEnvSchema,
  mailTokenKeyVar,
  pemVar,
  portVar,
  trustProxyVar,
} from '@saathi/platform';
import { MAX_ACCESS_TOKEN_TTL_SECONDS } from '@saathi/contracts';
import { z } from 'zod';

const positiveInt = (defaultValue: number) => z.coerce.number().int().positive().default(defaultValue);

/** Identity's environment (the only module that knows env names). */
export const configSchema = commonEnvSchema
  .extend(infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true }).shape)
  .extend({
    PORT: portVar(4001),
    /** ES256 private key (PEM inline, `\n`-escaped, or `file:<path>`) that signs access tokens. */
    JWT_PRIVATE_KEY: pemVar(),
    /** Optional; derived from the private key when absent. */
    JWT_PUBLIC_KEY: pemVar().optional(),
    /**
     * AES-256 key (base64 of 32 bytes, or `file:<path>`) shared with notification only: mailed
     * one-time tokens travel sealed with it through the bus and the mail queue.
     */
    MAIL_TOKEN_KEY: mailTokenKeyVar(),
    /** At most MAX_ACCESS_TOKEN_TTL_SECONDS: services replay that much of the revocations at start. */
    ACCESS_TOKEN_TTL_SECONDS: positiveInt(600).pipe(z.number().max(MAX_ACCESS_TOKEN_TTL_SECONDS)),
    REFRESH_TOKEN_TTL_DAYS: positiveInt(30),
    /**
     * How long after a rotation the previous refresh token still renews the access token (two
     * tabs refreshing at once) instead of counting as reuse of a stolen token. 0 turns it off.
     */
    REFRESH_ROTATION_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    /**
     * How long a signed-in lookup (session + user) may be reused. Writes in this process clear it
     * at once; other replicas may lag a logout by this much. 0 turns the cache off.
     */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** `Secure` on the session cookies; true whenever the site is served over https. */
    COOKIE_SECURE: boolVar(false),
    /**
     * Whose X-Forwarded-For to believe for the client address (per-IP rate limits): `true`,
     * `false`, or comma-separated addresses/CIDRs/`loopback`. Only the gateway's: by default the
     * gateway on this machine (embedded mode, start:cluster). In a cluster, the gateway's
     * addresses — and only if nothing else can connect (the network policies in k8s/base), since anyone
     * who can may claim any address.
     */
    TRUST_PROXY: trustProxyVar('loopback'),
    /**
     * Comma-separated e-mails that get the admin role once the address is verified (checked at
     * every sign-in and session refresh).
     */
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Where the browser reaches the site: reset links and the Google redirect URI are built from it. */
    PUBLIC_ORIGIN: z
      .url()
      .default('http://localhost:3000')
      .transform((value) => value.replace(/\/+$/, '')),
    /**
     * Where the data-export job reaches the other services' `/api/export/*` routes: the gateway,
     * as seen from identity. Default PUBLIC_ORIGIN (embedded mode and `start:cluster`, where the
     * gateway is that origin); in Kubernetes the gateway's Service, e.g. `http://gateway:3000`.
     */
    EXPORT_PARTS_URL: z
      .url()
      .optional()
      .transform((value) => value?.replace(/\/+$/, '')),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Default `${PUBLIC_ORIGIN}/api/auth/google/callback`. */
    GOOGLE_REDIRECT_URI: z.url().optional(),
    /** argon2id cost: memory in KiB (≥ 19456) and passes (≥ 2). */
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(19_456).default(19_456),
    ARGON2_TIME_COST: z.coerce.number().int().min(2).default(2),
    RATE_LIMIT_LOGIN_PER_IP: positiveInt(30),
    /**
     * Failed sign-ins per account across every address, per RATE_LIMIT_LOGIN_PER_ACCOUNT_WINDOW_SECONDS.
     * High on purpose: reaching it refuses the owner too (unless their browser shows the
     * account's device cookie), so it only stops guessing spread over many addresses. Only an
     * address's first RATE_LIMIT_LOGIN_PER_ACCOUNT_IP failures per window fill it.
     */
    RATE_LIMIT_LOGIN_PER_ACCOUNT: positiveInt(100),
    RATE_LIMIT_LOGIN_PER_ACCOUNT_WINDOW_SECONDS: positiveInt(3600),
    /**
     * Failed sign-ins per account from one address before each further attempt from there must
     * wait LOGIN_BACKOFF_BASE_SECONDS, doubling up to LOGIN_BACKOFF_MAX_SECONDS (429 with
     * Retry-After meanwhile). A right password clears it; other addresses are not affected.
     * Also the wrong passwords one device cookie may carry per account window past the
     * account-wide cap.
     */
    RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: positiveInt(5),
    LOGIN_BACKOFF_BASE_SECONDS: positiveInt(1),
    LOGIN_BACKOFF_MAX_SECONDS: positiveInt(900),
    RATE_LIMIT_REGISTER_PER_IP: positiveInt(10),
    RATE_LIMIT_FORGOT_PER_IP: positiveInt(10),
    /**
     * At most one reset mail per address per this many seconds. A short cooldown, not a block:
     * a stranger asking for someone else's reset can delay their next mail by this much at most.
     */
    FORGOT_PASSWORD_COOLDOWN_SECONDS: positiveInt(60),
    /** "Resend verification email" per account (each one sends a mail). */
    RATE_LIMIT_VERIFY_EMAIL_PER_ACCOUNT: positiveInt(3),
    /** Window of every limit above but the per-account one, in seconds. */
    RATE_LIMIT_WINDOW_SECONDS: positiveInt(900),
    /** Profile-image uploads per user per hour (each one is decoded and re-encoded). */
    UPLOADS_PER_HOUR: positiveInt(10),
    /** Uploaded images a user may keep; images no profile uses are deleted after a day. */
    UPLOADED_IMAGES_MAX: positiveInt(20),
  });
export type Config = z.infer<typeof configSchema>;

export function publicKeyOf(config: Pick<Config, 'JWT_PRIVATE_KEY' | 'JWT_PUBLIC_KEY'>): string {
  return (
    config.JWT_PUBLIC_KEY ??
    createPublicKey(config.JWT_PRIVATE_KEY).export({ type: 'spki', format: 'pem' }).toString()
  );
}
