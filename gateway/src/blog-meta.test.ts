import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogSlugOfPath, withBlogMeta } from './blog-meta';
import { escapeHtml } from './html-head';
import { allAt, closers, startFakeService, startGateway } from './test-upstreams';

const TITLE = 'Cats < Dogs & "Friends" \'forever\' $& </title><script>alert(1)</script>';
const DESCRIPTION = 'A "story" <b>about</b> pets & partners';

const { track, closeAll } = closers();
let gatewayUrl: string;
const metaCalls: string[] = [];

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'saathi-web-blog-'));
  mkdirSync(path.join(webDist, 'assets'));
  // The built index.html's head, as Vite writes it (the description spans lines).
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head>\n<meta\n  name="description"\n  content="Saathi helps you find activity partners."\n/>\n<title>Saathi</title></head><body><div id="root"></div></body></html>',
  );
  const blog = await startFakeService('blog', (app) => {
    app.get<{ Params: { slug: string } }>('/api/blog/posts/:slug/meta', (request, reply) => {
      metaCalls.push(request.params.slug);
      if (request.params.slug !== 'pets-story')
        return reply.code(404).send({ message: 'Blog post not found' });
      return {
        slug: 'pets-story',
        title: TITLE,
        description: DESCRIPTION,
        publishedAt: '2026-11-20T10:00:00.000Z',
      };
    });
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

const between = (html: string, start: string, end: string) => {
  const from = html.indexOf(start);
  return from === -1 ? null : html.slice(from + start.length, html.indexOf(end, from + start.length));
};

describe('server-side head tags for /blog/:slug', () => {
  it('puts the escaped title and description into <title>, description, Open Graph and Twitter tags', async () => {
    const response = await fetch(`${gatewayUrl}/blog/pets-story`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    const escapedTitle = escapeHtml(`${TITLE} | Saathi Blog`);
    expect(between(html, '<title>', '</title>')).toBe(escapedTitle);
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
    expect(html).toContain(`<meta name="twitter:title" content="${escapedTitle}" />`);
    expect(html).toContain(`<meta property="og:description" content="${escapeHtml(DESCRIPTION)}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:url" content="https://saathi.example/blog/pets-story" />');
    // The story's description replaces the app's; nothing of the title is left raw.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('"Friends"');
    expect(escapedTitle).toContain('Cats &lt; Dogs &amp; &quot;Friends&quot; &#39;forever&#39; $&amp;');
  });

  it('serves the plain index.html for an unknown or malformed slug, and for other paths', async () => {
    for (const url of ['/blog/no-such-story', '/blog/Not%20A%20Slug', '/blog', '/home']) {
      const response = await fetch(`${gatewayUrl}${url}`);
      expect(response.status, url).toBe(200);
      const html = await response.text();
      expect(between(html, '<title>', '</title>'), url).toBe('Saathi');
      expect(html, url).not.toContain('og:title');
    }
    expect(metaCalls).not.toContain('Not A Slug');
  });

  it('asks the blog once per story while the answer is fresh', async () => {
    const before = metaCalls.filter((slug) => slug === 'pets-story').length;
    await fetch(`${gatewayUrl}/blog/pets-story`).then((r) => r.text());
    await fetch(`${gatewayUrl}/blog/pets-story`).then((r) => r.text());
    expect(before).toBe(1); // the first test's request
    expect(metaCalls.filter((slug) => slug === 'pets-story').length).toBe(1);
  });
});

describe('blog head helpers', () => {
  it('reads a slug only from /blog/<slug>', () => {
    expect(blogSlugOfPath('/blog/how-saathi-works')).toBe('how-saathi-works');
    expect(blogSlugOfPath('/blog/how-saathi-works/')).toBe('how-saathi-works');
    expect(blogSlugOfPath('/blog')).toBeNull();
    expect(blogSlugOfPath('/blog/a/b')).toBeNull();
    expect(blogSlugOfPath('/blog/%3Cscript%3E')).toBeNull();
  });

  it('keeps replacement patterns in a title literal', () => {
    const html = withBlogMeta(
      '<head><title>Saathi</title></head>',
      { slug: 's', title: "$' $` $&", description: 'd', publishedAt: '' },
      'https://x/blog/s',
    );
    expect(html).toContain('<title>$&#39; $` $&amp; | Saathi Blog</title>');
  });

  it("works on the web app's index.html", () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
    const html = withBlogMeta(source, { slug: 's', title: 'T', description: 'D', publishedAt: '' }, 'u');
    expect(html).toContain('<title>T | Saathi Blog</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });
});
