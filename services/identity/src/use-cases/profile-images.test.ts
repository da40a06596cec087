import { describe, expect, it } from 'vitest';
import { IdentityMessages, PROFILE_IMAGE_MAX_BYTES } from '@saathi/contracts';
import type { ProfileImagesRepository } from '../db/profile-images-repository';
import type { ProfileImageRow } from '../db/schema';
import { fake, fakeClock, limits, member, NOW, outcomeOf, routeInput } from '../testing/fake-core';
import { deleteUnusedUploads, profileImage, uploadProfileImage } from './profile-images';

// The upload's checks in their order (cheap ones first, then the rate, the decoding and the
// quota), the avatar's sizes and the daily clean-up, on fakes.

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const IMAGE_ID = '00000000-0000-4000-8000-0000000000d1';

function core(options: { quotaLeft?: boolean; uploadsPerHour?: number } = {}) {
  const stored: string[] = [];
  return {
    stored,
    clock: fakeClock(),
    imageQuota: 20,
    limits: limits(
      options.uploadsPerHour
        ? { uploadsPerUser: { limit: options.uploadsPerHour, windowMs: 3_600_000 } }
        : {},
    ),
    images: fake<ProfileImagesRepository>({
      insertOwnWithinQuota: (userId: string, image: { contentType: string }) => {
        stored.push(`${userId} ${image.contentType}`);
        return Promise.resolve(options.quotaLeft === false ? null : { id: IMAGE_ID });
      },
    }),
  };
}

const upload = (imageData: string, user = member()) =>
  routeInput(user, { body: { imageData, imageType: 'image/png' } });

describe('uploadProfileImage', () => {
  it('stores the re-encoded image and answers its URL', async () => {
    const deps = core();
    const user = member();
    expect(await uploadProfileImage(deps, upload(`data:image/png;base64,${PNG_1X1}`, user))).toEqual({
      imageUrl: `/api/upload/profile-image/${IMAGE_ID}`,
    });
    expect(deps.stored).toHaveLength(1);
    expect(deps.stored[0]).toMatch(new RegExp(`^${user.id} image/`));
  });

  it('refuses what is not a base64 data URL, or not an image, before decoding anything', async () => {
    for (const data of [
      'hello',
      'data:image/png;base64,***',
      `data:image/png;base64,${Buffer.from('plain text').toString('base64')}`,
    ]) {
      const deps = core();
      expect(await outcomeOf(uploadProfileImage(deps, upload(data)))).toEqual({
        kind: 'invalid',
        message: IdentityMessages.imageUnsupported,
        code: 'UNSUPPORTED_IMAGE',
      });
      expect(deps.stored).toEqual([]);
    }
  });

  it('refuses an image past the size limit as too large', async () => {
    const big = Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 3).toString('base64');
    expect(await outcomeOf(uploadProfileImage(core(), upload(`data:image/png;base64,${big}`)))).toEqual({
      kind: 'too-large',
      message: IdentityMessages.imageTooLarge,
      code: 'IMAGE_TOO_LARGE',
    });
  });

  it('counts uploads per person, and refuses past the quota of kept images', async () => {
    const deps = core({ uploadsPerHour: 1 });
    const user = member();
    const png = `data:image/png;base64,${PNG_1X1}`;
    await uploadProfileImage(deps, upload(png, user));
    expect(await outcomeOf(uploadProfileImage(deps, upload(png, user)))).toMatchObject({
      kind: 'rate-limited',
      code: 'RATE_LIMITED',
    });
    expect(await outcomeOf(uploadProfileImage(core({ quotaLeft: false }), upload(png)))).toEqual({
      kind: 'rate-limited',
      message: IdentityMessages.imageQuotaReached,
      code: 'IMAGE_QUOTA',
    });
  });
});

describe('profileImage', () => {
  const row = { id: IMAGE_ID, contentType: 'image/webp', data: Buffer.from('image') } as ProfileImageRow;

  it('answers the stored image, or a sized copy', async () => {
    const sized: string[] = [];
    const deps = {
      images: fake<ProfileImagesRepository>({ find: () => Promise.resolve(row) }),
      avatarSizes: {
        sized: (id: string, _data: Buffer, size: number) => {
          sized.push(`${id}@${size}`);
          return Promise.resolve({ contentType: 'image/webp', data: Buffer.from('small') });
        },
      },
    };
    expect(await profileImage(deps, { params: { id: IMAGE_ID }, query: {} })).toBe(row);
    expect(
      (await profileImage(deps, { params: { id: IMAGE_ID }, query: { size: '96' } })).data.toString(),
    ).toBe('small');
    expect(sized).toEqual([`${IMAGE_ID}@96`]);
  });

  it('is a 404 for an unknown image', async () => {
    const deps = {
      images: fake<ProfileImagesRepository>({ find: () => Promise.resolve(undefined) }),
      avatarSizes: fake<{ sized(): Promise<never> }>(),
    };
    expect(await outcomeOf(profileImage(deps, { params: { id: IMAGE_ID }, query: {} }))).toMatchObject({
      kind: 'not-found',
      message: IdentityMessages.imageNotFound,
    });
  });
});

describe('deleteUnusedUploads', () => {
  it('deletes unused uploads older than a day', async () => {
    const cutoffs: Date[] = [];
    const images = fake<ProfileImagesRepository>({
      deleteUnused: (before: Date) => {
        cutoffs.push(before);
        return Promise.resolve(2);
      },
    });
    expect(await deleteUnusedUploads({ images, clock: fakeClock() })).toBe(2);
    expect(cutoffs).toEqual([new Date(NOW.getTime() - 24 * 3_600_000)]);
  });
});
