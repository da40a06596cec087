import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { circleSchema } from '@saathi/contracts';
import type { Circle } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import type { TestFeed } from './test-feed';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The circle routes as one person calls them, on the test feed `feedOf` answers (started in beforeAll). */
export function circleHelpers(feedOf: () => TestFeed) {
  let placeCounter = 0;

  /** A place of its own per test, a few km from every other (south of the activity tests' places). */
  function freshPlace() {
    placeCounter += 1;
    return { latitude: 12.4 + placeCounter * 0.05, longitude: 76.61 };
  }

  async function call(user: AuthUser | null, method: Method, url: string, payload?: unknown) {
    const response = await feedOf().app.inject({
      method,
      url,
      ...(user ? { cookies: feedOf().signIn(user).cookies } : {}),
      payload: payload as Record<string, unknown> | undefined,
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function create(user: AuthUser, place: { latitude: number; longitude: number }, body: object = {}) {
    const answer = await call(user, 'POST', '/api/circles', {
      name: 'Sunrise runners',
      description: 'Easy 5 km runs before work',
      topic: 'fitness',
      ...place,
      ...body,
    });
    if (answer.status !== 201)
      throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return circleSchema.parse(answer.body);
  }

  /** Members written straight into the tables (fast: the cap tests need 200). */
  async function seedMembers(circle: Circle, count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => randomUUID());
    if (count === 0) return ids;
    await feedOf().rows(
      sql`insert into feed.circle_members (circle_id, user_id, role, joined_at)
          select ${circle.id}, id, 'member', now() from unnest(${`{${ids.join(',')}}`}::uuid[]) as id`,
    );
    await feedOf().rows(
      sql`update feed.circles set member_count = member_count + ${count} where id = ${circle.id}`,
    );
    return ids;
  }

  return {
    freshPlace,
    call,
    create,
    seedMembers,
    get: (user: AuthUser | null, circle: { id: string }) => call(user, 'GET', `/api/circles/${circle.id}`),
    join: (user: AuthUser, circle: { id: string }, note?: string) =>
      call(user, 'POST', `/api/circles/${circle.id}/join`, note === undefined ? {} : { note }),
    leave: (user: AuthUser, circle: { id: string }) =>
      call(user, 'DELETE', `/api/circles/${circle.id}/membership`),
    members: (user: AuthUser, circle: { id: string }) =>
      call(user, 'GET', `/api/circles/${circle.id}/members`),
    requests: (user: AuthUser, circle: { id: string }) =>
      call(user, 'GET', `/api/circles/${circle.id}/requests`),
    accept: (user: AuthUser, circle: { id: string }, who: AuthUser) =>
      call(user, 'POST', `/api/circles/${circle.id}/requests/${who.id}/accept`),
    decline: (user: AuthUser, circle: { id: string }, who: AuthUser) =>
      call(user, 'POST', `/api/circles/${circle.id}/requests/${who.id}/decline`),
    remove: (user: AuthUser, circle: { id: string }, who: { id: string }) =>
      call(user, 'DELETE', `/api/circles/${circle.id}/members/${who.id}`),
    reinvite: (user: AuthUser, circle: { id: string }, who: AuthUser) =>
      call(user, 'POST', `/api/circles/${circle.id}/removed/${who.id}/reinvite`),
    setRole: (user: AuthUser, circle: { id: string }, who: { id: string }, role: 'organiser' | 'member') =>
      call(user, 'PUT', `/api/circles/${circle.id}/members/${who.id}/role`, { role }),
    near: (user: AuthUser | null, point: { latitude: number; longitude: number }, query = '') =>
      call(user, 'GET', `/api/circles?latitude=${point.latitude}&longitude=${point.longitude}${query}`),
  };
}
