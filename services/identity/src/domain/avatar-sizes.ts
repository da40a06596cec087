import sharp from 'sharp';

interface Sized {
  data: Buffer;
  contentType: string;
}

/**
 * Square WebP copies of stored avatars at the sizes the app shows. An image id never changes
 * content, so a copy made once stays right; the most recently used `maxEntries` are kept.
 */
export function createAvatarSizes(maxEntries = 500) {
  const cache = new Map<string, Promise<Sized>>();
  return {
    sized(id: string, original: Buffer, size: number): Promise<Sized> {
      const key = `${id}:${size}`;
      let copy = cache.get(key);
      if (copy) {
        cache.delete(key);
      } else {
        copy = sharp(original, { failOn: 'none' })
          .resize(size, size, { fit: 'cover' })
          .webp({ quality: 80 })
          .toBuffer()
          .then((data) => ({ data, contentType: 'image/webp' }));
        // A failed resize is not kept: the next request tries again.
        copy.catch(() => cache.delete(key));
      }
      cache.set(key, copy);
      if (cache.size > maxEntries) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return copy;
    },
  };
}
