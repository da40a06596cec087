import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IdentityMessages } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { deleteUnusedImages } from '../../db/profile-images-repository';
import { identityService } from '../../index';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';
import type { CookieJar } from '../../testing/cookie-jar';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity({ UPLOADS_PER_HOUR: '3', UPLOADED_IMAGES_MAX: '5' });
});
afterAll(async () => {
  await identity?.close();
});

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

async function signedIn(): Promise<{ browser: CookieJar; id: string }> {
  const browser = identity.browser();
  const response = await browser.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: buildRegistration(),
  });
  return { browser, id: response.json().id as string };
}

/** Moves time on; the browser renews its access token (as the web client does on a 401). */
async function later(browser: CookieJar, ms: number): Promise<void> {
  identity.clock.advance(ms);
  expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
}

function upload(browser: CookieJar, imageData = PNG_1PX) {
  return browser.inject({
    method: 'POST',
    url: '/api/upload/profile-image',
    payload: { imageData, imageType: 'image/png' },
  });
}

describe('upload limits', () => {
  it('refuses a signed-out 7 MB upload before reading its body', async () => {
    const size = 7 * 1024 * 1024;
    const head = Buffer.from('{"imageType":"image/png","imageData":"data:image/png;base64,');
    const tail = Buffer.from('"}');
    const chunk = Buffer.alloc(64 * 1024, 'A');
    let pulled = 0;
    const body = new Readable({
      read() {
        if (pulled === 0) {
          pulled += head.length;
          this.push(head);
        } else if (pulled < size - tail.length - chunk.length) {
          pulled += chunk.length;
          this.push(chunk);
        } else {
          this.push(tail);
          this.push(null);
        }
      },
    });
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/upload/profile-image',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(401);
    expect(pulled).toBeLessThan(1024 * 1024);
  });

  it('limits uploads per user per hour with 429 and Retry-After, without affecting others', async () => {
    const me = await signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await upload(me.browser)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await upload(me.browser);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload((await signedIn()).browser)).statusCode).toBe(201);
    await later(me.browser, 3_600_000);
    expect((await upload(me.browser)).statusCode).toBe(201);
  });

  it('keeps at most UPLOADED_IMAGES_MAX images per user', async () => {
    const me = await signedIn();
    const statuses: number[] = [];
    for (let hour = 0; hour < 2; hour += 1) {
      for (let i = 0; i < 3; i += 1) statuses.push((await upload(me.browser)).statusCode);
      await later(me.browser, 3_600_000);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await upload(me.browser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: IdentityMessages.imageQuotaReached,
      code: 'IMAGE_QUOTA',
    });
  });

  it('refuses an image with more pixels than an avatar could need, before decoding it', async () => {
    const me = await signedIn();
    const huge = await sharp({
      create: { width: 5000, height: 5000, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const response = await upload(me.browser, `data:image/png;base64,${huge.toString('base64')}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(IdentityMessages.imageUnreadable);
  });
});

describe('unused images', () => {
  const imageIds = async (userId: string) =>
    (
      await queryRows<{ id: string }>(
        identity.database.port.db,
        sql`select id from identity.profile_images where user_id = ${userId} order by created_at`,
      )
    ).map((row) => row.id);

  it('deletes uploads a day old that no profile or account uses, and keeps the rest', async () => {
    const me = await signedIn();
    const unused = (await upload(me.browser)).json<{ imageUrl: string }>().imageUrl;
    const chosen = (await upload(me.browser)).json<{ imageUrl: string }>().imageUrl;
    expect(
      (await me.browser.inject({ method: 'POST', url: '/api/profile', payload: { profileImageUrl: chosen } }))
        .statusCode,
    ).toBe(201);
    await later(me.browser, 25 * 3_600_000);
    const fresh = (await upload(me.browser)).json<{ imageUrl: string }>().imageUrl;
    await deleteUnusedImages(identity.database.port.db, identity.clock.now());
    const kept = await imageIds(me.id);
    const idOf = (url: string) => url.split('/').at(-1)!;
    expect(kept).toEqual([idOf(chosen), idOf(fresh)]);
    expect(kept).not.toContain(idOf(unused));
  });

  it('runs as a periodic task of the service', () => {
    expect(identityService.periodic?.map((task) => task.name)).toContain('identity-unused-images');
  });
});
