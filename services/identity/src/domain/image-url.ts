export const PROFILE_IMAGE_PATH = '/api/upload/profile-image';

export function imageUrlOf(id: string): string {
  return `${PROFILE_IMAGE_PATH}/${id}`;
}

/** The image id of one of our own image URLs (relative, or absolute on any origin), else null. */
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
  return match ? match[1]!.toLowerCase() : null;
}
