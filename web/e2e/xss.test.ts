// Content safety in a real browser: posts, comments, an activity, daily-question answers, profiles
// (display name, bio), messages, a report's note in the admin's review queue and a blog story
// made of OWASP XSS filter-evasion strings, each screen rendered twice — once with the CSP
// switched off (so only the rendering stands between a payload and the page: React text, never
// HTML) and once as served (CSP on, and it must never have to block anything); and the HTML mails
// that name the payload people. Every payload calls window.__xss(n) or alert(n) if it ever runs.
// (A username may hold only letters, digits, `_` and `.`, so the payloads go in the names people
// choose freely: the display name and the bio.)
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { BOOT_ELEMENT_ID, BOOT_SCRIPT, SCREEN_MODULES_ATTRIBUTE } from '@saathi/contracts';
import { parseEml } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { launchBrowser } from './browser';
import { newestMailName, waitForVerificationToken } from './mail';
import { sharedProduct } from './modes';
import type { TestServer } from './server';
import { SHARED_ADMINS } from './shared-config';
import { recordFigures } from '../../infra/test/reliability/figures';
import { escapeHtml } from '../../gateway/src/html-head';

const PASSWORD = 'xss-secret-1';
const suffix = randomBytes(4).toString('hex');
const ADMIN_EMAIL = SHARED_ADMINS.xss;
/** Far from the quick cities and from other tests' posts. */
const PLACE = { latitude: 23.456, longitude: 85.321 };
const SLUG = `xss-story-${suffix}`;

/**
 * Representative OWASP XSS filter-evasion strings (cheat sheet classics, encodings, mutation
 * XSS, attribute and tag break-outs, markdown-style links for the blog's text format). Each one
 * names its own number, so a hit says which payload ran.
 */
const PAYLOADS: readonly string[] = [
  '<script>__xss(1)</script>',
  '<SCRIPT SRC=data:text/javascript,__xss(2)></SCRIPT>',
  '<IMG SRC="javascript:__xss(3);">',
  '<IMG SRC=JaVaScRiPt:__xss(4)>',
  '<img src=x onerror=__xss(5)>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;__xss(6)>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A__xss(7)>',
  '<IMG SRC="jav&#x09;ascript:__xss(8);">',
  '<svg onload=__xss(9)>',
  '<svg/onload=alert(10)>',
  '<body onload=__xss(11)>',
  '<iframe src="javascript:__xss(12)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss(13)</script>"></iframe>',
  '<a href="javascript:__xss(14)">click</a>',
  '[click me](javascript:__xss(15))',
  '![x](javascript:__xss(16))',
  '<div style="background-image: url(javascript:__xss(17))">',
  '<div style="width: expression(__xss(18));">',
  "<STYLE>@import'javascript:__xss(19)';</STYLE>",
  '<LINK REL="stylesheet" HREF="javascript:__xss(20);">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:__xss(21);">',
  '<object data="javascript:__xss(22)"></object>',
  '<embed src="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoMjMpPC9zY3JpcHQ+">',
  '<input onfocus=__xss(24) autofocus>',
  '<details open ontoggle=__xss(25)>',
  '<video><source onerror="__xss(26)">',
  '<marquee onstart=__xss(27)>',
  '"><script>__xss(28)</script>',
  "'><img src=x onerror=__xss(29)>",
  '</textarea><script>__xss(30)</script>',
  '</title><script>__xss(31)</script>',
  '" onmouseover="__xss(32)" x="',
  'javascript:__xss(33)',
  '&lt;script&gt;__xss(34)&lt;/script&gt;',
  '%3Cscript%3E__xss(35)%3C/script%3E',
  '\\u003cimg src=x onerror=__xss(36)\\u003e',
  '<scr<script>ipt>__xss(37)</scr</script>ipt>',
  '<TABLE BACKGROUND="javascript:__xss(38)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(39)>',
  '<noscript><p title="</noscript><img src=x onerror=__xss(40)>">',
  "{{constructor.constructor('__xss(41)')()}}",
  '<base href="javascript:__xss(42)//">',
  '<form action="javascript:__xss(43)"><button>go</button></form>',
  '<img srcset=",,,,,x" onerror=__xss(44)>',
];

/** Payloads that fit a short field (tags). */
const short = (max: number) => PAYLOADS.filter((payload) => payload.length <= max);

/** The payloads that fit, packed into texts of at most `max` characters, one per line. */
function packed(max: number): string[] {
  const texts: string[] = [];
  let current = '';
  for (const payload of short(max)) {
    if (current && current.length + 1 + payload.length > max) {
      texts.push(current);
      current = '';
    }
    current = current ? `${current}\n${payload}` : payload;
  }
  if (current) texts.push(current);
  return texts;
}

interface Account {
  id: string;
  username: string;
}

async function register(request: APIRequestContext, username: string, email: string): Promise<Account> {
  const res = await request.post('/api/auth/register', {
    data: { username, email, phone: '9876543210', password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, username };
}

async function post(
  request: APIRequestContext,
  url: string,
  data: unknown,
): Promise<Record<string, unknown>> {
  const res = await request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as Record<string, unknown>;
}

/** What ran or tried to run in one browser context. */
interface Observed {
  xss: string[];
  dialogs: string[];
  cspViolations: string[];
  pageErrors: string[];
  consoleErrors: string[];
}

/**
 * A context signed in with the given cookies, its location set, and every channel a payload could
 * use reported back to the test: `__xss` is a binding into Node (it works in every frame and
 * survives navigation), dialogs (alert/confirm/prompt) are recorded and dismissed, and the CSP's
 * violation events are reported too.
 */
async function observedContext(
  browser: Browser,
  baseURL: string,
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>,
  bypassCSP: boolean,
): Promise<{ context: BrowserContext; observed: Observed }> {
  const context = await browser.newContext({ baseURL, bypassCSP, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  const observed: Observed = { xss: [], dialogs: [], cspViolations: [], pageErrors: [], consoleErrors: [] };
  await context.addCookies(cookies);
  await context.exposeFunction('__xss', (n: unknown) => observed.xss.push(String(n)));
  await context.exposeFunction('__cspViolation', (what: unknown) =>
    observed.cspViolations.push(String(what)),
  );
  await context.addInitScript(`
    // Also runs in blank frames, whose opaque origin has no storage.
    if (location.origin === ${JSON.stringify(baseURL)})
      localStorage.setItem('userLocation', JSON.stringify(${JSON.stringify({ ...PLACE, locationName: PAYLOADS[8] })}));
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolation(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')));
  `);
  context.on('page', (page) => {
    page.on('dialog', (dialog) => {
      observed.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => observed.pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') observed.consoleErrors.push(message.text());
    });
  });
  return { context, observed };
}

/**
 * Elements and attributes that only appear if a payload became HTML: any `on*` handler
 * attribute, any javascript:/data: URL in an attribute, and tags the app itself never renders.
 */
// The page's own inline elements are the boot script (its exact text, which the CSP allows by
// hash) and the JSON lists of modules it reads: anything else inline is injected.
const INJECTED_DOM = `(() => {
  const found = [];
  const ownJson = (el) => el.type === 'application/json'
    && (el.id === ${JSON.stringify(BOOT_ELEMENT_ID)} || el.hasAttribute(${JSON.stringify(SCREEN_MODULES_ATTRIBUTE)}));
  for (const el of document.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (tag === 'script' && !el.src && (el.textContent === ${JSON.stringify(BOOT_SCRIPT)} || ownJson(el))) continue;
    if (['iframe', 'object', 'embed', 'frame', 'base', 'marquee', 'math', 'mglyph', 'noscript', 'meta', 'link', 'style'].includes(tag)
        && el.closest('body')) found.push(tag);
    if (tag === 'script' && !(el.src && new URL(el.src).origin === location.origin)) found.push('inline script');
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name)) found.push(tag + ' ' + attr.name);
      if (/^\\s*(javascript|data:text\\/html)/i.test(attr.value)) found.push(tag + ' ' + attr.name + '=' + attr.value);
    }
  }
  return found;
})()`;

describe('content made of XSS filter-evasion strings, rendered in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  const people: Account[] = [];
  const profiles: { displayName: string; bio: string }[] = [];
  let postId = '';
  let activityId = '';
  let conversationId = '';
  const messageTexts = packed(2000);
  const reportNote = packed(500)[3] ?? '';
  const postTexts = packed(500);
  const commentTexts = packed(500).reverse();
  const storyTitle = packed(200)[0] ?? '';
  const storyExcerpt = packed(500)[1] ?? '';
  const storyTags = short(30).slice(0, 10);
  const storyMetaTitle = packed(200)[5] ?? '';
  const storyMetaDescription = packed(300)[6] ?? '';
  const answer = packed(500)[2] ?? '';
  const activityArea = packed(120)[3] ?? '';
  const meetingPoint = packed(200)[4] ?? '';
  let fieldsWritten = 0;
  let screens = 0;
  let mailsRendered = 0;
  /** Figures are recorded only when every check before the last one passed. */
  let passedChecks = 0;

  beforeAll(async () => {
    server = await sharedProduct('embedded');
    browser = await launchBrowser();
    const setup = await browser.newContext({ baseURL: server.url });
    try {
      // The admin writes the posts, the activity, the answer and the story.
      const admin = setup.request;
      const before = await newestMailName(server.mailDir);
      await register(admin, `xssadmin_${suffix}`, ADMIN_EMAIL);
      const token = await waitForVerificationToken(server.mailDir, { after: before, to: ADMIN_EMAIL });
      expect((await admin.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
      const login = await admin.post('/api/auth/login', {
        data: { identifier: ADMIN_EMAIL, password: PASSWORD },
      });
      expect(((await login.json()) as { role: string }).role).toBe('admin');
      cookies = await setup.cookies();

      for (const content of postTexts) {
        const created = await post(admin, '/api/posts', {
          content,
          hashtags: [],
          ...PLACE,
          locationName: packed(200)[7],
        });
        postId ||= String(created.id);
        fieldsWritten += 1;
      }
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const activity = await post(admin, '/api/posts', {
        content: postTexts[0],
        hashtags: [],
        ...PLACE,
        activity: {
          date: tomorrow,
          startTime: '10:00',
          endTime: '12:00',
          utcOffsetMinutes: 0,
          spots: 3,
          area: activityArea,
          meetingPoint,
        },
      });
      activityId = String(activity.id);
      fieldsWritten += 3;
      await post(admin, '/api/daily-question/responses', {
        question: PAYLOADS[0],
        response: answer,
        location: PAYLOADS[4],
      });
      fieldsWritten += 3;
      await post(admin, '/api/blog/admin/posts', {
        title: storyTitle,
        slug: SLUG,
        content: PAYLOADS.join('\n'),
        excerpt: storyExcerpt,
        tags: storyTags,
        metaTitle: storyMetaTitle,
        metaDescription: storyMetaDescription,
      });
      fieldsWritten += 6;

      // Two people whose display name and bio are payloads comment on the admin's post (their
      // usernames show on the post, in the comments and in the admin's notifications; their
      // profiles show the payloads).
      const names = packed(50);
      const bios = packed(100);
      for (let i = 0; i < 2; i++) {
        const person = await browser.newContext({ baseURL: server.url });
        try {
          const account = await register(
            person.request,
            `xss${i}_${suffix}`,
            `xss.${i}.${suffix}@example.com`,
          );
          const profile = { displayName: names[i] ?? '', bio: bios[i + 2] ?? '' };
          const saved = await post(person.request, '/api/profile', profile);
          // Stored on one line: the line breaks between the payloads become spaces.
          expect(saved.displayName).toBe(profile.displayName.replaceAll('\n', ' '));
          people.push(account);
          profiles.push({ displayName: String(saved.displayName), bio: profile.bio });
          for (const content of commentTexts.filter((_, k) => k % 2 === i)) {
            await post(person.request, '/api/comments', { postId, content });
          }
          fieldsWritten += 2 + 2;
        } finally {
          await person.close();
        }
      }
      // The first reports the admin's post with a payload note (the admin's review queue shows it).
      const reporter = await browser.newContext({ baseURL: server.url });
      try {
        const res = await reporter.request.post('/api/auth/login', {
          data: { identifier: people[0]?.username, password: PASSWORD },
        });
        expect(res.ok(), await res.text()).toBe(true);
        await post(reporter.request, '/api/moderation/reports', {
          targetKind: 'post',
          targetId: postId,
          reason: 'other',
          note: reportNote,
          excerpt: postTexts[0],
        });
        fieldsWritten += 2;
      } finally {
        await reporter.close();
      }
      // The admin writes to the second (messaging learns of new people by event: retry a moment).
      const deadline = Date.now() + 20_000;
      for (;;) {
        const res = await admin.post('/api/conversations', { data: { participantId: people[1]?.id } });
        if (res.ok()) {
          conversationId = ((await res.json()) as { id: string }).id;
          break;
        }
        expect(res.status(), await res.text()).toBe(404);
        if (Date.now() > deadline) throw new Error('messaging never learned of the second person');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      for (const content of messageTexts) {
        await post(admin, '/api/messages', { conversationId, content });
        fieldsWritten += 1;
      }
      // Authors are named by username on posts and comments (the feed takes it from the token).
      const res = await admin.get(`/api/posts/${postId}/comments`);
      const commenters = ((await res.json()) as { authorName: string }[]).map((c) => c.authorName);
      expect(new Set(commenters)).toEqual(new Set(people.map((p) => p.username)));
    } finally {
      await setup.close();
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens a screen, lets it settle, and checks the text is there as text and nothing ran. */
  async function render(
    page: Page,
    observed: Observed,
    url: string,
    ready: (page: Page) => Promise<void>,
    texts: readonly string[],
  ): Promise<void> {
    await page.goto(url);
    await ready(page);
    // Give an injected onerror/onload (an image that fails, a frame that loads) time to fire.
    await page.waitForTimeout(300);
    const text = await page.evaluate<string>('document.body.textContent');
    for (const expected of texts) expect(text, `${url} shows ${expected} as text`).toContain(expected);
    expect(await page.evaluate<string[]>(INJECTED_DOM), `${url}: injected markup`).toEqual([]);
    expect(observed.xss, `${url}: payloads that ran`).toEqual([]);
    expect(observed.dialogs, `${url}: dialogs`).toEqual([]);
    screens += 1;
  }

  async function renderEveryScreen(context: BrowserContext, observed: Observed): Promise<void> {
    const page = await context.newPage();
    // The feed: the posts, their authors' names, the daily answer; then one post's comments.
    await render(
      page,
      observed,
      '/home',
      async (p) => {
        await p.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
        await p.getByText('__xss(44)').first().waitFor();
      },
      [...postTexts.flatMap((t) => t.split('\n')), ...answer.split('\n')],
    );
    // The post page, comments open: commenters' usernames and the comment texts.
    await render(
      page,
      observed,
      `/post/${postId}`,
      async (p) => {
        await p.getByRole('article').first().waitFor();
        await p.getByRole('button', { name: /^Comments,/ }).click();
        const comments = p.getByRole('region', { name: 'Comments' }).getByRole('listitem');
        await comments.nth(commentTexts.length - 1).waitFor();
      },
      [...commentTexts.flatMap((t) => t.split('\n')), ...people.map((p) => p.username)],
    );
    // Notifications name the commenters.
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('list', { name: 'Notifications' }).waitFor();
    await page.waitForTimeout(300);
    expect(observed.xss).toEqual([]);
    expect(await page.evaluate<string[]>(INJECTED_DOM)).toEqual([]);
    // The activity the host sees: area and meeting point.
    await render(page, observed, `/post/${activityId}`, (p) => p.getByText('Meeting point:').waitFor(), [
      activityArea,
      meetingPoint,
    ]);
    for (const [i, person] of people.entries()) {
      const profile = profiles[i];
      if (!profile) continue;
      await render(
        page,
        observed,
        `/profile/${person.id}`,
        (p) => p.getByText(`@${person.username}`).waitFor(),
        [profile.displayName, profile.bio, person.username],
      );
    }
    // A conversation: the other person's payload name in the list and the thread, the messages.
    await render(
      page,
      observed,
      `/messages?c=${conversationId}`,
      async (p) => {
        await p.getByRole('log').waitFor();
        await p.getByText('__xss(44)').first().waitFor();
      },
      messageTexts.flatMap((t) => t.split('\n')),
    );
    // The admin's review queue: the reporter's note and the reported text.
    await render(
      page,
      observed,
      '/admin/moderation',
      (p) =>
        p
          .getByText(reportNote.split('\n')[0] ?? '')
          .first()
          .waitFor(),
      [...reportNote.split('\n'), ...(postTexts[0]?.split('\n') ?? [])],
    );
    await render(
      page,
      observed,
      '/blog',
      (p) =>
        p
          .getByText(storyExcerpt.split('\n')[0] ?? '')
          .first()
          .waitFor(),
      [storyTitle, ...storyTags.slice(0, 3)],
    );
    await render(page, observed, `/blog/${SLUG}`, (p) => p.getByTestId('blog-content').waitFor(), [
      storyTitle,
      ...PAYLOADS,
    ]);
    // The meta title the server writes into the HTML for link previews, as text.
    expect(await page.title()).toBe(`${storyMetaTitle.replace(/\s+/g, ' ')} | Saathi Blog`);
    // A crafted address: the query string and the hash are never written into the page.
    await render(
      page,
      observed,
      `/blog/${SLUG}?q="><script>__xss(90)</script>#<img src=x onerror=__xss(91)>`,
      (p) => p.getByTestId('blog-content').waitFor(),
      [],
    );
    await page.close();
  }

  /**
   * The control: markup put into the page as HTML (what the app must never do) does reach the
   * detectors — as a call to __xss with the CSP off, as a CSP violation with it on. The page stays
   * open until `reached` says so: the image's error comes after a request, however long that takes.
   */
  async function injectAsHtml(context: BrowserContext, reached: () => boolean): Promise<void> {
    const page = await context.newPage();
    await page.goto('/blog');
    await page.evaluate(`document.body.insertAdjacentHTML('beforeend', '<img src=x onerror=__xss(999)>')`);
    await waitFor(reached, 15_000, 'the injected markup to reach a detector');
    await page.close();
  }

  it('runs no payload with the CSP switched off: every screen renders them as text', async () => {
    const { context, observed } = await observedContext(browser, server.url, cookies, true);
    try {
      await renderEveryScreen(context, observed);
      expect(observed.xss).toEqual([]);
      expect(observed.dialogs).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
      await injectAsHtml(context, () => observed.xss.length > 0);
      expect(observed.xss).toEqual(['999']);
      passedChecks += 1;
    } finally {
      await context.close();
    }
  }, 120_000);

  it('runs no payload as served, and the CSP never has to block one', async () => {
    const { context, observed } = await observedContext(browser, server.url, cookies, false);
    try {
      await renderEveryScreen(context, observed);
      expect(observed.xss).toEqual([]);
      expect(observed.dialogs).toEqual([]);
      expect(observed.cspViolations).toEqual([]);
      expect(observed.consoleErrors.filter((m) => /Content Security Policy|__xss/i.test(m))).toEqual([]);
      expect(observed.pageErrors).toEqual([]);
      // Either detector ends the wait: a handler the CSP let run must fail the first line.
      await injectAsHtml(
        context,
        () => observed.xss.length > 0 || observed.cspViolations.join().includes('script-src-attr'),
      );
      expect(observed.xss).toEqual([]);
      expect(observed.cspViolations.join()).toContain('script-src-attr');
      passedChecks += 1;
    } finally {
      await context.close();
    }
  }, 120_000);

  it('writes the names of the payload people into HTML mails as text', async () => {
    const { context, observed } = await observedContext(browser, server.url, cookies, true);
    try {
      const mailsNamingThem = async () => {
        const names = (await readdir(server.mailDir)).filter((name) => name.endsWith('.eml'));
        const mails = await Promise.all(
          names.map(async (name) => parseEml(await readFile(path.join(server.mailDir, name)))),
        );
        return mails.filter((mail) => people.some((p) => mail.text.includes(p.username)));
      };
      // At least each person's verification mail ("Hi <username>"); mail goes out by event. No
      // mail names anyone by display name, and no username can hold markup any more: what this
      // still shows is that nothing in a mail about them turns into markup either.
      await waitFor(async () => (await mailsNamingThem()).length >= people.length, 15_000, 'their mails');
      const naming = await mailsNamingThem();
      const page = await context.newPage();
      for (const mail of naming) {
        expect(mail.html, mail.subject).toBeDefined();
        await page.setContent(mail.html ?? '');
        await page.waitForTimeout(100);
        const text = await page.evaluate<string>('document.body.textContent');
        expect(
          people.some((p) => text.includes(p.username)),
          mail.subject,
        ).toBe(true);
        expect(await page.evaluate<string[]>(INJECTED_DOM), mail.subject).toEqual([]);
      }
      expect(observed.xss).toEqual([]);
      expect(observed.dialogs).toEqual([]);
      mailsRendered = naming.length;
      passedChecks += 1;
    } finally {
      await context.close();
    }
  });

  it('serves documents with a strict CSP and API answers with one that forbids everything', async () => {
    const setup = await browser.newContext({ baseURL: server.url });
    try {
      const documents = ['/', '/home', `/blog/${SLUG}`, `/post/${postId}`, `/profile/${people[0]?.id}`];
      for (const url of documents) {
        const res = await setup.request.get(url);
        expect(res.status(), url).toBe(200);
        const csp = res.headers()['content-security-policy'] ?? '';
        const directives = new Map(
          csp
            .split(';')
            .map((d) => d.trim().split(/\s+/))
            .filter((d) => d[0])
            .map(([name, ...values]) => [name as string, values]),
        );
        const scripts = directives.get('script-src') ?? [];
        expect(scripts, `${url} script-src`).toContain("'self'");
        for (const loose of [
          "'unsafe-inline'",
          "'unsafe-eval'",
          "'unsafe-hashes'",
          '*',
          'data:',
          'http:',
          'https:',
        ])
          expect(scripts, `${url} script-src allows ${loose}`).not.toContain(loose);
        expect(directives.get('script-src-attr'), url).toEqual(["'none'"]);
        expect(directives.get('object-src'), url).toEqual(["'none'"]);
        expect(directives.get('base-uri'), url).toEqual(["'none'"]);
        expect(directives.get('frame-ancestors'), url).toEqual(["'none'"]);
        expect(directives.get('default-src'), url).toEqual(["'self'"]);
      }
      // The story's head tags are written by the server: every payload in them arrives escaped.
      const html = await (await setup.request.get(`/blog/${SLUG}`)).text();
      const inHead = [...storyMetaTitle.split('\n'), ...storyMetaDescription.split('\n')];
      for (const payload of inHead.filter((p) => /[<>"']/.test(p))) expect(html).not.toContain(payload);
      expect(html).toContain(`<title>${escapeHtml(storyMetaTitle)} | Saathi Blog</title>`);
      const api = await setup.request.get(`/api/posts/${postId}`);
      expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
      expect(api.headers()['x-content-type-options']).toBe('nosniff');
      if (passedChecks === 3)
        recordFigures('Content safety', 'XSS filter-evasion strings in Chromium', {
          payloads: PAYLOADS.length,
          'fields written': fieldsWritten,
          'screens rendered (CSP off and on)': screens,
          'HTML mails rendered': mailsRendered,
          'documents with a strict CSP': documents.length,
          'scripts run': 0,
          'CSP violations': 0,
        });
    } finally {
      await setup.close();
    }
  });
});
