/**
 * Deleting an account through the gateway in cluster mode: afterwards no table of any service
 * holds a row that names the person (their id, username or address), except the anonymised rows
 * docs/privacy.md lists — and the event tables, whose rows are pruned on their own schedule.
 */
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages, MessagingMessages } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import { countRowsNaming } from '@saathi/platform/testing';
import type { RowReader } from '@saathi/platform/testing';
import { sharedProduct } from '../../web/e2e/modes';
import { waitUntil } from './cluster-harness';

const PASSWORD = 'deletion-secret-1';
const DELHI = { latitude: 28.6139, longitude: 77.209, locationName: 'Delhi' };
const SCHEMAS = ['identity', 'feed', 'messaging', 'notification', 'moderation', 'blog'];
/** Rows kept on purpose, anonymised (docs/privacy.md, "Deleting your account"). */
const KEPT = new Set([
  'messaging.messages',
  'messaging.conversations',
  'messaging.participants',
  // The id alone, so a late creation event of theirs records nothing (30 days).
  'moderation.erased_people',
  // The same in messaging, notification and feed: a late event of theirs writes nothing back (30 days).
  'messaging.erased_people',
  'notification.erased_people',
  'feed.erased_people',
]);
/** Event plumbing, pruned by each service's periodic job. */
const EVENT_TABLES = ['outbox', 'inbox'];

/** The run's shared cluster (web/e2e/shared-products.ts): the people here are this file's own. */
let cluster: { gatewayUrl: string; databaseUrl: string };
let db: pg.Client;
/** The same connection, for the platform's row search. */
let reader: RowReader;

class CookieJar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
  }
}

interface Person {
  jar: CookieJar;
  id: string;
  username: string;
  email: string;
}

async function call(person: Person | null, method: string, route: string, body?: unknown) {
  const response = await fetch(cluster.gatewayUrl + route, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(person ? { cookie: person.jar.header() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  person?.jar.store(response);
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & unknown[],
  };
}

async function register(name: string): Promise<Person> {
  const username = `${name}_${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.com`;
  const person: Person = { jar: new CookieJar(), id: '', username, email };
  const res = await call(person, 'POST', '/api/auth/register', {
    username,
    email,
    phone: '9876543210',
    password: PASSWORD,
  });
  expect(res.status).toBe(201);
  person.id = String(res.body.id);
  return person;
}

/** Retries while another service has not yet heard of a just-registered person. */
async function eventually<T>(what: string, attempt: () => Promise<T | undefined>): Promise<T> {
  let result: T | undefined;
  await waitUntil(what, async () => (result = await attempt()) !== undefined, 30_000);
  return result as T;
}

/** Tables of every service's schema with rows that name the person, anywhere in the row. */
async function rowsNaming(person: Person): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const schema of SCHEMAS) {
    const counts = await countRowsNaming(reader, schema, [person.id, person.username, person.email], {
      except: EVENT_TABLES,
    });
    for (const [table, n] of Object.entries(counts)) found[`${schema}.${table}`] = n;
  }
  return found;
}

beforeAll(async () => {
  const shared = await sharedProduct('cluster');
  cluster = { gatewayUrl: shared.url, databaseUrl: shared.databaseUrl! };
  db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const viaDrizzle = drizzle({ client: db });
  reader = { rows: (query) => queryRows(viaDrizzle, query) };
}, 150_000);

afterAll(async () => {
  await db?.end();
}, 60_000);

describe('deleting an account (cluster mode, through the gateway)', () => {
  it('erases the person everywhere but the anonymised messages; the other side sees "Deleted user"', async () => {
    const vera = await register('vera');
    const farah = await register('farah');
    const zoya = await register('zoya');

    // Vera leaves traces in every service: posts, comments, likes, reactions, messages, a block.
    const veraPost = await call(vera, 'POST', '/api/posts', {
      content: 'Chess in Lodhi Garden?',
      hashtags: [],
      ...DELHI,
    });
    expect(veraPost.status).toBe(201);
    const farahPost = await call(farah, 'POST', '/api/posts', {
      content: 'Cycling at dawn',
      hashtags: [],
      ...DELHI,
    });
    const farahPostId = String(farahPost.body.id);
    expect(
      (await call(vera, 'POST', '/api/comments', { postId: farahPostId, content: 'Count me in' })).status,
    ).toBe(201);
    expect((await call(vera, 'POST', `/api/posts/${farahPostId}/like`)).status).toBeLessThan(300);
    expect(
      (await call(vera, 'POST', `/api/posts/${farahPostId}/reactions`, { emoji: '🔥' })).status,
    ).toBeLessThan(300);
    expect(
      (await call(farah, 'POST', '/api/comments', { postId: String(veraPost.body.id), content: 'Sure!' }))
        .status,
    ).toBe(201);
    const conversationId = await eventually('messaging to know farah', async () => {
      const res = await call(vera, 'POST', '/api/conversations', { participantId: farah.id });
      return res.status === 200 ? String(res.body.id) : undefined;
    });
    expect(
      (await call(vera, 'POST', '/api/messages', { conversationId, content: 'Hi Farah, chess?' })).status,
    ).toBe(201);
    expect(
      (await call(farah, 'POST', '/api/messages', { conversationId, content: 'Yes, Sunday!' })).status,
    ).toBe(201);
    expect((await call(vera, 'POST', `/api/users/${zoya.id}/block`)).status).toBeLessThan(300);
    // Moderation: a report Vera files, a report of her post and one of her as a person.
    const report = (person: Person, targetKind: string, targetId: string, note?: string) =>
      call(person, 'POST', '/api/moderation/reports', { targetKind, targetId, reason: 'spam', note });
    expect((await report(vera, 'post', farahPostId, 'Vera says: ads')).status).toBe(201);
    expect((await report(farah, 'post', String(veraPost.body.id))).status).toBe(201);
    expect((await report(zoya, 'user', vera.id)).status).toBe(201);
    await eventually('the traces to reach every service', async () => {
      const found = await rowsNaming(vera);
      return [
        'feed.posts',
        'messaging.participants',
        'notification.users',
        'feed.blocks',
        'moderation.reports',
        'moderation.cases',
        'moderation.content_owners',
        'moderation.conversation_participants',
      ].every((t) => found[t])
        ? true
        : undefined;
    });

    // --- Download my data: the job collects every service's part into one file, Vera's only ----
    const requested = await call(vera, 'POST', '/api/export/requests');
    expect(requested.status).toBe(202);
    const exportId = String(requested.body.id);
    await eventually('the export job to finish', async () => {
      const status = await call(vera, 'GET', `/api/export/requests/${exportId}`);
      expect(status.body.status).not.toBe('failed');
      return status.body.status === 'ready' ? true : undefined;
    });
    const download = await call(vera, 'GET', `/api/export/requests/${exportId}/download`);
    expect(download.status).toBe(200);
    const file = download.body as Record<string, unknown>;
    expect(file.userId).toBe(vera.id);
    const [idPart, feedPart, messagingPart, notificationPart, moderationPart] = [
      'identity',
      'feed',
      'messaging',
      'notification',
      'moderation',
    ].map((service) => JSON.stringify(file[service]));
    expect(idPart).toContain(vera.email);
    expect(idPart).not.toContain('password_hash');
    expect(idPart).toContain(zoya.id); // the block
    expect(feedPart).toContain('Chess in Lodhi Garden?');
    expect(feedPart).toContain('Count me in');
    expect(feedPart).not.toContain('Cycling at dawn'); // Farah's post is not Vera's data
    expect(messagingPart).toContain('Hi Farah, chess?');
    expect(messagingPart).toContain('Yes, Sunday!');
    expect(notificationPart).toContain(vera.email);
    expect(moderationPart).toContain('Vera says: ads'); // the report she filed
    // Farah cannot fetch Vera's file, nor see its status; signed out is 401.
    expect((await call(farah, 'GET', `/api/export/requests/${exportId}/download`)).status).toBe(404);
    expect((await call(farah, 'GET', `/api/export/requests/${exportId}`)).status).toBe(404);
    expect((await call(null, 'GET', `/api/export/requests/${exportId}/download`)).status).toBe(401);
    expect((await call(null, 'GET', '/api/export/messaging')).status).toBe(401);
    // The stored file is among what the scan below must find gone with the account.

    // --- A wrong password deletes nothing; the right one deletes and signs out at once --------
    const wrong = await call(vera, 'POST', '/api/auth/delete-account', { password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: AccountMessages.wrongPassword });
    // The cookies as they were before the deletion, to try them afterwards.
    const before = vera.jar.header();
    const deleted = await call(vera, 'POST', '/api/auth/delete-account', { password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: AccountMessages.deleted });
    const oldCookies: Person = { ...vera, jar: Object.assign(new CookieJar(), { header: () => before }) };
    expect((await call(oldCookies, 'GET', '/api/auth/user')).status).toBe(401);
    await eventually('messaging to refuse the old access token', async () =>
      (await call(oldCookies, 'GET', '/api/conversations')).status === 401 ? true : undefined,
    );
    const signIn = await call(null, 'POST', '/api/auth/login', {
      identifier: vera.username,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(401);

    // --- Every service erased its part ----------------------------------------------------------
    const left = await eventually('every service to erase its part', async () => {
      const found = await rowsNaming(vera);
      return Object.keys(found).every((table) => KEPT.has(table)) ? found : undefined;
    });
    expect(Object.keys(left).every((table) => KEPT.has(table))).toBe(true);
    const participant = await db.query(
      'select username, first_name, last_name, display_name, profile_image_url from messaging.participants where user_id = $1',
      [vera.id],
    );
    expect(participant.rows).toEqual([
      {
        username: 'deleted',
        first_name: null,
        last_name: null,
        display_name: 'Deleted user',
        profile_image_url: null,
      },
    ]);

    // Farah keeps the conversation, with "Deleted user", and her post's counters came down.
    const conversations = await call(farah, 'GET', '/api/conversations');
    const row = (
      conversations.body as unknown as {
        id: string;
        otherParticipant: { displayName: string };
        otherDeleted?: boolean;
      }[]
    ).find((c) => c.id === conversationId);
    expect(row?.otherParticipant.displayName).toBe('Deleted user');
    expect(row?.otherDeleted).toBe(true);

    // Farah can read the conversation but not reply in it, nor start a new one with Vera: either
    // would write rows (a message event, a notification) naming her again.
    const reply = await call(farah, 'POST', '/api/messages', { conversationId, content: 'Vera?' });
    expect(reply.status).toBe(410);
    expect(reply.body).toMatchObject({ message: MessagingMessages.accountDeleted });
    const restart = await call(farah, 'POST', '/api/conversations', { participantId: vera.id });
    expect(restart.status).toBe(404);
    expect(restart.body).toMatchObject({ message: MessagingMessages.userNotFound });
    const thread = await call(farah, 'GET', `/api/conversations/${conversationId}/messages`);
    expect((thread.body as unknown as { content: string }[]).map((m) => m.content)).toEqual([
      'Hi Farah, chess?',
      'Yes, Sunday!',
    ]);
    const afterTries = await rowsNaming(vera);
    expect(Object.keys(afterTries).filter((table) => !KEPT.has(table))).toEqual([]);
    const post = await call(farah, 'GET', `/api/posts/${farahPostId}`);
    expect(post.body).toMatchObject({ likes: 0, commentCount: 0, reactions: {} });

    // Vera's report of Farah's post still counts, anonymised; the cases about Vera are gone.
    const reports = await db.query(
      'select reporter_id, note, reason from moderation.reports where target_id = $1',
      [farahPostId],
    );
    expect(reports.rows).toEqual([{ reporter_id: null, note: null, reason: 'spam' }]);
    const about = await db.query('select 1 from moderation.cases where target_id = any($1::uuid[])', [
      [vera.id, String(veraPost.body.id)],
    ]);
    expect(about.rows).toEqual([]);
  }, 240_000);
});
