import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IdentityMessages, PROFILE_IMAGE_MAX_BYTES } from '@saathi/contracts';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';
import type { CookieJar } from '../../testing/cookie-jar';

let identity: TestIdentity;
let browser: CookieJar;

beforeAll(async () => {
  identity = await startTestIdentity();
  browser = identity.browser();
  await browser.inject({ method: 'POST', url: '/api/auth/register', payload: buildRegistration() });
});
afterAll(async () => {
  await identity?.close();
});

function dataUrl(bytes: Buffer, declared: string): string {
  return `data:${declared};base64,${bytes.toString('base64')}`;
}

function upload(bytes: Buffer, declared: string, jar: CookieJar = browser) {
  return jar.inject({
    method: 'POST',
    url: '/api/upload/profile-image',
    payload: { imageData: dataUrl(bytes, declared), imageType: declared },
  });
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

describe('profile image upload', () => {
  it('recognises a PNG by its bytes even when declared as JPEG, and serves it back as image/png with a long cache', async () => {
    const png = await solid(2000, 1500).png().toBuffer();
    const response = await upload(png, 'image/jpeg');
    expect(response.statusCode).toBe(201);
    const { imageUrl } = response.json();
    expect(imageUrl).toMatch(/^\/api\/upload\/profile-image\/[0-9a-f-]{36}$/);

    const served = await identity.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, s-maxage=86400, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('png');
    // Re-encoded within 1024×1024, aspect kept.
    expect([meta.width, meta.height]).toEqual([1024, 768]);
  });

  it('serves square WebP copies at the avatar sizes, cached for a year in a browser and a day in a shared cache, and refuses any other size with 400', async () => {
    const png = await solid(900, 600).png().toBuffer();
    const { imageUrl } = (await upload(png, 'image/png')).json();
    for (const size of [96, 256]) {
      const served = await identity.app.inject({ method: 'GET', url: `${imageUrl}?size=${size}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, s-maxage=86400, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
    }
    const odd = await identity.app.inject({ method: 'GET', url: `${imageUrl}?size=5000` });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe('Unknown image size');
  });

  it('strips EXIF metadata (e.g. GPS, camera) from a JPEG', async () => {
    const jpeg = await solid(64, 48)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location-marker', Artist: 'secret-artist' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(jpeg, 'image/jpeg');
    expect(response.statusCode).toBe(201);
    const served = await identity.app.inject({ method: 'GET', url: response.json().imageUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('secret-');
  });

  it('accepts WebP and GIF', async () => {
    for (const [bytes, type] of [
      [await solid(10, 10).webp().toBuffer(), 'image/webp'],
      [await solid(10, 10).gif().toBuffer(), 'image/gif'],
    ] as const) {
      const response = await upload(bytes, 'application/octet-stream');
      expect(response.statusCode).toBe(201);
      expect(
        (await identity.app.inject({ method: 'GET', url: response.json().imageUrl })).headers['content-type'],
      ).toBe(type);
    }
  });

  it('rejects text declared as PNG with 400', async () => {
    const response = await upload(Buffer.from('<script>alert(1)</script> not an image at all'), 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(IdentityMessages.imageUnsupported);
  });

  it('rejects bytes that start like a PNG but do not decode with 400', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    const response = await upload(fake, 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(IdentityMessages.imageUnreadable);
  });

  it('rejects more than 5 MB with 413 before decoding', async () => {
    const big = Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1024, 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const response = await upload(big, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(IdentityMessages.imageTooLarge);
  });

  it('rejects a non-data-URL with 400 and a signed-out upload with 401', async () => {
    const notDataUrl = await browser.inject({
      method: 'POST',
      url: '/api/upload/profile-image',
      payload: { imageData: 'https://x.example/a.png', imageType: 'image/png' },
    });
    expect(notDataUrl.statusCode).toBe(400);
    const png = await solid(4, 4).png().toBuffer();
    expect((await upload(png, 'image/png', identity.browser())).statusCode).toBe(401);
  });

  it('answers 404 for an unknown image', async () => {
    const response = await identity.app.inject({
      method: 'GET',
      url: '/api/upload/profile-image/00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
  });
});
