/**
 * What the run's shared products (shared-products.ts) are configured with, in one place the
 * test files read too.
 */

export type Mode = 'embedded' | 'cluster';

export interface SharedProductInfo {
  url: string;
  /** Where the product's mails land as `.eml` files (filter by recipient: every file's mail is here). */
  mailDir: string;
  /** Cluster mode: the product's own database (tests read what a service stored). */
  databaseUrl?: string;
  /** Cluster mode: each process's port, e.g. `feed` → 21002 (its /metrics). */
  ports?: Record<string, number>;
}

/**
 * One admin address per file that needs one. A product lives for one run and each file signs its
 * admin up once per product, so fixed addresses cannot meet an earlier run or another file.
 */
export const SHARED_ADMINS = {
  feed: 'feed.admin@e2e.example.com',
  safety: 'moderator@e2e.example.com',
  xss: 'xss.admin@e2e.example.com',
} as const;

/**
 * Every browser test reaches the product from 127.0.0.1, so the per-address limits, meant for
 * one person, would be shared by the whole suite: they are raised here. No shared-product test is
 * about those limits; the tests that are (gateway/src/edge-limit.test.ts, identity's
 * sign-in-limits and the reliability abuse test) run on their own configuration.
 */
export const SHARED_PRODUCT_ENV: Record<string, string> = {
  ADMIN_EMAILS: Object.values(SHARED_ADMINS).join(','),
  RATE_LIMIT_PER_MINUTE: '100000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  RATE_LIMIT_REGISTER_PER_IP: '100000',
  RATE_LIMIT_LOGIN_PER_IP: '100000',
  RATE_LIMIT_FORGOT_PER_IP: '100000',
  // Web Push to a push service the browser test runs on 127.0.0.1 (web/e2e/push-kit.ts); real
  // subscriptions are on the browsers' push services, which a test must not reach.
  PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
};
