import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HEADING_HTML, HOME_SCREEN_COOKIE, dailyQuestionFor } from '@saathi/contracts';
import { allAt, closers, startFakeService, startGateway } from './test-upstreams';

const { track, closeAll } = closers();
let gatewayUrl: string;
const MAIN_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'saathi-web-delivery-'));
  mkdirSync(path.join(webDist, 'assets'));
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Saathi</title><style>body{margin:0}</style><script type="module" src="/assets/index-abc.js"></script></head>' +
      '<body><div id="root"><div><header>Saathi</header></div></div><script>boot()</script></body></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), MAIN_JS);
  writeFileSync(path.join(webDist, 'assets', 'index-abc.js.br'), brotliCompressSync(MAIN_JS));
  writeFileSync(path.join(webDist, 'assets', 'index-abc.js.gz'), gzipSync(MAIN_JS));
  writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-1.js' },
      'src/pages/auth-page.tsx': { file: 'assets/auth-page-2.js', imports: ['_shared.js', '_forms.js'] },
      '_forms.js': { file: 'assets/forms-3.js', css: ['assets/forms-3.css'] },
      'src/pages/home-page.tsx': { file: 'assets/home-page-4.js' },
    }),
  );
  const blog = await startFakeService('blog', (app) => {
    app.get<{ Querystring: { offset?: string } }>('/api/blog/posts', (req) =>
      Number(req.query.offset ?? 0) > 0
        ? []
        : [
            { slug: 'first-run', updatedAt: '2026-11-20T10:00:00.000Z', published: true },
            { slug: 'a&b', updatedAt: 'soon', published: true },
          ].map((post) => ({ ...post, id: '', title: '', excerpt: '', tags: [], metaTitle: null })),
    );
  });
  track(() => blog.app.close());
  const gateway = await startGateway({
    upstreams: allAt(blog.url),
    webDist,
    publicOrigin: 'https://saathi.example',
  });
  track(() => gateway.app.close());
  gatewayUrl = gateway.url;
});

afterAll(closeAll);

describe('web delivery', () => {
  it('serves a hashed asset precompressed (brotli, else gzip, else plain), immutable, varying on Accept-Encoding', async () => {
    const br = await request(`${gatewayUrl}/assets/index-abc.js`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.body.arrayBuffer())).toString()).toBe(MAIN_JS);

    const gz = await request(`${gatewayUrl}/assets/index-abc.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    await gz.body.dump();
    const plain = await request(`${gatewayUrl}/assets/index-abc.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(await plain.body.text()).toBe(MAIN_JS);
  });

  it('keeps the service worker and the HTML no-cache', async () => {
    const sw = await request(`${gatewayUrl}/sw.js`);
    expect(sw.headers['cache-control']).toBe('no-cache');
    await sw.body.dump();
    const html = await request(`${gatewayUrl}/auth`, { headers: { 'accept-encoding': 'br' } });
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(html.headers['content-encoding']).toBe('br');
    expect(String(html.headers.vary)).toMatch(/accept-encoding/i);
    await html.body.dump();
  });

  it('gives each page its own CSP nonces, on its inline style and boot script, in every encoding', async () => {
    const nonceIn = (csp: string, directive: string) =>
      new RegExp(`${directive} [^;]*'nonce-([0-9a-f]{32})'`).exec(csp)?.[1];
    const seen = new Set<string>();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await request(`${gatewayUrl}/auth`, { headers: { 'accept-encoding': encoding } });
      const body = Buffer.from(await res.body.arrayBuffer());
      const html = (
        encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
      ).toString();
      const csp = String(res.headers['content-security-policy']);
      const style = nonceIn(csp, 'style-src');
      const script = nonceIn(csp, 'script-src');
      expect(html).toContain(`<style nonce="${style}">body{margin:0}</style>`);
      expect(html).toContain(`<script nonce="${script}">boot()</script>`);
      seen.add(style!).add(script!);
    }
    expect(seen.size).toBe(6);
  });

  it("names the screen's own chunks in its HTML, without repeating the entry's", async () => {
    const auth = await (await request(`${gatewayUrl}/auth`)).body.text();
    expect(auth).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-page-2.js">');
    expect(auth).toContain('href="/assets/forms-3.js"');
    expect(auth).toContain('<link rel="stylesheet" crossorigin href="/assets/forms-3.css">');
    expect(auth).not.toContain('shared-1.js');
    expect(auth).not.toContain('home-page-4.js');
    const home = await (await request(`${gatewayUrl}/`)).body.text();
    expect(home).toContain('href="/assets/home-page-4.js"');
    expect(home).not.toContain('auth-page-2.js');
    const unknown = await (await request(`${gatewayUrl}/nowhere`)).body.text();
    expect(unknown).not.toContain('modulepreload');
  });

  it("holds the sign-in screen's heading after the static header, and nothing made up for other screens", async () => {
    const auth = await (
      await request(`${gatewayUrl}/auth`, { headers: { 'accept-encoding': 'br' } })
    ).body
      .arrayBuffer()
      .then((body) => brotliDecompressSync(Buffer.from(body)).toString());
    expect(auth).toContain(
      `<header>Saathi</header><main id="main" class="flex-1 pb-8"><div class="mx-auto max-w-md px-4 py-10">`,
    );
    expect(auth).toContain(AUTH_HEADING_HTML);
    expect(auth).toContain('<h1 class="text-2xl font-semibold text-slate-900">Welcome back</h1>');
    // The tab names the screen from the first byte, not from when the app starts.
    expect(auth).toContain('<title>Sign In - Saathi</title>');
    // /AUTH is the same screen (the router matches paths case-insensitively).
    expect(await (await request(`${gatewayUrl}/AUTH?next=x`)).body.text()).toContain('Welcome back');
    // A blog story depends on its slug: no markup.
    for (const other of ['/blog/first-run', '/nowhere']) {
      const html = await (await request(`${gatewayUrl}${other}`)).body.text();
      expect(html).toContain('<header>Saathi</header></div>');
      expect(html).not.toContain('<main');
      expect(html).toContain('<title>Saathi</title>');
    }
  });

  it("holds home's feed with the day's question for the feed cookie, else the location notice", async () => {
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await request(`${gatewayUrl}${path}`, { headers });
      return { headers: answer.headers, html: await answer.body.text() };
    };
    const question = dailyQuestionFor(new Date()).replace(/'/g, '&#x27;');
    const feed = await get('/', {
      cookie: `theme=dark; ${HOME_SCREEN_COOKIE}=feed`,
      'sec-fetch-mode': 'navigate',
    });
    expect(feed.html).toContain(
      '<header>Saathi</header><main id="main" class="flex-1 pb-8" inert=""><div class="mx-auto max-w-5xl px-4 py-6">',
    );
    expect(feed.html).toContain(`<p class="mt-2 text-lg font-semibold text-slate-900">${question}</p>`);
    expect(feed.html).toMatch(/<section aria-label="Community activity" data-community-count="[1-8]"/);
    expect(feed.html).not.toContain('Location Access Required');
    expect((await get('/home', { cookie: `${HOME_SCREEN_COOKIE}=feed` })).html).toContain(question);

    // No cookie (a first visit) or any other value: the notice a visitor without a location sees.
    for (const cookie of [undefined, `${HOME_SCREEN_COOKIE}=28.6,77.2`, `${HOME_SCREEN_COOKIE}=feedx`]) {
      const { html } = await get('/', cookie ? { cookie } : {});
      expect(html, String(cookie)).toContain('Location Access Required</h1>');
      expect(html).not.toContain('Question of the Day');
    }

    // The HTML varies by cookie: private, and saying so, for home only.
    expect(feed.headers['cache-control']).toBe('private, no-cache');
    expect(String(feed.headers.vary)).toMatch(/\bcookie\b/i);
    expect(String(feed.headers.vary)).toMatch(/accept-encoding/i);
    const auth = await get('/auth', { cookie: `${HOME_SCREEN_COOKIE}=feed` });
    expect(auth.headers['cache-control']).toBe('no-cache');
    expect(String(auth.headers.vary)).not.toMatch(/cookie/i);
    expect(auth.html).toContain('Welcome back');
    expect(auth.html).not.toContain('Question of the Day');

    // The service worker's copy of `/` (its offline shell for every screen) is not a navigation.
    const shell = await get('/', { cookie: `${HOME_SCREEN_COOKIE}=feed`, 'sec-fetch-mode': 'cors' });
    expect(shell.html).toContain('<header>Saathi</header></div>');
    expect(shell.html).not.toContain('<main');
  });

  it('answers /robots.txt as text naming the sitemap, and /sitemap.xml listing the blog stories', async () => {
    const robots = await request(`${gatewayUrl}/robots.txt`);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    const robotsText = await robots.body.text();
    expect(robotsText).toContain('User-agent: *');
    expect(robotsText).toContain('Disallow: /api/');
    expect(robotsText).toContain('Sitemap: https://saathi.example/sitemap.xml');

    const sitemap = await request(`${gatewayUrl}/sitemap.xml`);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const xml = await sitemap.body.text();
    expect(xml).toContain('<loc>https://saathi.example/blog</loc>');
    expect(xml).toContain('<loc>https://saathi.example/blog/first-run</loc><lastmod>2026-11-20</lastmod>');
    expect(xml).toContain('<loc>https://saathi.example/blog/a%26b</loc></url>');
  });
});
