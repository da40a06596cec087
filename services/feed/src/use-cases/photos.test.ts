import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { FeedMessages, IdentityMessages, POST_PHOTO_MAX_BYTES } from '@saathi/contracts';
import type { AuthorsRepository } from '../db/authors-repository';
import type { PostPhotosRepository } from '../db/photos-repository';
import { fake, fakeClock, member, outcomeOf } from '../testing/fake-core';
import { shownPhoto, uploadPostPhoto } from './photos';

// An upload's checks on fakes, cheapest first: the data URL, the size, the bytes, the writer,
// the decoding, then the quota when it is stored.

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const tinyPng = () =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#a37' } })
    .png()
    .toBuffer();

function core(options: { suspended?: boolean; withinQuota?: boolean } = {}) {
  return {
    clock: fakeClock(),
    photosPerDay: 2,
    authors: fake<AuthorsRepository>({
      ensureWriter: () => Promise.resolve({ suspended: options.suspended ?? false }),
    }),
    photos: fake<PostPhotosRepository>({
      insertWithinQuota: (_owner: string, _photo: unknown, _now: Date, quota: number) =>
        Promise.resolve(
          options.withinQuota === false
            ? undefined
            : { id: `photo-of-${quota}`, width: 8, height: 6, cardUrl: 'c', fullUrl: 'f' },
        ),
    }),
  };
}

const upload = (deps: ReturnType<typeof core>, imageData: string) =>
  uploadPostPhoto(deps, { user: member(), body: { imageData } });

describe('uploadPostPhoto', () => {
  it('keeps a real image within the day’s quota', async () => {
    expect(await upload(core(), dataUrl(await tinyPng()))).toMatchObject({ id: 'photo-of-2' });
  });

  it('refuses what is not an image, what is too large, and an unreadable image', async () => {
    expect(await outcomeOf(upload(core(), 'not a data url'))).toEqual({
      kind: 'invalid',
      message: FeedMessages.photoUnsupported,
      code: 'UNSUPPORTED_IMAGE',
    });
    expect(await outcomeOf(upload(core(), dataUrl(Buffer.from('plain text'))))).toEqual({
      kind: 'invalid',
      message: FeedMessages.photoUnsupported,
      code: 'UNSUPPORTED_IMAGE',
    });
    const tooLarge = dataUrl(Buffer.alloc(POST_PHOTO_MAX_BYTES + 1));
    expect(await outcomeOf(upload(core(), tooLarge))).toEqual({
      kind: 'too-large',
      message: FeedMessages.photoTooLarge,
      code: 'IMAGE_TOO_LARGE',
    });
    const pngHeaderOnText = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not really'),
    ]);
    expect(await outcomeOf(upload(core(), dataUrl(pngHeaderOnText)))).toEqual({
      kind: 'invalid',
      message: FeedMessages.photoUnreadable,
      code: 'UNREADABLE_IMAGE',
    });
  });

  it('refuses a suspended writer before decoding, and past the quota (429, PHOTO_QUOTA)', async () => {
    const png = dataUrl(await tinyPng());
    expect(await outcomeOf(upload(core({ suspended: true }), png))).toEqual({
      kind: 'forbidden',
      message: IdentityMessages.accountSuspended,
      code: 'ACCOUNT_SUSPENDED',
    });
    const refused = await upload(core({ withinQuota: false }), png).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      kind: 'rate-limited',
      message: FeedMessages.photoQuotaReached,
      code: 'PHOTO_QUOTA',
    });
  });
});

describe('shownPhoto', () => {
  it('answers the bytes of a photo on show, else 404', async () => {
    const found = { contentType: 'image/webp', data: Buffer.from('x') };
    const photos = (answer: typeof found | undefined) =>
      fake<PostPhotosRepository>({ findShown: () => Promise.resolve(answer) });
    const input = { params: { id: 'p' }, query: { size: 'card' as const } };
    expect(await shownPhoto({ photos: photos(found), clock: fakeClock() }, input)).toBe(found);
    expect(await outcomeOf(shownPhoto({ photos: photos(undefined), clock: fakeClock() }, input))).toEqual({
      kind: 'not-found',
      message: FeedMessages.photoNotFound,
    });
  });
});
