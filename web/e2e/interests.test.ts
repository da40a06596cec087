// Interests and a profile that builds trust, end to end in both modes: A proves their address
// and picks interests in the edit form; B picks overlapping ones up to the cap of 10; on A's
// profile B sees what they share ("You both like …") and the trust lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, runAxe } from './browser';
import { newestMailName, waitForVerificationToken } from './mail';
import { MODES, registerAccount, sharedProduct } from './modes';
import type { TestServer } from './server';

const PASSWORD = 'interests-secret-1';

/** Opens the own profile's edit form, turns these interests on and saves. */
async function pickInterests(page: Page, interests: readonly string[]): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const picker = page.getByRole('group', { name: 'Interests' });
  for (const interest of interests) {
    await picker.getByRole('button', { name: interest, exact: true }).click();
  }
  await picker.getByText(`${interests.length}/10 chosen`).waitFor();
}

describe.each(MODES)('interests and trust on a profile (%s)', (mode) => {
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

  it('marks the interests two people share and shows the trust lines', async () => {
    const a = await newPage(browser, server.url);
    const b = await newPage(browser, server.url);
    try {
      const before = await newestMailName(server.mailDir);
      const asha = await registerAccount(a.context, 'asha', PASSWORD);
      const token = await waitForVerificationToken(server.mailDir, { after: before, to: asha.email });
      const verified = await a.context.request.post('/api/auth/verify-email', { data: { token } });
      expect(verified.ok(), await verified.text()).toBe(true);

      await pickInterests(a.page, ['#hiking', 'chess', '#music']);
      await runAxe(a.page, 'interests picker');
      await a.page.getByRole('button', { name: 'Save Changes' }).click();
      const ashaInterests = a.page.getByRole('list', { name: 'Interests' });
      await ashaInterests.getByText('#music', { exact: true }).waitFor();
      // In the list's order (hashtags first), and nothing is "shared" on one's own profile.
      expect(await ashaInterests.getByRole('listitem').allTextContents()).toEqual([
        '#music',
        '#hiking',
        'chess',
      ]);
      expect(await a.page.getByText(/You both like/).count()).toBe(0);

      await registerAccount(b.context, 'ravi', PASSWORD);
      const ten = [
        '#gym',
        '#travel',
        '#study',
        '#food',
        '#hiking',
        '#fitness',
        '#morning',
        '#weekend',
        'chess',
        'running',
      ];
      await pickInterests(b.page, ten);
      // At 10 the others wait until one is turned off.
      const picker = b.page.getByRole('group', { name: 'Interests' });
      expect(await picker.getByRole('button', { name: 'yoga', exact: true }).isDisabled()).toBe(true);
      await b.page.getByRole('button', { name: 'Save Changes' }).click();
      await b.page.getByRole('list', { name: 'Interests' }).getByText('running', { exact: true }).waitFor();

      await b.page.goto(`/profile/${asha.id}`);
      await b.page.getByText('You both like #hiking and chess', { exact: true }).waitFor();
      const month = new Date().toLocaleDateString('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      const about = b.page.getByRole('list', { name: 'About this member' });
      await about.getByText(`Member since ${month}`, { exact: true }).waitFor();
      await about.getByText('Email verified', { exact: true }).waitFor();
      await about.getByText('No activities attended yet', { exact: true }).waitFor();
      await runAxe(b.page, "another's profile with shared interests");
      // Never a place, nor whom they met.
      expect(await about.textContent()).not.toMatch(/\d+\.\d{3}|km|with /);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  }, 120_000);

  it("narrows home to posts with one of the viewer's hashtag interests", async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      // A place of this run's own, so only these posts are within 1 km.
      const place = {
        latitude: Math.round((12.9 + Math.random() * 0.05) * 1000) / 1000,
        longitude: Math.round((80.2 + Math.random() * 0.05) * 1000) / 1000,
      };
      await registerAccount(context, 'meera', PASSWORD);
      for (const [content, hashtags] of [
        ['Sunrise trek this Saturday', ['hiking']],
        ['Guitar jam in the park', ['music']],
        ['Deadlift form check', ['gym']],
      ] as const) {
        const created = await context.request.post('/api/posts', {
          data: { content, hashtags, ...place },
        });
        expect(created.status(), await created.text()).toBe(201);
      }
      await pickInterests(page, ['#hiking', '#music', 'chess']);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByRole('list', { name: 'Interests' }).getByText('chess', { exact: true }).waitFor();

      await context.addInitScript(
        `localStorage.setItem('userLocation', ${JSON.stringify(JSON.stringify({ ...place, locationName: 'Interests corner' }))})`,
      );
      await page.goto('/');
      const posts = page.getByRole('article');
      await posts.filter({ hasText: 'Deadlift form check' }).waitFor();
      const chip = page.getByRole('button', { name: 'Matches my interests' });
      await chip.click();
      await page.getByRole('heading', { name: 'Matching Your Interests' }).waitFor();
      await expect.poll(() => posts.count()).toBe(2);
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
      for (const text of ['Sunrise trek this Saturday', 'Guitar jam in the park'])
        await posts.filter({ hasText: text }).waitFor();
      await chip.click();
      await page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
      await expect.poll(() => posts.count()).toBe(3);
    } finally {
      await context.close();
    }
  }, 120_000);
});
