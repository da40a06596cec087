import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { googlePictureUrl } from '../../domain/image-url';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => {
  await identity?.close();
});

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

async function signedIn() {
  const browser = identity.browser();
  const body = buildRegistration();
  const response = await browser.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { browser, id: response.json().id as string };
}

async function storedImageUrls(userId: string) {
  const [row] = await queryRows<{ profile: string | null; account: string | null }>(
    identity.database.port.db,
    sql`select p.profile_image_url as profile, u.profile_image_url as account
          from identity.users u left join identity.user_profiles p on p.user_id = u.id
         where u.id = ${userId}`,
  );
  return row!;
}

describe('profile image URL', () => {
  it('stores an own upload named under a look-alike host only in our relative form', async () => {
    const me = await signedIn();
    const upload = await me.browser.inject({
      method: 'POST',
      url: '/api/upload/profile-image',
      payload: { imageData: PNG_1PX, imageType: 'image/png' },
    });
    const { imageUrl } = upload.json<{ imageUrl: string }>();
    const saved = await me.browser.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { profileImageUrl: `https://maps.googleapis.com.evil.example${imageUrl}` },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().profileImageUrl).toBe(imageUrl);
    expect(await storedImageUrls(me.id)).toEqual({ profile: imageUrl, account: imageUrl });
  });

  it.each([
    'https://lh3.googleusercontent.com.evil.example/a/photo.png',
    'https://evil.googleapis.com/tracker.gif',
    'https://lh3.googleusercontent.com/a/someone-elses-picture',
    'javascript:alert(1)',
  ])('refuses %s, which is no image of this user', async (url) => {
    const me = await signedIn();
    const saved = await me.browser.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { profileImageUrl: url },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toBe(IdentityMessages.invalidProfileImageUrl);
  });

  it('keeps the account’s own Google picture as it came from Google', async () => {
    const me = await signedIn();
    const picture = 'https://lh3.googleusercontent.com/a/ACg8ocOwn-picture=s96-c';
    await identity.database.port.db.execute(
      sql`update identity.users set profile_image_url = ${picture} where id = ${me.id}`,
    );
    identity.clock.advance(2000); // past SESSION_CACHE_MS: the next request reads the row
    const saved = await me.browser.inject({
      method: 'PUT',
      url: `/api/profile/${me.id}`,
      payload: { displayName: 'Asha', profileImageUrl: picture },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profileImageUrl).toBe(picture);
  });
});

describe('Google picture at sign-up', () => {
  it('keeps only an https picture on Google’s picture host', () => {
    expect(googlePictureUrl('https://lh3.googleusercontent.com/a/ACg8oc=s96-c')).toBe(
      'https://lh3.googleusercontent.com/a/ACg8oc=s96-c',
    );
    for (const picture of [
      undefined,
      '',
      'http://lh3.googleusercontent.com/a/x',
      'https://lh3.googleusercontent.com.evil.example/a/x',
      'https://user:pw@lh3.googleusercontent.com/a/x',
      'https://evil.googleapis.com/a/x',
      'not a url',
    ])
      expect(googlePictureUrl(picture)).toBeNull();
  });
});
