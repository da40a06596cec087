// Photos on posts (issue 31): the bytes decide the type, every upload is re-encoded without its
// metadata (EXIF GPS above all), at most 4 per post and POST_PHOTOS_PER_DAY a day per person,
// served from our origin with nosniff, and gone with the post or the account.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  contentHiddenV1,
  FeedMessages,
  feedPostSchema,
  POST_PHOTO_MAX_BYTES,
  photoRemovedV1,
  postPhotoUrl,
  userDeletedV1,
} from '@saathi/contracts';
import type { FeedPost, PostPhoto } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { buildUser, DELHI, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

const QUOTA = 6;
let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed({ POST_PHOTOS_PER_DAY: String(QUOTA) });
});
afterAll(() => feed.close());

/** A 2000×1500 JPEG as a phone writes it: EXIF with the exact GPS of where it was taken. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera 9', Copyright: 'Asha' },
      // GPS IFD: latitude 28° 37' 55.2" N, longitude 77° 13' 8.4" E.
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '28/1 37/1 552/10',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 13/1 84/10',
      },
    })
    .toBuffer();
}

const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

const upload = (user: AuthUser, imageData: string) =>
  feed.app.inject({ method: 'POST', url: '/api/post-photos', ...feed.signIn(user), payload: { imageData } });

async function uploaded(user: AuthUser, bytes?: Buffer): Promise<PostPhoto> {
  const response = await upload(user, dataUrl(bytes ?? (await smallPng())));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PostPhoto>();
}

const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#a37' } })
    .png()
    .toBuffer();

const post = (user: AuthUser, photoIds: string[]) =>
  feed.app.inject({
    method: 'POST',
    url: '/api/posts',
    ...feed.signIn(user),
    payload: { content: 'Sunset from the terrace', ...DELHI, photoIds },
  });

const served = (id: string, size: 'card' | 'full') =>
  feed.app.inject({ method: 'GET', url: postPhotoUrl(id, size) });

describe('photos on posts', () => {
  it('strips the EXIF (GPS first) from the stored and the served photo, in both sizes', async () => {
    const asha = buildUser();
    const original = await phoneJpeg();
    const exif = (await sharp(original).metadata()).exif;
    // The GPS IFD is there: its pointer tag (0x8825) in the EXIF block, and the camera's name.
    expect(exif?.includes(Buffer.from([0x88, 0x25])) || exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(original.includes(Buffer.from('Camera 9'))).toBe(true);

    const photo = await uploaded(asha, original);
    expect(photo).toMatchObject({ width: 1280, height: 960 });
    const created = await post(asha, [photo.id]);
    expect(created.statusCode, created.body).toBe(201);
    const shown = feedPostSchema.parse(created.json<FeedPost>());
    expect(shown.photos).toEqual([photo]);

    const [stored] = await feed.rows<{ card: Buffer; full_image: Buffer }>(
      sql`select card, full_image from feed.post_photos where id = ${photo.id}`,
    );
    if (!stored) throw new Error('the photo was not stored');
    for (const bytes of [stored.card, stored.full_image]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes(Buffer.from('Camera 9'))).toBe(false);
    }

    for (const [size, width] of [
      ['card', 480],
      ['full', 1280],
    ] as const) {
      const response = await served(photo.id, size);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(response.rawPayload.includes(Buffer.from('Camera 9'))).toBe(false);
    }
  });

  it('judges the type by the bytes: a PNG header on text, a text file, a JPEG declared as PNG', async () => {
    const user = buildUser();
    const pngHeaderOnText = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not really an image'),
    ]);
    const unreadable = await upload(user, dataUrl(pngHeaderOnText, 'image/png'));
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toMatchObject({ message: FeedMessages.photoUnreadable });

    const text = await upload(user, dataUrl(Buffer.from('hello, this is a text file'), 'image/jpeg'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ message: FeedMessages.photoUnsupported });

    const notDataUrl = await upload(user, 'https://example.com/cat.jpg');
    expect(notDataUrl.statusCode).toBe(400);
    expect(notDataUrl.json()).toHaveProperty('message');

    // The declared type is ignored both ways: real JPEG bytes declared as PNG are a photo.
    const jpegAsPng = await upload(user, dataUrl(await phoneJpeg(), 'image/png'));
    expect(jpegAsPng.statusCode).toBe(201);
  });

  it('refuses a decompression bomb (more than 24 MP) and more than 8 MB, with a message', async () => {
    const user = buildUser();
    // 6000×5000 of one colour: a small file that would decode to 30 MP.
    const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const refused = await upload(user, dataUrl(bomb, 'image/png'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: FeedMessages.photoUnreadable });

    const huge = Buffer.alloc(POST_PHOTO_MAX_BYTES + 3, 0);
    huge.set([0xff, 0xd8, 0xff]);
    const tooLarge = await upload(user, dataUrl(huge));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: FeedMessages.photoTooLarge });
  });

  it('refuses signed-out uploads', async () => {
    const response = await feed.app.inject({
      method: 'POST',
      url: '/api/post-photos',
      payload: { imageData: dataUrl(await smallPng()) },
    });
    expect(response.statusCode).toBe(401);
  });

  it('takes at most 4 photos on a post, each only once and only its uploader’s', async () => {
    const [ravi, mallory] = [buildUser(), buildUser()];
    const photos = [];
    for (let i = 0; i < 5; i++) photos.push(await uploaded(ravi));
    const ids = photos.map((photo) => photo.id);

    const five = await post(ravi, ids);
    expect(five.statusCode).toBe(400);
    expect(five.json<{ message: string }>().message).toMatch(/at most 4 photos/);

    const stolen = await post(mallory, ids.slice(0, 1));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ message: FeedMessages.photoNotFound });

    const four = await post(ravi, ids.slice(0, 4).reverse());
    expect(four.statusCode, four.body).toBe(201);
    expect(four.json<FeedPost>().photos?.map((photo) => photo.id)).toEqual(ids.slice(0, 4).reverse());

    // A photo already on a post cannot be taken again; the refused post is not written.
    const again = await post(ravi, [ids[4] ?? '', ids[0] ?? '']);
    expect(again.statusCode).toBe(400);
    const [left] = await feed.rows<{ n: number }>(
      sql`select count(*)::int as n from feed.post_photos where id = ${ids[4] ?? ''} and post_id is null`,
    );
    expect(left?.n).toBe(1);

    // An upload no post has taken is not served.
    expect((await served(ids[4] ?? '', 'card')).statusCode).toBe(404);
  });

  it('counts POST_PHOTOS_PER_DAY uploads a day per person, and the day passes', async () => {
    const [busy, other] = [buildUser(), buildUser()];
    for (let i = 0; i < QUOTA; i++) await uploaded(busy);
    const refused = await upload(busy, dataUrl(await smallPng()));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: FeedMessages.photoQuotaReached });
    await uploaded(other);
    feed.clock.advance(24 * 3_600_000 + 1000);
    await uploaded(busy);
  });

  it('deletes the photos with their post, and a person’s photos with their account', async () => {
    const [nila, kiran] = [buildUser(), buildUser()];
    const photo = await uploaded(nila);
    const created = (await post(nila, [photo.id])).json<FeedPost>();
    expect((await served(photo.id, 'full')).statusCode).toBe(200);
    const deleted = await feed.app.inject({
      method: 'DELETE',
      url: `/api/posts/${created.id}`,
      ...feed.signIn(nila),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await feed.rows(sql`select 1 from feed.post_photos where id = ${photo.id}`)).toHaveLength(0);
    expect((await served(photo.id, 'full')).statusCode).toBe(404);

    const posted = await uploaded(kiran);
    await post(kiran, [posted.id]);
    const pending = await uploaded(kiran);
    await feed.publish(userDeletedV1, { userId: kiran.id });
    await waitFor(
      async () =>
        (await feed.rows(sql`select 1 from feed.post_photos where owner_id = ${kiran.id}`)).length === 0,
      10_000,
      'the account’s photos to go',
    );
    expect(
      await feed.rows(sql`select 1 from feed.post_photos where id in (${posted.id}, ${pending.id})`),
    ).toHaveLength(0);
  });

  it('deletes uploads no post took within a day, on the expiry sweep', async () => {
    const user = buildUser();
    const kept = await uploaded(user);
    await post(user, [kept.id]);
    const forgotten = await uploaded(user);
    feed.clock.advance(24 * 3_600_000 + 1000);
    await feed.runPostExpiry();
    await waitFor(
      async () =>
        (await feed.rows(sql`select 1 from feed.post_photos where id = ${forgotten.id}`)).length === 0,
      10_000,
      'the unattached upload to go',
    );
    expect(await feed.rows(sql`select 1 from feed.post_photos where id = ${kept.id}`)).toHaveLength(1);
  });

  it('takes one photo off a post when moderation hides it: gone, 404, the rest and the post stay', async () => {
    const author = buildUser();
    const admin = buildUser({ role: 'admin' });
    const photos = [await uploaded(author), await uploaded(author), await uploaded(author)];
    const [first, hiddenPhoto, last] = photos.map((photo) => photo.id) as [string, string, string];
    const created = (await post(author, [first, hiddenPhoto, last])).json<FeedPost>();
    const shownIds = async () =>
      (await feed.list(DELHI)).find((entry) => entry.id === created.id)?.photos?.map((photo) => photo.id);
    expect(await shownIds()).toEqual([first, hiddenPhoto, last]);
    // Reported enough to be hidden from everyone, then reviewed: one photo goes, the post is kept.
    await feed.publish(contentHiddenV1, { targetKind: 'post', targetId: created.id });
    await waitFor(async () => (await shownIds()) === undefined, 10_000, 'the post to be hidden');

    const removal = { postId: created.id, photoId: hiddenPhoto, actorId: admin.id };
    await feed.publish(photoRemovedV1, removal);
    await waitFor(
      async () => JSON.stringify(await shownIds()) === JSON.stringify([first, last]),
      10_000,
      'the post to show again without the photo',
    );
    expect(await feed.rows(sql`select 1 from feed.post_photos where id = ${hiddenPhoto}`)).toHaveLength(0);
    expect((await served(hiddenPhoto, 'card')).statusCode).toBe(404);
    expect((await served(hiddenPhoto, 'full')).statusCode).toBe(404);
    expect((await served(first, 'card')).statusCode).toBe(200);
    expect((await served(last, 'full')).statusCode).toBe(200);

    // Again (a new event for the same photo), a photo of another post, a post that is gone: no change.
    const other = await uploaded(author);
    const otherPost = (await post(author, [other.id])).json<FeedPost>();
    const ignored = [
      await feed.publish(photoRemovedV1, removal),
      await feed.publish(photoRemovedV1, { postId: created.id, photoId: other.id, actorId: admin.id }),
      await feed.publish(photoRemovedV1, { postId: randomUUID(), photoId: other.id, actorId: admin.id }),
      await feed.publish(photoRemovedV1, { postId: otherPost.id, photoId: last, actorId: admin.id }),
    ];
    for (const eventId of ignored)
      await feed.waitForRow(
        sql`select 1 from feed.inbox where consumer = 'feed.photo-removed' and event_id = ${eventId}`,
      );
    expect(await shownIds()).toEqual([first, last]);
    expect(
      await feed.rows(sql`select 1 from feed.post_photos where id in (${other.id}, ${last})`),
    ).toHaveLength(2);
  });
});
