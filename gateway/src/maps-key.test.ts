import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@saathi/platform';
import { gatewayEnvSchema } from './config';
import { allAt, buildTestGateway, closers } from './test-upstreams';

const { track, closeAll } = closers();
afterAll(closeAll);

const webDist = mkdtempSync(path.join(tmpdir(), 'saathi-maps-key-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');

async function pageWith(mapsBrowserKey?: string): Promise<string> {
  const app = await buildTestGateway({
    upstreams: allAt('http://127.0.0.1:9'),
    webDist,
    ...(mapsBrowserKey ? { mapsBrowserKey } : {}),
  });
  track(() => app.close());
  const response = await app.inject({ url: '/home' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('the Maps browser key', () => {
  it('is written into every page when configured, and nothing is without it', async () => {
    expect(await pageWith('AIzaTest_key-123')).toContain(
      '<meta name="saathi-maps-key" content="AIzaTest_key-123"></head>',
    );
    expect(await pageWith()).not.toContain('saathi-maps-key');
  });

  it('is read from MAPS_BROWSER_KEY: empty means none, anything but key characters is refused', () => {
    const load = (value: string) =>
      loadConfig(gatewayEnvSchema, { MAPS_BROWSER_KEY: value }, { exit: false });
    expect(load('AIzaTest_key-123').MAPS_BROWSER_KEY).toBe('AIzaTest_key-123');
    expect(load('').MAPS_BROWSER_KEY).toBeUndefined();
    expect(() => load('"><script>alert(1)</script>')).toThrow(/MAPS_BROWSER_KEY/);
  });
});
