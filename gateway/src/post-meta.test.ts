import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from './html-head';
import { openingOf, postIdOfPath, postPageTitle, withPostMeta } from './post-meta';
import { allAt, closers, startFakeService, startGateway } from './test-upstreams';

const POST_ID = '6f1c2a4e-8b7d-4c3e-9a10-2b3c4d5e6f70';
const GONE_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const PHOTO_POST_ID = '7a2d3b5f-9c8e-4d4f-8b21-3c4d5e6f7081';
const PHOTO_ID = '8b3e4c6a-0d9f-4e5a-9c32-4d5e6f708192';
// Markup, quotes of both kinds, a replacement pattern and an emoji (two UTF-16 units) as the 150th character.
const OPENING = `<script>alert("hi")</script> Anyone up for 'badminton' & chai? $& `;
const CONTENT = `${OPENING}${'x'.repeat(149 - OPENING.length)}🏸 tail that is cut`;
const AUTHOR = 'Riya "R" <b>K</b>';

// The feed's answer carries the stored point; none of it may reach the page.
const post = {
  id: POST_ID,
  content: CONTENT,
  authorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  authorName: AUTHOR,
  authorInitials: 'RK',
  hashtags: ['fitness'],
  likes: 0,
  reactions: {},
  likedByMe: false,
  myReactions: [],
  commentCount: 0,
  distanceKm: null,
  latitude: 12.972,
  longitude: 77.594,
  locationName: 'Bengaluru',
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-12-28T10:00:00.000Z',
  editedAt: null,
};

const { track, closeAll } = closers();
let gatewayUrl: string;
const lookups: string[] = [];

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'saathi-web-post-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head>\n<meta\n  name="description"\n  content="Saathi helps you find activity partners."\n/>\n<title>Saathi</title></head><body><div id="root"></div></body></html>',
  );
  const feed = await startFakeService('feed', (app) => {
    app.get<{ Params: { id: string } }>('/api/posts/:id', (request, reply) => {
      lookups.push(request.params.id);
      if (request.params.id === PHOTO_POST_ID)
        return {
          ...post,
          id: PHOTO_POST_ID,
          content: 'Sunrise trek, photo from last week',
          photos: [
            { id: PHOTO_ID, width: 1280, height: 960 },
            { id: GONE_ID, width: 960, height: 1280 },
          ],
        };
      if (request.params.id !== POST_ID) return reply.code(404).send({ message: 'Post not found' });
      return post;
    });
  });
  track(() => feed.app.close());
  const gateway = await startGateway({
    upstreams: allAt(feed.url),
    webDist,
    publicOrigin: 'https://saathi.example',
  });
  track(() => gateway.app.close());
  gatewayUrl = gateway.url;
});
afterAll(closeAll);

const metaContent = (html: string, attribute: string) =>
  new RegExp(`<meta ${attribute} content="([^"]*)" />`).exec(html)?.[1];

describe('server-side head tags for /post/:id', () => {
  it('gives a shared post its Open Graph and Twitter tags, escaped, with the area and nothing finer', async () => {
    const response = await fetch(`${gatewayUrl}/post/${POST_ID}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();

    const title = escapeHtml(`${AUTHOR} is looking for a partner in Bengaluru | Saathi`);
    expect(metaContent(html, 'property="og:title"')).toBe(title);
    expect(metaContent(html, 'name="twitter:title"')).toBe(title);
    expect(html).toContain(`<title>${title}</title>`);

    // The first 150 characters (the emoji at 150 kept whole), escaped.
    const opening = Array.from(CONTENT).slice(0, 150).join('');
    expect(Array.from(opening)).toHaveLength(150);
    expect(opening.endsWith('🏸')).toBe(true);
    expect(metaContent(html, 'property="og:description"')).toBe(escapeHtml(opening));
    expect(metaContent(html, 'name="twitter:description"')).toBe(escapeHtml(opening));
    expect(html).not.toContain('tail that is cut');

    expect(metaContent(html, 'property="og:url"')).toBe(`https://saathi.example/post/${POST_ID}`);
    expect(metaContent(html, 'name="twitter:card"')).toBe('summary');
    expect(metaContent(html, 'property="og:image"')).toBe('https://saathi.example/icons/icon-512.png');
    expect(html.match(/name="description"/g)).toHaveLength(1);

    // No raw markup or quote from the post or the name: the only <script> is none at all here.
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('"hi"');
    expect(html).not.toContain("'badminton'");
    expect(html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;');
    // The stored point never reaches the page.
    expect(html).not.toContain('12.972');
    expect(html).not.toContain('77.594');
  });

  it("shows a post's first photo in its card, large, with its size", async () => {
    const html = await (await fetch(`${gatewayUrl}/post/${PHOTO_POST_ID}`)).text();
    const image = `https://saathi.example/api/post-photos/${PHOTO_ID}?size=full`;
    expect(metaContent(html, 'property="og:image"')).toBe(escapeHtml(image));
    expect(metaContent(html, 'name="twitter:image"')).toBe(escapeHtml(image));
    expect(metaContent(html, 'property="og:image:width"')).toBe('1280');
    expect(metaContent(html, 'property="og:image:height"')).toBe('960');
    expect(metaContent(html, 'name="twitter:card"')).toBe('summary_large_image');
    expect(html).not.toContain(GONE_ID);
    expect(html).not.toContain('12.972');
  });

  it('serves the plain page for a missing post, a malformed id, and other paths', async () => {
    for (const url of [`/post/${GONE_ID}`, '/post/not-a-uuid', '/post', `/post/${POST_ID}/x`]) {
      const response = await fetch(`${gatewayUrl}${url}`);
      expect(response.status, url).toBe(200);
      const html = await response.text();
      expect(html, url).toContain('<title>Saathi</title>');
      expect(html, url).not.toContain('og:title');
    }
    expect(lookups).not.toContain('not-a-uuid');
  });

  it('asks the feed once per post while the answer is fresh', async () => {
    const before = lookups.filter((id) => id === POST_ID).length;
    await fetch(`${gatewayUrl}/post/${POST_ID}`).then((r) => r.text());
    await fetch(`${gatewayUrl}/post/${POST_ID}/`).then((r) => r.text());
    expect(lookups.filter((id) => id === POST_ID).length).toBe(before);
  });
});

describe('post head helpers', () => {
  it('reads an id only from /post/<uuid>', () => {
    expect(postIdOfPath(`/post/${POST_ID}`)).toBe(POST_ID);
    expect(postIdOfPath(`/post/${POST_ID.toUpperCase()}/`)).toBe(POST_ID);
    expect(postIdOfPath('/post/%3Cscript%3E')).toBeNull();
    expect(postIdOfPath('/posts/x')).toBeNull();
  });

  it('cuts at 150 characters and collapses white space', () => {
    expect(openingOf('  a\n\nb  ')).toBe('a b');
    expect(openingOf('y'.repeat(200))).toBe('y'.repeat(150));
  });

  it('names no place without an area', () => {
    expect(postPageTitle({ authorName: 'Asha', locationName: null })).toBe(
      'Asha is looking for a partner | Saathi',
    );
  });

  it("works on the web app's index.html", () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
    const html = withPostMeta(
      source,
      { id: POST_ID, content: 'Walk?', authorName: 'Asha', locationName: null },
      'https://x',
    );
    expect(html).toContain('<title>Asha is looking for a partner | Saathi</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });
});
