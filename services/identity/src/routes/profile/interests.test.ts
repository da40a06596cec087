import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_INTERESTS,
  INTERESTS,
  INTERESTS_MAX,
  InterestMessages,
  IdentityMessages,
} from '@saathi/contracts';
import type { Profile } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';
import { identityPartOf } from '../../db/data-exports-repository';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => {
  await identity?.close();
});

async function signedIn() {
  const browser = identity.browser();
  const body = buildRegistration();
  const response = await browser.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { browser, id: response.json().id as string, ...body };
}
type Person = Awaited<ReturnType<typeof signedIn>>;

const pick = (person: Person, interests: unknown) =>
  person.browser.inject({ method: 'POST', url: '/api/profile', payload: { interests } });

const profileAs = async (viewer: Person, owner: Person) =>
  (await viewer.browser.inject({ method: 'GET', url: `/api/profile/${owner.id}` })).json<Profile>();

describe('interests', () => {
  it('are saved in the list order, once each, and shown to others with the shared ones', async () => {
    const asha = await signedIn();
    const ravi = await signedIn();
    const saved = await pick(asha, ['chess', '#hiking', 'badminton', '#hiking', '#music']);
    expect(saved.statusCode).toBe(201);
    expect(saved.json<Profile>().interests).toEqual(['#music', '#hiking', 'badminton', 'chess']);
    expect(saved.json<Profile>().sharedInterests).toEqual([]);

    // Ravi has none yet: he sees Asha's, and shares none.
    expect(await profileAs(ravi, asha)).toMatchObject({
      interests: ['#music', '#hiking', 'badminton', 'chess'],
      sharedInterests: [],
    });

    await pick(ravi, ['#hiking', 'chess', 'running']);
    expect((await profileAs(ravi, asha)).sharedInterests).toEqual(['#hiking', 'chess']);
    expect((await profileAs(asha, ravi)).sharedInterests).toEqual(['#hiking', 'chess']);
    // One's own profile marks nothing as shared.
    expect((await profileAs(asha, asha)).sharedInterests).toEqual([]);

    // Saving the name alone keeps them; [] clears them.
    await asha.browser.inject({
      method: 'PUT',
      url: `/api/profile/${asha.id}`,
      payload: { displayName: 'Asha' },
    });
    expect((await profileAs(asha, asha)).interests).toHaveLength(4);
    await asha.browser.inject({ method: 'PUT', url: `/api/profile/${asha.id}`, payload: { interests: [] } });
    expect(await profileAs(ravi, asha)).toMatchObject({ interests: [], sharedInterests: [] });
  });

  it(`takes ${INTERESTS_MAX} and refuses more, or an unknown one, with 400 and a message`, async () => {
    const me = await signedIn();
    const ten = INTERESTS.slice(0, INTERESTS_MAX);
    expect((await pick(me, ten)).json<Profile>().interests).toEqual(ten);

    for (const [interests, message] of [
      [INTERESTS.slice(0, INTERESTS_MAX + 1), InterestMessages.tooMany],
      [['#hiking', 'skydiving'], InterestMessages.unknown],
      // A hashtag is written with its #, an activity without one.
      [['hiking'], InterestMessages.unknown],
      [[`#${ACTIVITY_INTERESTS[0]}`], InterestMessages.unknown],
      ['#hiking', undefined],
    ] as const) {
      for (const request of [
        { method: 'POST' as const, url: '/api/profile' },
        { method: 'PUT' as const, url: `/api/profile/${me.id}` },
      ]) {
        const response = await me.browser.inject({ ...request, payload: { interests } });
        expect(response.statusCode).toBe(400);
        expect(typeof response.json().message).toBe('string');
        if (message) expect(response.json().message).toBe(message);
      }
    }
    // Nothing refused was written.
    expect((await profileAs(me, me)).interests).toEqual(ten);
  });

  it("are edited by their owner only: another person's PUT is a 403 and changes nothing", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    await pick(owner, ['yoga']);
    const forbidden = await other.browser.inject({
      method: 'PUT',
      url: `/api/profile/${owner.id}`,
      payload: { interests: ['chess'] },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(IdentityMessages.profileForbidden);
    // POST names no one: it writes the caller's own, whatever userId the body says.
    await other.browser.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { interests: ['cricket'], userId: owner.id },
    });
    expect((await profileAs(other, owner)).interests).toEqual(['yoga']);
    expect((await profileAs(other, other)).interests).toEqual(['cricket']);
    const signedOut = identity.browser();
    expect(
      (await signedOut.inject({ method: 'PUT', url: `/api/profile/${owner.id}`, payload: { interests: [] } }))
        .statusCode,
    ).toBe(401);
  });

  it('are in the data export and go with the account', async () => {
    const me = await signedIn();
    await pick(me, ['#gym', 'swimming']);
    const part = await identityPartOf(identity.database.port.db, me.id);
    expect(part.profile).toMatchObject({ interests: ['#gym', 'swimming'] });

    const deleted = await me.browser.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: { password: me.password },
    });
    expect(deleted.statusCode).toBe(200);
    const left = await queryRows<{ n: number }>(
      identity.database.port.db,
      sql`select count(*)::int as n from identity.user_profiles where user_id = ${me.id}::uuid`,
    );
    expect(left[0]!.n).toBe(0);
  });
});

describe('what builds trust on a profile', () => {
  it('says the month the account was made and whether its address is verified, before any save', async () => {
    const owner = await signedIn();
    const viewer = await signedIn();
    const unsaved = await profileAs(viewer, owner);
    expect(unsaved.id).toBeNull();
    expect(unsaved.emailVerified).toBe(false);
    // The month in UTC, never the day: the account's, since the profile may not exist yet.
    const [made] = await queryRows<{ month: string }>(
      identity.database.port.db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month from identity.users where id = ${owner.id}::uuid`,
    );
    expect(unsaved.memberSince).toBe(made!.month);

    await identity.database.port.db.execute(
      sql`update identity.users set email_verified_at = now() where id = ${owner.id}::uuid`,
    );
    expect((await profileAs(viewer, owner)).emailVerified).toBe(true);
  });
});
