// A quiet neighbourhood end to end, in both modes: fewer than 3 posts within 1 km, the home
// screen says so, widens to 3 km for this visit (a post 2.5 km away, with its distance), and a
// one-tap starter opens the create dialog filled in and posts it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { distanceKm, snapPoint } from '@saathi/contracts';
import { launchBrowser, newPage, runAxe } from './browser';
import { MODES, registerAccount, sharedProduct } from './modes';
import type { TestServer } from './server';

const PASSWORD = 'quiet-secret-1';
const suffix = randomBytes(4).toString('hex');

/**
 * Near Bhopal, a place no other browser file posts at, moved by up to 0.1° per run of this file
 * so a rerun on the same product starts quiet too. On the 3-decimal grid, so nothing moves it.
 */
function quietPlace() {
  const jitter = () => Math.round(Math.random() * 100) / 1000;
  return snapPoint({ latitude: 23.259 + jitter(), longitude: 77.412 + jitter() });
}

describe.each(MODES)('a quiet area (%s)', (mode) => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await sharedProduct(mode);
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('says it is quiet, widens to 3 km for the visit, and posts from a starter', async () => {
    const viewerPlace = quietPlace();
    // 2.5 km north: outside the 1 km feed, inside 3 km.
    const fartherPlace = snapPoint({
      latitude: viewerPlace.latitude + 2.5 / 111.195,
      longitude: viewerPlace.longitude,
    });
    const shownDistance = `${distanceKm(viewerPlace, fartherPlace).toFixed(1)}km away`;
    const fartherText = `Cycling by the lake on Sunday ${suffix}`;

    const author = await newPage(browser, server.url);
    const viewer = await newPage(browser, server.url);
    try {
      await registerAccount(author.context, 'farther', PASSWORD);
      const created = await author.context.request.post('/api/posts', {
        data: { content: fartherText, hashtags: ['fitness'], ...fartherPlace },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id: fartherId } = (await created.json()) as { id: string };

      // Shared, the post's link carries its preview in the HTML itself, through the real feed.
      const shared = await (await fetch(`${server.url}/post/${fartherId}`)).text();
      expect(shared).toContain(`<meta property="og:description" content="${fartherText}" />`);
      expect(shared).toContain(`<meta property="og:url" content="`);
      expect(shared).toContain('<meta name="twitter:card" content="summary" />');
      expect(shared).not.toContain(fartherPlace.latitude.toFixed(3));

      await registerAccount(viewer.context, 'quiet', PASSWORD);
      await viewer.context.addInitScript(
        `localStorage.setItem('userLocation', ${JSON.stringify(JSON.stringify({ ...viewerPlace, locationName: 'Quiet corner' }))})`,
      );
      const { page } = viewer;
      await page.goto('/');
      await page.getByRole('heading', { name: "It's quiet within 1 km right now" }).waitFor();
      // The 1 km feed does not show the farther post.
      expect(await page.getByRole('article').filter({ hasText: fartherText }).count()).toBe(0);
      await runAxe(page, 'home in a quiet area');

      await page.getByRole('button', { name: 'Show posts within 3 km' }).click();
      const wider = page.getByRole('list', { name: 'Posts within 3 km' });
      const farther = wider.getByRole('listitem').filter({ hasText: fartherText });
      await farther.waitFor();
      // Its distance, at the feed's own precision (one decimal from the stored ~110 m points).
      await farther.getByText(`Beyond your 1 km: ${shownDistance}`).waitFor();
      await farther.getByRole('article').getByText(shownDistance, { exact: true }).waitFor();
      expect(
        await page.getByRole('button', { name: 'Show posts within 3 km' }).getAttribute('aria-pressed'),
      ).toBe('true');

      await page.getByRole('button', { name: 'Morning walk tomorrow' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Post' });
      await dialog.waitFor();
      const content = dialog.getByLabel('What are you looking for?');
      expect(await content.inputValue()).toMatch(/^Morning walk tomorrow/);
      expect(await dialog.getByRole('button', { name: '#morning' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await content.fill(`Morning walk tomorrow ${suffix}, 6:30 by the lake?`);
      await dialog.getByRole('button', { name: 'Create Post' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The person's own post is now in their 1 km feed.
      await page
        .getByRole('article')
        .filter({ hasText: `Morning walk tomorrow ${suffix}` })
        .first()
        .waitFor();

      // The wider look was for this visit only: a reload is back to the 1 km feed.
      await page.reload();
      await page.getByRole('heading', { name: "It's quiet within 1 km right now" }).waitFor();
      expect(await page.getByRole('list', { name: 'Posts within 3 km' }).count()).toBe(0);
      expect(
        await page.getByRole('button', { name: 'Show posts within 3 km' }).getAttribute('aria-pressed'),
      ).toBe('false');
    } finally {
      await author.context.close();
      await viewer.context.close();
    }
  }, 120_000);
});
