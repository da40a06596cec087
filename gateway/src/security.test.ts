import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '@saathi/contracts';
import { registerSecurityHeaders } from './security';

const app = Fastify();
beforeAll(async () => {
  await registerSecurityHeaders(app);
  app.get('/', () => 'page');
  await app.ready();
});
afterAll(() => app.close());

async function directive(name: string): Promise<string[]> {
  const csp = String((await app.inject('/')).headers['content-security-policy']);
  const found = csp.split(';').find((part) => part.trim().startsWith(`${name} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

describe('content security policy', () => {
  it('lets pages show images only from the site, data URLs, the map hosts and Google account pictures', async () => {
    expect(await directive('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://maps.googleapis.com',
      'https://maps.gstatic.com',
      'https://lh3.googleusercontent.com',
    ]);
  });

  it('runs scripts from the site, the map host and the one inline boot script, by its hash', async () => {
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(await directive('script-src')).toEqual([
      "'self'",
      `'sha256-${hash}'`,
      'https://maps.googleapis.com',
    ]);
  });

  it('names no wildcard host anywhere', async () => {
    const csp = String((await app.inject('/')).headers['content-security-policy']);
    expect(csp).not.toContain('*');
  });
});
