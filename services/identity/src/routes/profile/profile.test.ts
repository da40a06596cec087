import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => {
  await identity?.close();
});

async function signedIn() {
  const browser = identity.browser();
  const body = buildRegistration();
  const response = await browser.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { browser, id: response.json().id as string, ...body };
}

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

describe('profiles', () => {
  it('answers 401 when signed out', async () => {
    const { id } = await signedIn();
    const anonymous = identity.browser();
    expect((await anonymous.inject({ method: 'GET', url: `/api/profile/${id}` })).statusCode).toBe(401);
    expect(
      (await anonymous.inject({ method: 'POST', url: '/api/profile', payload: { displayName: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await anonymous.inject({ method: 'PUT', url: `/api/profile/${id}`, payload: { displayName: 'x' } }))
        .statusCode,
    ).toBe(401);
  });

  it('answers an empty profile before the first save, then creates and updates', async () => {
    const me = await signedIn();
    const other = await signedIn();
    // Not an error: a new person's profile screen asks for it first thing.
    for (const browser of [me.browser, other.browser]) {
      const unsaved = await browser.inject({ method: 'GET', url: `/api/profile/${me.id}` });
      expect(unsaved.statusCode).toBe(200);
      expect(unsaved.json()).toEqual({
        id: null,
        userId: me.id,
        displayName: null,
        bio: null,
        profileImageUrl: null,
        createdAt: null,
        updatedAt: null,
        interests: [],
        sharedInterests: [],
        memberSince: expect.stringMatching(/^\d{4}-\d{2}$/),
        emailVerified: false,
      });
    }
    const unknown = await me.browser.inject({ method: 'GET', url: `/api/profile/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(IdentityMessages.profileNotFound);

    const created = await me.browser.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { displayName: 'Asha', bio: 'Runs at dawn', profileImageUrl: null, userId: me.id },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      userId: me.id,
      displayName: 'Asha',
      bio: 'Runs at dawn',
      profileImageUrl: null,
    });

    const updated = await me.browser.inject({
      method: 'PUT',
      url: `/api/profile/${me.id}`,
      payload: { displayName: 'Asha R', bio: 'Evenings now' },
    });
    expect(updated.statusCode).toBe(200);
    const fetched = await me.browser.inject({ method: 'GET', url: `/api/profile/${me.id}` });
    expect(fetched.json()).toMatchObject({ displayName: 'Asha R', bio: 'Evenings now' });
    expect(typeof fetched.json().id).toBe('string');
    expect(typeof fetched.json().createdAt).toBe('string');
  });

  it.each([
    [{ displayName: '' }, 'Name is required'],
    [{ displayName: 'n'.repeat(51) }, 'Name must be 50 characters or less'],
    [{ bio: 'b'.repeat(101) }, 'Bio must be 100 characters or less'],
  ])('answers 400 with the product message for %o', async (payload, message) => {
    const me = await signedIn();
    for (const request of [
      { method: 'POST' as const, url: '/api/profile' },
      { method: 'PUT' as const, url: `/api/profile/${me.id}` },
    ]) {
      const response = await me.browser.inject({ ...request, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it("refuses to edit another user's profile with 403, and ignores a foreign userId in POST", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    await owner.browser.inject({ method: 'POST', url: '/api/profile', payload: { displayName: 'Owner' } });
    const forbidden = await other.browser.inject({
      method: 'PUT',
      url: `/api/profile/${owner.id}`,
      payload: { displayName: 'Hacked' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(IdentityMessages.profileForbidden);
    const sneaky = await other.browser.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { displayName: 'Mine', userId: owner.id },
    });
    expect(sneaky.json().userId).toBe(other.id);
    expect(
      (await other.browser.inject({ method: 'GET', url: `/api/profile/${owner.id}` })).json().displayName,
    ).toBe('Owner');
  });

  it('accepts only images the user uploaded, and publishes user.updated with the new name and image', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const upload = await me.browser.inject({
      method: 'POST',
      url: '/api/upload/profile-image',
      payload: { imageData: PNG_1PX, imageType: 'image/png' },
    });
    const imageUrl = upload.json().imageUrl as string;
    const stolen = await other.browser.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { profileImageUrl: imageUrl },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(IdentityMessages.invalidProfileImageUrl);
    const external = await other.browser.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { profileImageUrl: 'https://tracker.example/pixel.gif' },
    });
    expect(external.statusCode).toBe(400);

    const saved = await me.browser.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { displayName: 'Asha', profileImageUrl: imageUrl },
    });
    expect(saved.statusCode).toBe(201);
    expect((await me.browser.inject({ method: 'GET', url: '/api/auth/user' })).json().profileImageUrl).toBe(
      imageUrl,
    );
    const events = await identity.outbox('identity.user.updated.v1');
    expect(events.filter((e) => e.data.userId === me.id).at(-1)?.data).toMatchObject({
      displayName: 'Asha',
      profileImageUrl: imageUrl,
      username: me.username,
    });
    expect(JSON.stringify(events)).not.toContain(me.email);

    // A bio-only change is not a public-face change: no event.
    const before = (await identity.outbox('identity.user.updated.v1')).length;
    await me.browser.inject({
      method: 'PUT',
      url: `/api/profile/${me.id}`,
      payload: { bio: 'just the bio' },
    });
    expect(await identity.outbox('identity.user.updated.v1')).toHaveLength(before);
  });
});

describe('display names', () => {
  it('are saved without control or bidi characters, as posted and as published', async () => {
    const me = await signedIn();
    // An override (U+202E) reverses what follows it; isolates, embeddings, marks and C0/C1
    // controls hide or reorder text too. Line breaks become a space.
    const typed =
      '\u202eAsha\u202c \u2066Rao\u2069\u200e\u200f\u202a\u202b\u202d\u2067\u2068\u0000\u0007\u001b\u0085\u009f\nK';
    const created = await me.browser.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { displayName: typed },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().displayName).toBe('Asha Rao K');
    const updated = await me.browser.inject({
      method: 'PUT',
      url: `/api/profile/${me.id}`,
      payload: { displayName: '\tMeera\u202e\u0008 Iyer\r\n' },
    });
    expect(updated.json().displayName).toBe('Meera Iyer');
    const shown = await me.browser.inject({ method: 'GET', url: `/api/profile/${me.id}` });
    expect(shown.json().displayName).toBe('Meera Iyer');
    const events = (await identity.outbox('identity.user.updated.v1')).filter((e) => e.data.userId === me.id);
    expect(events.map((e) => e.data.displayName)).toEqual(['Asha Rao K', 'Meera Iyer']);
  });

  it('made only of such characters count as empty', async () => {
    const me = await signedIn();
    const response = await me.browser.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { displayName: '\u202e\u2066\u200f' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Name is required');
  });
});

describe('GET /api/users/:userId', () => {
  it('shows only public fields — never e-mail, phone or the password hash', async () => {
    const target = await signedIn();
    const viewer = await signedIn();
    const response = await viewer.browser.inject({ method: 'GET', url: `/api/users/${target.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: target.id,
      username: target.username,
      firstName: null,
      lastName: null,
    });
    expect(response.body).not.toContain(target.email);
    expect(response.body).not.toContain(target.phone);
    expect(response.body).not.toContain('argon2');
  });

  it('answers 404 for an unknown user, 400 for a malformed id, 401 signed out', async () => {
    const viewer = await signedIn();
    const unknown = await viewer.browser.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(IdentityMessages.userNotFound);
    expect((await viewer.browser.inject({ method: 'GET', url: '/api/users/not-a-uuid' })).statusCode).toBe(
      400,
    );
    expect(
      (await identity.browser().inject({ method: 'GET', url: `/api/users/${viewer.id}` })).statusCode,
    ).toBe(401);
  });
});
