// The profile's Notifications section and the mute menu of a conversation (issue 30), through the
// gateway to the notification service, in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, runAxe, STEP_TIMEOUT_MS } from './browser';
import { MODES, registerAccount, sharedProduct } from './modes';
import { LIVE_MS, sendMessage, startConversation } from './push-kit';
import type { TestServer } from './server';

const PASSWORD = 'notice-settings-1';
const TIME_ZONE = 'Asia/Kolkata';

/** A context in India's time zone (the section shows and stores the browser's own zone). */
async function newIndianPage(
  browser: Browser,
  url: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: TIME_ZONE,
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  return { context, page: await context.newPage() };
}

describe.each(MODES)('notification settings and mutes in the browser (%s mode)', (mode) => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await sharedProduct(mode);
    browser = await launchBrowser();
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('chooses a channel per kind and quiet hours in the own time zone; they stay after a reload', async () => {
    const { context, page } = await newIndianPage(browser, server.url);
    try {
      await registerAccount(context, 'devi', PASSWORD);
      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Notifications' });
      const comments = section.getByRole('combobox', { name: 'Comments' });
      await comments.waitFor();

      // The defaults: messages and activity updates both ways, likes and reactions not at all.
      expect(await section.getByRole('combobox', { name: 'Messages', exact: true }).inputValue()).toBe(
        'both',
      );
      expect(await section.getByRole('combobox', { name: 'Message and join requests' }).inputValue()).toBe(
        'push',
      );
      expect(await section.getByRole('combobox', { name: 'Likes and reactions' }).inputValue()).toBe('none');
      expect(await section.getByRole('combobox', { name: 'Activity updates' }).inputValue()).toBe('both');
      expect(await comments.locator('option').allTextContents()).toEqual(['Push', 'Mail', 'Both', 'Neither']);
      await runAxe(page, 'the Notifications section');

      await comments.selectOption({ label: 'Mail' });
      await section.getByRole('combobox', { name: 'Reminders' }).selectOption({ label: 'Neither' });
      await section.getByRole('checkbox', { name: 'Hold pushes during quiet hours' }).check();
      await section.getByLabel('From').fill('23:00');
      await section.getByLabel('To', { exact: true }).fill('06:30');
      // The browser's own name for it (Chromium says Asia/Calcutta, the older name of the same zone).
      const zone = await page.evaluate<string>('Intl.DateTimeFormat().resolvedOptions().timeZone');
      expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain(zone);
      await section.getByText(`Times are in your time zone, ${zone}.`).waitFor();
      const [saved] = await Promise.all([
        page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/notification-settings') && response.request().method() === 'PUT',
        ),
        section.getByRole('button', { name: 'Save notification settings' }).click(),
      ]);
      expect(saved.status(), await saved.text()).toBe(200);
      await page.locator('[data-toast]', { hasText: 'Notification settings saved' }).waitFor();

      await page.reload();
      await comments.waitFor();
      expect(await comments.inputValue()).toBe('mail');
      expect(await section.getByRole('combobox', { name: 'Reminders' }).inputValue()).toBe('none');
      expect(await section.getByRole('combobox', { name: 'Messages', exact: true }).inputValue()).toBe(
        'both',
      );
      expect(
        await section.getByRole('checkbox', { name: 'Hold pushes during quiet hours' }).isChecked(),
      ).toBe(true);
      expect(await section.getByLabel('From').inputValue()).toBe('23:00');
      expect(await section.getByLabel('To', { exact: true }).inputValue()).toBe('06:30');
      // Stored in the browser's zone, which the service reads the hours in.
      const stored = (await (await context.request.get('/api/notification-settings')).json()) as {
        quietHours: unknown;
      };
      expect(stored.quietHours).toEqual({ from: '23:00', to: '06:30', timeZone: zone });
    } finally {
      await context.close();
    }
  }, 90_000);

  it('mutes a conversation for an hour or until turned back on; muted, it still counts unread', async () => {
    const esha = await newIndianPage(browser, server.url);
    const farid = await newIndianPage(browser, server.url);
    try {
      const { context, page } = esha;
      await registerAccount(context, 'esha', PASSWORD);
      const faridAccount = await registerAccount(farid.context, 'farid', PASSWORD);
      const conversationId = await startConversation(context, faridAccount.id);
      await sendMessage(context, conversationId, 'Yoga by the lake tomorrow?');
      await sendMessage(farid.context, conversationId, 'Yes! 6:30?');

      await page.goto(`/messages?c=${conversationId}`);
      await page.locator('p', { hasText: 'Yes! 6:30?' }).waitFor();
      await page.getByRole('button', { name: 'Mute notifications' }).click();
      const choices = await page.getByRole('menuitem').allTextContents();
      expect(choices).toEqual(['For 1 hour', 'For 8 hours', 'For 1 day', 'Until I turn it back on']);
      const [muted] = await Promise.all([
        page.waitForResponse(
          (response) => response.url().endsWith('/api/mutes') && response.request().method() === 'PUT',
        ),
        page.getByRole('menuitem', { name: 'For 1 hour' }).click(),
      ]);
      expect(muted.status(), await muted.text()).toBe(200);
      // The header says until when, in the viewer's clock.
      const until = new Date(((await muted.json()) as { until: string }).until);
      const clock = until.toLocaleTimeString('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: TIME_ZONE,
      });
      await page
        .getByRole('status')
        .filter({ hasText: `Muted until ${clock}` })
        .waitFor();
      expect(until.getTime() - Date.now()).toBeGreaterThan(50 * 60 * 1000);

      // Away from the thread, a new message still counts as unread, and the row says muted.
      await page.goto('/messages');
      await page.getByRole('list', { name: 'Conversations' }).waitFor();
      await sendMessage(farid.context, conversationId, 'Bring a mat');
      await page.reload();
      const row = page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /farid_/ });
      await expect
        .poll(() => row.textContent(), { timeout: LIVE_MS })
        .toMatch(new RegExp(`${faridAccount.username}Muted.*Bring a mat.*, 1 unread$`));
      await runAxe(page, 'a muted conversation in the list');

      // Until turned back on, then unmuted.
      await row.click();
      await page.getByRole('button', { name: /^Muted until .*\. Change notifications$/ }).click();
      await page.getByRole('menuitem', { name: 'Until I turn it back on' }).click();
      await page.getByRole('status').filter({ hasText: 'Muted until you turn it back on' }).waitFor();
      const listed = (await (await context.request.get('/api/mutes')).json()) as { mutes: unknown[] };
      expect(listed.mutes).toEqual([{ kind: 'conversation', id: conversationId, until: null }]);
      await page
        .getByRole('button', { name: 'Muted until you turn it back on. Change notifications' })
        .click();
      await page.getByRole('menuitem', { name: 'Unmute' }).click();
      await page.getByRole('button', { name: 'Mute notifications' }).waitFor();
      expect(
        ((await (await context.request.get('/api/mutes')).json()) as { mutes: unknown[] }).mutes,
      ).toEqual([]);
    } finally {
      await esha.context.close();
      await farid.context.close();
    }
  }, 120_000);
});
