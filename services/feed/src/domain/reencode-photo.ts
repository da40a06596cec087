import sharp from 'sharp';
import type { Sharp } from 'sharp';

/**
 * The card's width: about what a photo takes in the feed's column on a phone's 2x screen (two
 * across), at a fraction of the full size's bytes; the full size loads only when tapped.
 */
export const CARD_WIDTH = 480;
/** The full view's longest side. */
export const FULL_SIDE = 1280;
/**
 * Refuse decompression bombs before decoding: a few MB of PNG can claim billions of pixels.
 * 24 MP takes a full-size photo from a phone camera (about 96 MB decoded); nothing larger is a
 * photo anyone took.
 */
export const MAX_INPUT_PIXELS = 24_000_000;
export const PHOTO_CONTENT_TYPE = 'image/webp';

export interface EncodedSize {
  data: Buffer;
  width: number;
  height: number;
}

export interface ReencodedPhoto {
  contentType: string;
  card: EncodedSize;
  full: EncodedSize;
}

export class UnreadablePhotoError extends Error {
  override readonly name = 'UnreadablePhotoError';
}

/**
 * Decodes once and writes the two sizes as new WebP files. Nothing of the upload's metadata is
 * carried over: sharp writes none unless asked (no `withMetadata`/`keepExif` here), so EXIF (GPS
 * above all: a photo taken at home would undo the ~110 m snapping), XMP, IPTC, comments and the
 * ICC profile are gone. The EXIF orientation is applied to the pixels first, so the photo stays
 * upright without it. An animated GIF or WebP keeps its first frame: a post shows photos.
 */
export async function reencodePhoto(bytes: Buffer): Promise<ReencodedPhoto> {
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const encode = async (pipeline: Sharp): Promise<EncodedSize> => {
      const { data, info } = await pipeline.webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    };
    const [card, full] = await Promise.all([
      encode(upright.clone().resize({ width: CARD_WIDTH, withoutEnlargement: true })),
      encode(
        upright
          .clone()
          .resize({ width: FULL_SIDE, height: FULL_SIDE, fit: 'inside', withoutEnlargement: true }),
      ),
    ]);
    return { contentType: PHOTO_CONTENT_TYPE, card, full };
  } catch (error) {
    throw new UnreadablePhotoError((error as Error).message);
  }
}
