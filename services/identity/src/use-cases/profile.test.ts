import { describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import type { ProfileImagesRepository } from '../db/profile-images-repository';
import type { ProfileChanges, ProfilesRepository } from '../db/profiles-repository';
import type { ProfileRow, UserRow } from '../db/schema';
import type { UsersRepository } from '../db/users-repository';
import {
  fake,
  fakeClock,
  fakeSessionCache,
  fakeUnitOfWork,
  member,
  meta,
  outcomeOf,
  profileRow,
  signedInAs,
  userRow,
} from '../testing/fake-core';
import { createProfile, updateProfile, viewProfile } from './profile';

// Viewing a profile (the interests two people share), saving one's own (only one's own, only
// one's own uploads as its image, an event when the public face changes), on fakes.

const IMAGE_ID = '00000000-0000-4000-8000-0000000000f1';

describe('viewProfile', () => {
  it('shows the interests the viewer shares, none on one’s own, and a 404 for someone unknown', async () => {
    const person = userRow();
    const viewer = member();
    const profiles = fake<ProfilesRepository>({
      findByUserId: (id: string) =>
        Promise.resolve(
          id === person.id
            ? profileRow({ userId: person.id, interests: ['running', 'chess'] })
            : profileRow({ userId: id, interests: ['chess'] }),
        ),
    });
    const users = fake<UsersRepository>({
      findById: (id: string) => Promise.resolve(id === person.id ? person : undefined),
    });
    const input = (userId: string, user = viewer) => ({
      user,
      params: { userId },
      query: undefined,
      body: undefined,
      meta,
    });
    expect((await viewProfile({ users, profiles }, input(person.id))).sharedInterests).toEqual(['chess']);
    expect(
      (await viewProfile({ users, profiles }, input(person.id, member({ id: person.id })))).sharedInterests,
    ).toEqual([]);
    expect(await outcomeOf(viewProfile({ users, profiles }, input(userRow().id)))).toMatchObject({
      kind: 'not-found',
      message: IdentityMessages.profileNotFound,
    });
  });
});

function saveCore(account: UserRow, options: { before?: ProfileRow; ownsImage?: boolean } = {}) {
  const { user, signedIn } = signedInAs(account);
  const saved: ProfileChanges[] = [];
  const core = {
    uow: fakeUnitOfWork(),
    clock: fakeClock(),
    sessionCache: fakeSessionCache(),
    signedIn,
    profiles: fake<ProfilesRepository>({
      findByUserId: () => Promise.resolve(options.before),
      upsertOwn: (_id: string, changes: ProfileChanges) => {
        saved.push(changes);
        return Promise.resolve({
          profile: profileRow({ userId: account.id, ...options.before, ...changes }),
          created: !options.before,
        });
      },
    }),
    images: fake<ProfileImagesRepository>({ isOwnedBy: () => Promise.resolve(options.ownsImage ?? true) }),
    users: fake<UsersRepository>({
      setProfileImageUrl: (_id: string, url: string | null) =>
        Promise.resolve({ ...account, profileImageUrl: url }),
    }),
  };
  return { core, user, saved };
}

describe('createProfile', () => {
  it('creates the caller’s own profile and announces the new public name', async () => {
    const account = userRow();
    const { core, user, saved } = saveCore(account);
    const { profile, created } = await createProfile(core, { user, body: { displayName: 'Asha' }, meta });
    expect(created).toBe(true);
    expect(profile).toMatchObject({ userId: account.id, displayName: 'Asha' });
    expect(saved).toEqual([{ displayName: 'Asha' }]);
    expect(core.uow.emitted.map((event) => event.type)).toEqual(['identity.user.updated.v1']);
  });

  it('stores an own upload in our form, and refuses anyone else’s image URL', async () => {
    const account = userRow();
    const own = saveCore(account);
    await createProfile(own.core, {
      user: own.user,
      body: { profileImageUrl: `https://look-alike.example/api/upload/profile-image/${IMAGE_ID}` },
      meta,
    });
    expect(own.saved).toEqual([{ profileImageUrl: `/api/upload/profile-image/${IMAGE_ID}` }]);
    // The account's own image changed too: the signed-in cache forgets the old one.
    expect(own.core.sessionCache.cleared).toBe(1);

    const other = saveCore(account, { ownsImage: false });
    expect(
      await outcomeOf(
        createProfile(other.core, {
          user: other.user,
          body: { profileImageUrl: `/api/upload/profile-image/${IMAGE_ID}` },
          meta,
        }),
      ),
    ).toEqual({
      kind: 'invalid',
      message: IdentityMessages.invalidProfileImageUrl,
      code: 'INVALID_IMAGE_URL',
    });
    expect(other.saved).toEqual([]);
  });
});

describe('updateProfile', () => {
  it('writes only the caller’s own profile', async () => {
    const account = userRow();
    const { core, user } = saveCore(account, { before: profileRow({ userId: account.id, bio: 'hi' }) });
    const input = (userId: string) => ({
      user,
      params: { userId },
      body: { bio: 'hello' },
      query: undefined,
      meta,
    });
    expect(await updateProfile(core, input(account.id))).toMatchObject({ userId: account.id, bio: 'hello' });
    // Same name, same image: nothing to announce.
    expect(core.uow.emitted).toEqual([]);
    expect(await outcomeOf(updateProfile(core, input(userRow().id)))).toMatchObject({
      kind: 'forbidden',
      message: IdentityMessages.profileForbidden,
    });
  });
});
