// Editing end to end, in both modes: the author opens Edit from their post's menu, changes the
// text in the inline editor and saves; the card shows the new text and "Edited", for them and for
// a reader; the same for a comment. Someone else's post offers no Edit.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { snapPoint } from '@saathi/contracts';
import { launchBrowser, newPage, runAxe } from './browser';
import { MODES, registerAccount, sharedProduct } from './modes';
import type { TestServer } from './server';

const PASSWORD = 'editing-secret-1';
const suffix = randomBytes(4).toString('hex');

/**
 * Near Lucknow, a place no other browser file posts at, moved by up to 0.1° per run so each run's
 * posts are its own. On the 3-decimal grid, so nothing moves it.
 */
function editingPlace() {
  const jitter = () => Math.round(Math.random() * 100) / 1000;
  return snapPoint({ latitude: 26.847 + jitter(), longitude: 80.946 + jitter() });
}

async function atPlace(context: BrowserContext, place: { latitude: number; longitude: number }) {
  await context.addInitScript(
    `localStorage.setItem('userLocation', ${JSON.stringify(JSON.stringify({ ...place, locationName: 'Hazratganj' }))})`,
  );
}

describe.each(MODES)('editing a post and a comment (%s)', (mode) => {
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

  it('the author edits the text inline and the card shows it with "Edited"; a reader sees the same', async () => {
    const place = editingPlace();
    const original = `Tennis at the club on Saturday ${suffix}`;
    const changed = `Tennis at the club on Sunday ${suffix}, 7 am`;
    const author = await newPage(browser, server.url);
    const reader = await newPage(browser, server.url);
    try {
      await registerAccount(author.context, 'editor', PASSWORD);
      const created = await author.context.request.post('/api/posts', {
        data: { content: original, hashtags: ['fitness'], ...place },
      });
      expect(created.status(), await created.text()).toBe(201);
      const postId = ((await created.json()) as { id: string }).id;
      const commented = await author.context.request.post('/api/comments', {
        data: { postId, content: `Bring two rackets ${suffix}` },
      });
      expect(commented.status(), await commented.text()).toBe(201);

      await atPlace(author.context, place);
      const { page } = author;
      await page.goto('/');
      const card = page.getByRole('article').filter({ hasText: original });
      await card.waitFor();
      expect(await card.getByText('Edited', { exact: true }).count()).toBe(0);

      await card.getByRole('button', { name: 'Post options' }).click();
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
      // While it is open the card holds the editor, not the text: found on the page.
      const editor = page.getByRole('form', { name: 'Edit post' });
      await editor.waitFor();
      const field = editor.getByLabel('Edit your post');
      expect(await field.inputValue()).toBe(original);
      await runAxe(page, 'post editor');
      // Cancel leaves the text as it was.
      await field.fill('Not this');
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await card.getByText(original).waitFor();

      await card.getByRole('button', { name: 'Post options' }).click();
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
      await editor.getByLabel('Edit your post').fill(changed);
      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.waitFor({ state: 'hidden' });
      const edited = page.getByRole('article').filter({ hasText: changed });
      await edited.getByText('Edited', { exact: true }).waitFor();
      await edited.getByText('#fitness').waitFor();

      // The comment: Edit beside it, the inline editor, "Edited".
      await edited.getByRole('button', { name: /^Comments,/ }).click();
      const comments = edited.getByRole('region', { name: 'Comments' });
      await comments.getByText(`Bring two rackets ${suffix}`).waitFor();
      await comments.getByRole('button', { name: 'Edit your comment' }).click();
      const commentEditor = comments.getByRole('form', { name: 'Edit comment' });
      await commentEditor.getByLabel('Edit your comment').fill(`Bring three rackets ${suffix}`);
      await commentEditor.getByRole('button', { name: 'Save' }).click();
      await commentEditor.waitFor({ state: 'hidden' });
      await comments.getByText(`Bring three rackets ${suffix}`).waitFor();
      await comments.getByText('Edited', { exact: true }).waitFor();

      // A reader sees the new text and "Edited", and no Edit on someone else's post.
      await registerAccount(reader.context, 'reader', PASSWORD);
      await atPlace(reader.context, place);
      await reader.page.goto('/');
      const seen = reader.page.getByRole('article').filter({ hasText: changed });
      await seen.getByText('Edited', { exact: true }).waitFor();
      await seen.getByRole('button', { name: 'Post options' }).click();
      await reader.page.getByRole('menuitem', { name: 'Report post' }).waitFor();
      expect(await reader.page.getByRole('menuitem', { name: 'Edit', exact: true }).count()).toBe(0);
    } finally {
      await author.context.close();
      await reader.context.close();
    }
  }, 120_000);
});
