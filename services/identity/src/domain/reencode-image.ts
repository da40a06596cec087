import sharp from 'sharp';
import { IMAGE_CONTENT_TYPES } from './image-sniffing';
import type { ImageKind } from '@saathi/platform';

/** Longest side after re-encoding; avatars never need more. */
export const MAX_IMAGE_SIDE = 1024;
/**
 * Refuse decompression bombs before decoding: a 5 MB PNG can claim billions of pixels. 24 MP
 * takes a full-size photo from a phone camera (about 96 MB decoded); an avatar needs far less,
 * and every upload beyond it would only cost memory and CPU.
 */
export const MAX_INPUT_PIXELS = 24_000_000;

export interface ReencodedImage {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
}

/**
 * Decodes and re-encodes in the sniffed format: strips every metadata block (EXIF GPS, ICC
 * comments, XMP), applies the EXIF orientation first, and bounds the size to
 * MAX_IMAGE_SIDE². Animated GIF/WebP stay animated.
 */
export async function reencodeImage(bytes: Buffer, kind: ImageKind): Promise<ReencodedImage> {
  const animated = kind === 'gif' || kind === 'webp';
  try {
    let pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' });
    const meta = await pipeline.metadata();
    if ((meta.pages ?? 1) <= 1) pipeline = pipeline.rotate();
    pipeline = pipeline.resize({
      width: MAX_IMAGE_SIDE,
      height: MAX_IMAGE_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    switch (kind) {
      case 'png':
        pipeline = pipeline.png();
        break;
      case 'jpeg':
        pipeline = pipeline.jpeg({ quality: 85 });
        break;
      case 'webp':
        pipeline = pipeline.webp({ quality: 85 });
        break;
      case 'gif':
        pipeline = pipeline.gif();
        break;
    }
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: IMAGE_CONTENT_TYPES[kind],
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch (error) {
    throw new UnreadableImageError((error as Error).message);
  }
}
