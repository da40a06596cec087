import { describe, expect, it } from 'vitest';
import { loadConfig } from '@saathi/platform';
import { gatewayEnvSchema } from './config';

describe('gateway config', () => {
  it('defaults to the local service ports, the built web app and an edge log of failures', () => {
    const config = loadConfig(gatewayEnvSchema, {}, { exit: false });
    expect(config).toMatchObject({
      PORT: 3000,
      IDENTITY_URL: 'http://127.0.0.1:4001',
      FEED_URL: 'http://127.0.0.1:4002',
      MESSAGING_URL: 'http://127.0.0.1:4003',
      BLOG_URL: 'http://127.0.0.1:4004',
      NOTIFICATION_URL: 'http://127.0.0.1:4005',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ACCESS_LOG: 'errors',
      RATE_LIMIT_PER_MINUTE: 600,
      AUTH_RATE_LIMIT_PER_MINUTE: 10,
    });
    expect(config.WEB_DIST).toMatch(/[\\/]web[\\/]dist$/);
    expect(config.JWT_PUBLIC_KEY).toBeUndefined();
  });

  it('rejects a malformed upstream URL', () => {
    expect(() => loadConfig(gatewayEnvSchema, { FEED_URL: 'not a url' }, { exit: false })).toThrow(
      /FEED_URL/,
    );
  });
});
