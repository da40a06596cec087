import { HOME_SCREEN_COOKIE, HOME_SCREEN_FEED } from '@saathi/contracts';
import { gradientPngDataUrl } from './photo';

/**
 * A neighbourhood to audit: one account and a page of posts around a point, made through the
 * public API like a real user would, so `/` shows a full feed and `/profile/:id` a real profile.
 * Every fourth post carries a photo, as many real posts will (issue 31 audits `/` with them).
 */
export const AUDIT_LOCATION = { locationName: 'Bangalore', latitude: 12.9716, longitude: 77.5946 };

/**
 * What a returning visitor with that location has in the browser: the location in localStorage
 * and the cookie the app keeps beside it, naming home's first screen (the gateway pre-renders
 * the feed for it; services/contracts/src/web/home-screen.ts).
 */
export const AUDIT_VISITOR = {
  localStorage: { userLocation: JSON.stringify(AUDIT_LOCATION) },
  cookies: { [HOME_SCREEN_COOKIE]: HOME_SCREEN_FEED },
};

const POSTS = [
  ['Morning run around Cubbon Park, 6 am, easy pace. Anyone?', ['fitness', 'morning']],
  ['Looking for a badminton partner on weekday evenings near MG Road.', ['gym']],
  ['Study group for the GRE: two evenings a week at the library.', ['study']],
  ['Sunday hike to Nandi Hills, leaving at 5 am. Two seats in the car.', ['hiking', 'weekend']],
  ['Yoga in the park on Saturday mornings, all levels welcome.', ['fitness']],
  ['Book club: this month we read short stories. Coffee included.', ['library']],
  ['Cycling group for beginners, 15 km loops on Sundays.', ['fitness', 'weekend']],
  ['Chess in the café after work, Thursdays at 7.', ['food']],
] as const;

export interface SeededFeed {
  userId: string;
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
}

export async function seedFeed(baseUrl: string): Promise<SeededFeed> {
  const suffix = Date.now().toString(36);
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `audit_${suffix}`,
      email: `audit-${suffix}@example.com`,
      phone: '+919800000000',
      password: 'Audit-password-1',
    }),
  });
  if (registered.status !== 201)
    throw new Error(`seed: register answered ${registered.status}: ${await registered.text()}`);
  const user = (await registered.json()) as { id: string };
  const cookie = cookiesOf(registered);
  for (const [index, [content, hashtags]] of POSTS.entries()) {
    const photoIds = index % 4 === 1 ? [await uploadPhoto(baseUrl, cookie)] : [];
    const created = await fetch(`${baseUrl}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ content, hashtags, photoIds, ...AUDIT_LOCATION }),
    });
    if (!created.ok) throw new Error(`seed: create post answered ${created.status}: ${await created.text()}`);
  }
  return { userId: user.id };
}

/** Uploads a 1600 × 1200 photo for the next post; its id. */
async function uploadPhoto(baseUrl: string, cookie: string): Promise<string> {
  const uploaded = await fetch(`${baseUrl}/api/post-photos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ imageData: gradientPngDataUrl(1600, 1200) }),
  });
  if (uploaded.status !== 201)
    throw new Error(`seed: photo upload answered ${uploaded.status}: ${await uploaded.text()}`);
  return ((await uploaded.json()) as { id: string }).id;
}
