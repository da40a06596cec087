export const PROFILE_IMAGE_PATH = '/api/upload/profile-image';

export function imageUrlOf(id: string): string {
  return `${PROFILE_IMAGE_PATH}/${id}`;
}

/**
 * The image id of one of our own image URLs (relative, or absolute on any origin), else null.
 * Callers store `imageUrlOf(id)`, never the URL as given, so no client-chosen host is kept.
 */
export function imageIdFromUrl(url: string): string | null {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  const match =
    /^\/api\/upload\/profile-image\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(
      path,
    );
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * Where Google serves account pictures; the gateway's CSP `img-src` allows exactly this host.
 * A picture elsewhere (or over plain http) is not stored: the avatar shows the initial instead.
 */
export const GOOGLE_PICTURE_ORIGIN = 'https://lh3.googleusercontent.com';

/** The Google ID token's `picture`, if it is one we store and can show; else null. */
export function googlePictureUrl(picture: string | undefined): string | null {
  if (!picture) return null;
  try {
    const url = new URL(picture);
    return url.origin === GOOGLE_PICTURE_ORIGIN && url.username === '' && url.password === ''
      ? url.href
      : null;
  } catch {
    return null;
  }
}
