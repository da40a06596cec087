// Photos on a post end to end, in both modes: the create dialog takes photos with previews (one
// removed again), the post goes out with two, and the card shows them in the card size, lazy,
// with their width and height; tapping one opens the full size.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { snapPoint } from '@saathi/contracts';
import { launchBrowser, newPage, runAxe } from './browser';
import { MODES, registerAccount, sharedProduct } from './modes';
import { solidPng } from './png';
import type { TestServer } from './server';

const PASSWORD = 'photos-secret-1';
const suffix = randomBytes(4).toString('hex');

/** Near Shillong, where no other browser file posts, moved a little per run. */
function photoPlace() {
  const jitter = () => Math.round(Math.random() * 100) / 1000;
  return snapPoint({ latitude: 25.578 + jitter(), longitude: 91.893 + jitter() });
}

/** The decoded width of a loaded image (0 until it is). */
function naturalWidth(element: unknown): number {
  const img = element as { complete: boolean; naturalWidth: number };
  return img.complete ? img.naturalWidth : 0;
}

const png = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: solidPng(800, 600, rgb),
});

describe.each(MODES)('photos on a post (%s)', (mode) => {
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

  it('posts two photos and shows them on the card, the full size when tapped', async () => {
    const text = `Sunset from the terrace ${suffix}`;
    const { context, page } = await newPage(browser, server.url);
    try {
      await registerAccount(context, 'photos', PASSWORD);
      await context.addInitScript(
        `localStorage.setItem('userLocation', ${JSON.stringify(JSON.stringify({ ...photoPlace(), locationName: 'Terrace' }))})`,
      );
      await page.goto('/');
      await page.getByRole('button', { name: 'Create New Post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Post' });
      await dialog.waitFor();
      await dialog.getByLabel('What are you looking for?').fill(text);
      await dialog
        .locator('input[type="file"]')
        .setInputFiles([
          png('red.png', [200, 30, 30]),
          png('green.png', [30, 160, 60]),
          png('blue.png', [30, 60, 200]),
        ]);
      const previews = dialog.getByRole('list', { name: 'Photos to post' }).getByRole('listitem');
      await expect.poll(() => previews.count()).toBe(3);
      await dialog.getByRole('button', { name: 'Remove photo 2' }).click();
      await expect.poll(() => previews.count()).toBe(2);
      await runAxe(page, 'create dialog with photos');
      await dialog.getByRole('button', { name: 'Create Post' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 30_000 });

      const card = page.getByRole('article').filter({ hasText: text }).first();
      await card.waitFor();
      const images = card.getByRole('list', { name: 'Photos' }).locator('img');
      await expect.poll(() => images.count()).toBe(2);
      for (let i = 0; i < 2; i++) {
        const image = images.nth(i);
        expect(await image.getAttribute('src')).toMatch(/^\/api\/post-photos\/[0-9a-f-]{36}\?size=card$/);
        expect(await image.getAttribute('loading')).toBe('lazy');
        expect(await image.getAttribute('width')).toBe('800');
        expect(await image.getAttribute('height')).toBe('600');
        await image.scrollIntoViewIfNeeded();
        // The card size: 480 px wide, re-encoded by the server.
        await expect.poll(() => image.evaluate(naturalWidth)).toBe(480);
      }
      await runAxe(page, 'home with a photo post');

      await card.getByRole('button', { name: /^Open photo 1 of 2/ }).click();
      const viewer = page.getByRole('dialog', { name: /^Photo 1 of 2/ });
      await viewer.waitFor();
      const full = viewer.locator('img');
      expect(await full.getAttribute('src')).toMatch(/\?size=full$/);
      // The full size is never larger than the upload (800 px here, under the 1280 px bound).
      await expect.poll(() => full.evaluate(naturalWidth)).toBe(800);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  }, 120_000);
});
