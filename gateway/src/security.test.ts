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

  it('runs scripts from the site, the one inline boot script by its hash, and what carries the response’s nonce: no Google host', async () => {
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    const [self, boot, nonce, ...more] = await directive('script-src');
    expect([self, boot, more]).toEqual(["'self'", `'sha256-${hash}'`, []]);
    expect(nonce).toMatch(/^'nonce-[0-9a-f]{32}'$/);
  });

  it('admits inline styles only by the response’s nonce, never as unsafe-inline', async () => {
    const styles = await directive('style-src');
    expect(styles).not.toContain("'unsafe-inline'");
    expect(styles).toEqual([
      "'self'",
      expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/),
      'https://fonts.googleapis.com',
    ]);
  });

  it('gives every response nonces of its own, different for scripts and styles', async () => {
    const nonces = async () => {
      const csp = String((await app.inject('/')).headers['content-security-policy']);
      return [...csp.matchAll(/'nonce-([0-9a-f]+)'/g)].map((match) => match[1]);
    };
    const [first, second] = [await nonces(), await nonces()];
    expect(first).toHaveLength(2);
    expect(new Set([...first, ...second]).size).toBe(4);
  });

  it('names no wildcard host anywhere', async () => {
    const csp = String((await app.inject('/')).headers['content-security-policy']);
    expect(csp).not.toContain('*');
  });
});
