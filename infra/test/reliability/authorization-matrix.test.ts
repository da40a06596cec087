/**
 * Authorization matrix: generated from the route descriptors (ROUTES_BY_SERVICE, the gateway's
 * table) and the Socket.IO events messaging accepts, so a new route or event is covered, or this
 * test fails, without anyone remembering to add it. Against one embedded server, over HTTP:
 *
 * - every route that is not `public`, signed out → 401 with a message;
 * - every `admin` route as a normal user → 403 with a message;
 * - every route that takes an object id (a path parameter, or an `…Id` in the body or query):
 *   user B against user A's object → 403 or 404, and A's object read back unchanged. Each such
 *   route is either in OWNER_SCOPED (how A makes the object, what B sends, how A reads it back)
 *   or in NOT_OWNER_SCOPED with the reason; admin routes are covered by the admin row above;
 * - every socket event: B sending it about A's conversation reaches nobody; and the pushes of
 *   A's conversation and activity thread reach A's other party, never B.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { io as connectSocket } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_COOKIE,
  pathOf,
  REACTION_EMOJIS,
  routeKey,
  ROUTES_BY_SERVICE,
  SOCKET_IO_PATH,
  SocketClientEvent,
} from '@saathi/contracts';
import type { AnyRoute } from '@saathi/contracts';
import { startTestServer } from '../../../web/e2e/server';
import type { TestServer } from '../../../web/e2e/server';
import { recordFigures } from './figures';

const PASSWORD = 'matrix-password-1';
const DELHI = { latitude: 28.6139, longitude: 77.209 };
const EMOJI = REACTION_EMOJIS[0];
/**
 * How long a socket listens for an event that must not come, once whatever could have sent it is
 * done (a slow machine can only make this miss one, never fail the test).
 */
const QUIET_MS = 600;
/** How long a control waits for an event that must come. */
const ARRIVAL_MS = 15_000;

interface Person {
  id: string;
  cookie: string;
}
type Caller = Person | null;

interface Answer {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field below
  body: any;
}

/** What A (and C, A's other party) own, made once before the matrix runs. */
interface Objects {
  a: Person;
  b: Person;
  c: Person;
  /** A's post with an activity B asked to join (B's request is pending). */
  postId: string;
  /** A's comment on that post; A reacted to both with EMOJI. */
  commentId: string;
  /** A's conversation with C, and A's message in it. */
  conversationId: string;
  messageId: string;
  clientMessageId: string;
  secret: string;
  /** B's own conversation with C. */
  bConversationId: string;
  /** An unread notification of A's (a join request). */
  notificationId: string;
  /** What A wrote in the activity's thread (host and accepted people only; B is pending). */
  threadSecret: string;
  /** A's "ask to join" circle, with C accepted as a member (B is not in it). */
  circleId: string;
  /** What A wrote in the circle's thread, with the client id A sent it under. */
  circleSecret: string;
  circleMessageId: string;
  circleClientMessageId: string;
}

/** One request of B against A's object. */
interface Attempt {
  /** Who sends it when not B: e.g. A answering the request A sent, which only C may answer. */
  by?: (o: Objects) => Person;
  params?: Record<string, string>;
  body?: unknown;
  /** Answers allowed instead of 403/404, because this call acts on B's own part only. */
  allowed?: number[];
  /** Further checks of B's answer (e.g. nothing of A's in it). */
  check?: (answer: Answer, o: Objects) => void;
}

interface OwnerFixture {
  /** Why `allowed` answers are right, when an attempt has any. */
  why?: string;
  attempts(o: Objects): Attempt[];
  /** A's object as its owner side reads it: equal before and after B's attempts. */
  read(o: Objects): Promise<unknown>;
}

let server: TestServer;
let requestsSent = 0;

async function call(caller: Caller, method: string, path: string, body?: unknown): Promise<Answer> {
  requestsSent += 1;
  const response = await fetch(server.url + path, {
    method,
    redirect: 'manual',
    headers: {
      ...(caller ? { cookie: caller.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, text, body: parsed };
}

async function ok(caller: Caller, method: string, path: string, body?: unknown): Promise<Answer> {
  const answer = await call(caller, method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
  return answer;
}

async function register(name: string): Promise<Person> {
  const username = `${name}_${randomBytes(3).toString('hex')}`;
  requestsSent += 1;
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      phone: '9876543210',
      password: PASSWORD,
    }),
  });
  expect(response.status).toBe(201);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${ACCESS_COOKIE}=`));
  if (!cookie) throw new Error('no access cookie at registration');
  return { id: ((await response.json()) as { id: string }).id, cookie };
}

const ROUTES: readonly AnyRoute[] = Object.values(ROUTES_BY_SERVICE).flat();

/** The names of a schema's fields (zod objects), for finding ids in bodies and queries. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** The object ids a route takes: its path parameters and any `id`/`…Id` field of its body or query. */
function idsOf(route: AnyRoute): string[] {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const fields = [...fieldsOf(route.body), ...fieldsOf(route.query)].filter((name) => /(^id|Id)$/.test(name));
  return [...params, ...fields];
}

/** Any well-formed value for each path parameter: the access check answers before anything reads it. */
function anyParams(route: AnyRoute): Record<string, string> {
  return Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((match) => [match[1]!, randomUUID()]));
}

const activityOf = (o: Objects) => ok(o.a, 'GET', `/api/posts/${o.postId}/activity`);
/** The host's view of the activity: its state and every request. */
async function readActivity(o: Objects) {
  const { body } = await activityOf(o);
  return {
    activity: body.activity,
    members: (body.members as { userId: string; status: string }[]).map((m) => [m.userId, m.status]),
  };
}
async function readPost(o: Objects) {
  const { body } = await ok(o.a, 'GET', `/api/posts/${o.postId}`);
  return { id: body.id, content: body.content, reactions: body.reactions, myReactions: body.myReactions };
}
async function readComment(o: Objects) {
  const { body } = await ok(o.a, 'GET', `/api/posts/${o.postId}/comments`);
  const comment = (body as { id: string }[]).find((one) => one.id === o.commentId);
  return comment;
}
async function readConversation(o: Objects) {
  const messages = (await ok(o.a, 'GET', `/api/conversations/${o.conversationId}/messages`)).body as {
    id: string;
    content: string;
  }[];
  const mine = (await ok(o.a, 'GET', '/api/conversations')).body as { id: string; unreadCount: number }[];
  const theirs = (await ok(o.c, 'GET', '/api/conversations')).body as {
    id: string;
    unreadCount: number;
    isRequest?: boolean;
  }[];
  const a = mine.find((one) => one.id === o.conversationId);
  const c = theirs.find((one) => one.id === o.conversationId);
  return {
    messages: messages.map((m) => [m.id, m.content]),
    a: a && { unread: a.unreadCount },
    c: c && { unread: c.unreadCount, isRequest: c.isRequest },
  };
}
async function readThread(o: Objects) {
  const { body } = await ok(o.a, 'GET', `/api/activity-threads/${o.postId}/messages`);
  return (body as { id: string; content: string }[]).map((m) => [m.id, m.content]);
}
/** A's circle thread as its members read it: its messages, and A's and C's unread counts. */
async function readCircleThread(o: Objects) {
  const { body } = await ok(o.a, 'GET', `/api/circle-threads/${o.circleId}/messages`);
  const unread = async (person: Person) =>
    (
      (await ok(person, 'GET', '/api/circle-threads')).body as { circleId: string; unreadCount: number }[]
    ).find((thread) => thread.circleId === o.circleId)?.unreadCount;
  return {
    messages: (body as { id: string; content: string }[]).map((m) => [m.id, m.content]),
    unread: [await unread(o.a), await unread(o.c)],
  };
}
/** A's circle as its creator sees it: what it says, its members and its requests. */
async function readCircle(o: Objects) {
  const page = (await ok(o.a, 'GET', `/api/circles/${o.circleId}`)).body;
  const members = (await ok(o.a, 'GET', `/api/circles/${o.circleId}/members`)).body as {
    userId: string;
    role: string;
    isCreator: boolean;
  }[];
  const requests = (await ok(o.a, 'GET', `/api/circles/${o.circleId}/requests`)).body as { userId: string }[];
  return {
    circle: [page.name, page.description, page.joinPolicy, page.closedAt, page.memberCount],
    members: members.map((m) => [m.userId, m.role, m.isCreator]),
    requests: requests.map((r) => r.userId),
  };
}
/** B, a stranger to A's circle, acting as one of its organisers. */
const circleAttempts =
  (extra: (o: Objects) => { params?: Record<string, string>; body?: unknown }) =>
  (o: Objects): Attempt[] => [{ params: { id: o.circleId }, ...extra(o) }];
async function readProfile(o: Objects): Promise<unknown> {
  return (await ok(o.a, 'GET', `/api/profile/${o.a.id}`)).body as unknown;
}
async function readNotifications(o: Objects) {
  const { body } = await ok(o.a, 'GET', '/api/notifications');
  // Only this notice's state: others (C's request) may still be arriving.
  const notice = (body.notifications as { id: string; read: boolean }[]).find(
    (n) => n.id === o.notificationId,
  );
  return notice && { id: notice.id, read: notice.read };
}
/** A's "Download my data" export, asked for once and read when the job has made the file. */
let aExportId: string | undefined;
async function readExport(o: Objects) {
  aExportId ??= String((await ok(o.a, 'POST', '/api/export/requests')).body.id);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { body } = await ok(o.a, 'GET', `/api/export/requests/${aExportId}`);
    if (body.status !== 'preparing') return body as unknown;
    if (Date.now() > deadline) throw new Error('the export job never finished');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const exportAttempts = (): Attempt[] => [
  {
    params: { id: aExportId ?? randomUUID() },
    check: (answer) => expect(answer.text).not.toContain('"userId"'),
  },
];

/** Nothing of A's message in an answer to B. */
function noneOfAsMessage(answer: Answer, o: Objects): void {
  expect(answer.text).not.toContain(o.secret);
  expect(answer.text).not.toContain(o.messageId);
}

/**
 * Routes where B's request names A's object, and what must happen: refused (403/404), A's object
 * unchanged. A route with an object id that is in neither table fails the test.
 */
const OWNER_SCOPED: Record<string, OwnerFixture> = {
  'PUT /api/profile/:userId': {
    attempts: (o) => [{ params: { userId: o.a.id }, body: { displayName: 'B was here', userId: o.a.id } }],
    read: readProfile,
  },
  'POST /api/profile': {
    why: "the body's userId is ignored: B saves B's own profile",
    attempts: (o) => [{ body: { displayName: 'B was here', userId: o.a.id }, allowed: [200, 201] }],
    read: readProfile,
  },
  'DELETE /api/posts/:id': {
    attempts: (o) => [{ params: { id: o.postId } }],
    read: readPost,
  },
  'PATCH /api/posts/:id': {
    attempts: (o) => [{ params: { id: o.postId }, body: { content: 'B was here', hashtags: [] } }],
    read: readPost,
  },
  'PATCH /api/comments/:id': {
    attempts: (o) => [{ params: { id: o.commentId }, body: { content: 'B was here' } }],
    read: readComment,
  },
  'DELETE /api/posts/:id/reactions': {
    why: "takes back only the caller's own reaction (B has none)",
    attempts: (o) => [{ params: { id: o.postId }, body: { emoji: EMOJI }, allowed: [200] }],
    read: readPost,
  },
  'DELETE /api/comments/:id/reactions': {
    why: "takes back only the caller's own reaction (B has none)",
    attempts: (o) => [{ params: { id: o.commentId }, body: { emoji: EMOJI }, allowed: [200] }],
    read: readComment,
  },
  'POST /api/daily-question/responses': {
    why: "the body's authorId is ignored: the answer is B's",
    attempts: () => [
      {
        body: { question: 'What made you smile?', response: 'Chai', authorId: randomUUID() },
        allowed: [201],
        check: (answer, o) => expect(answer.body.authorId).toBe(o.b.id),
      },
    ],
    read: async (o) =>
      ((await ok(o.a, 'GET', '/api/daily-question/responses')).body as { authorId: string }[]).filter(
        (one) => one.authorId === o.a.id,
      ),
  },
  'GET /api/posts/:id/activity': {
    why: 'an activity is shown to every signed-in person, without the meeting point, requests or check-in code',
    attempts: (o) => [
      {
        params: { id: o.postId },
        allowed: [200],
        check: (answer) => {
          expect(answer.body.meetingPoint).toBeNull();
          expect(answer.body.myCheckInCode ?? null).toBeNull();
          expect(answer.body.members).toEqual([]);
        },
      },
    ],
    read: readActivity,
  },
  'POST /api/posts/:id/activity/requests/:userId/accept': {
    // B accepting its own pending request to A's activity.
    attempts: (o) => [{ params: { id: o.postId, userId: o.b.id } }],
    read: readActivity,
  },
  'POST /api/posts/:id/activity/requests/:userId/decline': {
    attempts: (o) => [{ params: { id: o.postId, userId: o.b.id } }],
    read: readActivity,
  },
  'POST /api/posts/:id/activity/close': {
    attempts: (o) => [{ params: { id: o.postId } }],
    read: readActivity,
  },
  'GET /api/posts/:id/activity.ics': {
    attempts: (o) => [{ params: { id: o.postId } }],
    read: readActivity,
  },
  'POST /api/posts/:id/activity/still-going': {
    why: "answers for the caller's own place only: B, not accepted, is told so (409)",
    attempts: (o) => [{ params: { id: o.postId }, body: { going: false }, allowed: [409] }],
    read: readActivity,
  },
  'POST /api/posts/:id/activity/check-in': {
    why: 'checks the caller in, and only while the meet is on: before it, 409 for everyone',
    attempts: (o) => [{ params: { id: o.postId }, body: { code: '123456' }, allowed: [409] }],
    read: readActivity,
  },
  'POST /api/posts/:id/activity/stop-repeating': {
    attempts: (o) => [{ params: { id: o.postId } }],
    read: readActivity,
  },
  'POST /api/activities/:id/feedback': {
    why: 'feedback opens when the activity is over: before, 409 for everyone',
    attempts: (o) => [
      { params: { id: o.postId }, body: { userId: o.a.id, verdict: 'no_show' }, allowed: [409] },
    ],
    read: readActivity,
  },
  'POST /api/conversations/:id/accept': {
    // B, and A too: a message request is C's to answer.
    why: 'A, who sent the request, is told there is no request to answer (400)',
    attempts: (o) => [
      { params: { id: o.conversationId } },
      { by: (x) => x.a, params: { id: o.conversationId }, allowed: [400] },
    ],
    read: readConversation,
  },
  'POST /api/conversations/:id/decline': {
    why: 'A, who sent the request, is told there is no request to answer (400)',
    attempts: (o) => [
      { params: { id: o.conversationId } },
      { by: (x) => x.a, params: { id: o.conversationId }, allowed: [400] },
    ],
    read: readConversation,
  },
  'GET /api/conversations/:id/messages': {
    attempts: (o) => [{ params: { id: o.conversationId }, check: noneOfAsMessage }],
    read: readConversation,
  },
  'POST /api/conversations/:id/read': {
    attempts: (o) => [{ params: { id: o.conversationId }, body: { messageId: o.messageId } }],
    read: readConversation,
  },
  'POST /api/messages': {
    why: "A's client message id in B's own conversation is B's own id: a new message of B's",
    attempts: (o) => [
      { body: { conversationId: o.conversationId, content: 'B was here' }, check: noneOfAsMessage },
      {
        body: { conversationId: o.bConversationId, content: 'B again', clientMessageId: o.clientMessageId },
        allowed: [201, 409],
        check: noneOfAsMessage,
      },
    ],
    read: readConversation,
  },
  'GET /api/activity-threads/:postId/messages': {
    attempts: (o) => [
      {
        params: { postId: o.postId },
        check: (answer, x) => expect(answer.text).not.toContain(x.threadSecret),
      },
    ],
    read: readThread,
  },
  'POST /api/activity-threads/:postId/messages': {
    attempts: (o) => [{ params: { postId: o.postId }, body: { content: 'B was here' } }],
    read: readThread,
  },
  'POST /api/notifications/:id/read': {
    attempts: (o) => [{ params: { id: o.notificationId } }],
    read: readNotifications,
  },
  'PATCH /api/circles/:id': {
    attempts: circleAttempts(() => ({ body: { name: 'B was here' } })),
    read: readCircle,
  },
  'GET /api/circles/:id/members': { attempts: circleAttempts(() => ({})), read: readCircle },
  'GET /api/circles/:id/requests': { attempts: circleAttempts(() => ({})), read: readCircle },
  'POST /api/circles/:id/requests/:userId/accept': {
    attempts: circleAttempts((o) => ({ params: { id: o.circleId, userId: o.b.id } })),
    read: readCircle,
  },
  'POST /api/circles/:id/requests/:userId/decline': {
    attempts: circleAttempts((o) => ({ params: { id: o.circleId, userId: o.c.id } })),
    read: readCircle,
  },
  'DELETE /api/circles/:id/members/:userId': {
    attempts: circleAttempts((o) => ({ params: { id: o.circleId, userId: o.c.id } })),
    read: readCircle,
  },
  'POST /api/circles/:id/removed/:userId/reinvite': {
    attempts: circleAttempts((o) => ({ params: { id: o.circleId, userId: o.b.id } })),
    read: readCircle,
  },
  'PUT /api/circles/:id/members/:userId/role': {
    attempts: circleAttempts((o) => ({
      params: { id: o.circleId, userId: o.c.id },
      body: { role: 'organiser' },
    })),
    read: readCircle,
  },
  'POST /api/circles/:id/hand-over': {
    attempts: circleAttempts((o) => ({ body: { userId: o.b.id } })),
    read: readCircle,
  },
  'POST /api/circles/:id/close': { attempts: circleAttempts(() => ({})), read: readCircle },
  'GET /api/circle-threads/:circleId/messages': {
    attempts: (o) => [
      {
        params: { circleId: o.circleId },
        check: (answer, x) => expect(answer.text).not.toContain(x.circleSecret),
      },
    ],
    read: readCircleThread,
  },
  'POST /api/circle-threads/:circleId/messages': {
    attempts: (o) => [
      { params: { circleId: o.circleId }, body: { content: 'B was here' } },
      {
        params: { circleId: o.circleId },
        body: { content: 'B again', clientMessageId: o.circleClientMessageId },
        check: (answer, x) => expect(answer.text).not.toContain(x.circleSecret),
      },
    ],
    read: readCircleThread,
  },
  'POST /api/circle-threads/:circleId/read': {
    attempts: (o) => [{ params: { circleId: o.circleId }, body: { messageId: o.circleMessageId } }],
    read: readCircleThread,
  },
  'GET /api/export/requests/:id': { attempts: exportAttempts, read: readExport },
  'GET /api/export/requests/:id/download': { attempts: exportAttempts, read: readExport },
};

/** Routes that take an id but act on nobody's private object, and why. */
const NOT_OWNER_SCOPED: Record<string, string> = {
  'GET /api/auth/validate-reset-token/:token':
    'a secret token, not an object id: whoever holds it may check it',
  'GET /api/profile/:userId': 'profiles are shown to every signed-in person by design',
  'GET /api/users/:userId': "a person's public card, shown to every signed-in person",
  'GET /api/upload/profile-image/:id': 'avatars are public images behind unguessable ids',
  'POST /api/users/:userId/block': "changes the caller's own block list; the id names whom",
  'DELETE /api/users/:userId/block': "changes the caller's own block list; the id names whom",
  'GET /api/posts/:id': 'posts are public by design',
  'GET /api/post-photos/:id': 'a posted photo, public like its post, behind an unguessable id',
  'PUT /api/mutes':
    "a mute is the caller's own row: any id mutes only for them, and the answer is the same whether the thread exists",
  'DELETE /api/mutes/:kind/:id': "removes the caller's own mute only; the answer is the same for any id",
  'POST /api/posts/:id/like': "liking another's post is the feature; the like is the caller's own",
  'GET /api/posts/:postId/comments': 'comments of a post are public by design',
  'POST /api/comments': "commenting on another's post is the feature",
  'POST /api/comments/:id/like': "liking another's comment is the feature",
  'POST /api/posts/:id/reactions': "reacting to another's post is the feature",
  'POST /api/comments/:id/reactions': "reacting to another's comment is the feature",
  'GET /api/profile-stats/:userId': "a profile's counts, shown with the profile to every signed-in person",
  'GET /api/people-met/:userId':
    'how many people someone met at activities (a count, naming nobody), shown with the profile to every signed-in person',
  'POST /api/posts/:id/activity/join': "asking to join another's activity is the feature",
  'POST /api/posts/:id/activity/leave': "withdraws the caller's own request or place only",
  'POST /api/conversations': 'starting a conversation with another person is the feature',
  'GET /api/blog/posts/:slug': 'the blog is public',
  'GET /api/blog/posts/:slug/meta': 'the blog is public',
  'POST /api/moderation/reports': "reporting another's content is the feature",
  'GET /api/circles/:id': "a circle's page is public by design (never its members)",
  'GET /api/circles/:id/activities': "a circle's activities are public, like every activity in the feed",
  'POST /api/circles/:id/join': "joining or asking to join another's circle is the feature",
  'DELETE /api/circles/:id/membership': "ends the caller's own membership or request only",
  'GET /api/circles/organised-by/:userId':
    'the open circles someone organises (names and counts, never a place), shown with the profile to every signed-in person',
  'GET /api/posts/:id/circle-offer':
    "offers the caller a circle to join after another's activity: the feature, showing only the public circle",
};

let objects: Objects;
let anyFailed = false;
const violations: string[] = [];
const covered = { signedOut: 0, admin: 0, owner: 0, notOwnerScoped: 0, socketEvents: 0, socketPushes: 0 };

function violation(text: string): void {
  violations.push(text);
}

/** A refusal as every 4xx should be: JSON with a message. */
function hasMessage(answer: Answer): boolean {
  return typeof answer.body?.message === 'string' && answer.body.message.length > 0;
}

function socketOf(person: Person): Promise<Socket> {
  const socket = connectSocket(server.url, {
    path: SOCKET_IO_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { cookie: person.cookie, origin: server.url },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Listens for `name`, an event that must not come; the function it returns, called once whatever
 * could have sent one is done, listens QUIET_MS more and answers what came.
 */
function heard(socket: Socket, name: string): () => Promise<unknown[]> {
  const got: unknown[] = [];
  const listener = (payload: unknown) => got.push(payload);
  socket.on(name, listener);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    socket.off(name, listener);
    return got;
  };
}

/**
 * Events of `name` a socket receives, for one that must come: waits up to ARRIVAL_MS for the
 * first (resolving with none if it never comes), then QUIET_MS more for any copies.
 */
function arrivals(socket: Socket, name: string): Promise<unknown[]> {
  return new Promise((resolve) => {
    const got: unknown[] = [];
    const finish = () => {
      socket.off(name, listener);
      resolve(got);
    };
    let deadline = setTimeout(finish, ARRIVAL_MS);
    const listener = (payload: unknown) => {
      got.push(payload);
      if (got.length > 1) return;
      clearTimeout(deadline);
      deadline = setTimeout(finish, QUIET_MS);
    };
    socket.on(name, listener);
  });
}

describe('authorization matrix', () => {
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        ...process.env,
        RATE_LIMIT_PER_MINUTE: '1000000',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        RATE_LIMIT_REGISTER_PER_IP: '1000000',
      },
    });
    const [a, b, c] = [await register('alice'), await register('bob'), await register('chitra')];
    await ok(a, 'POST', '/api/profile', { displayName: 'Alice' });
    const post = await ok(a, 'POST', '/api/posts', {
      content: 'Morning run at Lodhi Garden, anyone?',
      ...DELHI,
      // Tomorrow: an activity starts within 30 days.
      activity: {
        date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        startTime: '07:00',
        endTime: '08:00',
        spots: 3,
        area: 'Lodhi Garden',
      },
    });
    const postId = post.body.id as string;
    const comment = await ok(a, 'POST', '/api/comments', { postId, content: 'Bring water' });
    const commentId = comment.body.id as string;
    await ok(a, 'POST', `/api/posts/${postId}/reactions`, { emoji: EMOJI });
    await ok(a, 'POST', `/api/comments/${commentId}/reactions`, { emoji: EMOJI });
    await ok(b, 'POST', `/api/posts/${postId}/activity/join`, { note: 'Count me in' });
    // C is accepted: that opens the activity's thread (host and accepted people only).
    await ok(c, 'POST', `/api/posts/${postId}/activity/join`, {});
    await ok(a, 'POST', `/api/posts/${postId}/activity/requests/${c.id}/accept`);
    const conversationId = (await ok(a, 'POST', '/api/conversations', { participantId: c.id })).body
      .id as string;
    const secret = `secret-${randomBytes(6).toString('hex')}`;
    const clientMessageId = randomUUID();
    const message = await ok(a, 'POST', '/api/messages', {
      conversationId,
      content: secret,
      clientMessageId,
    });
    const bConversationId = (await ok(b, 'POST', '/api/conversations', { participantId: c.id })).body
      .id as string;
    // The join requests reach A's notifications through the bus.
    let notificationId: string | undefined;
    for (const deadline = Date.now() + 15_000; !notificationId && Date.now() < deadline;) {
      const { body } = await ok(a, 'GET', '/api/notifications');
      notificationId = (body.notifications as { id: string; read: boolean }[]).find((n) => !n.read)?.id;
      if (!notificationId) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!notificationId) throw new Error('A never got a notification of B joining');
    // Messaging opens the activity's thread from feed's event.
    const threadSecret = `thread-${randomBytes(6).toString('hex')}`;
    for (let deadline = Date.now() + 15_000; ;) {
      const sent = await call(a, 'POST', `/api/activity-threads/${postId}/messages`, {
        content: threadSecret,
      });
      if (sent.status === 201) break;
      if (Date.now() > deadline)
        throw new Error(`A could not write in the activity's thread: ${sent.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A's circle asks people to request: C asks and A accepts, B stays out.
    const circleId = (
      await ok(a, 'POST', '/api/circles', {
        name: 'Lodhi runners',
        description: 'Morning runs round the garden',
        topic: 'fitness',
        joinPolicy: 'ask',
        ...DELHI,
      })
    ).body.id as string;
    await ok(c, 'POST', `/api/circles/${circleId}/join`, { note: 'Hello' });
    await ok(a, 'POST', `/api/circles/${circleId}/requests/${c.id}/accept`);
    // Messaging opens the circle's thread from feed's events: A writes once it has.
    const circleSecret = `circle-${randomBytes(6).toString('hex')}`;
    const circleClientMessageId = randomUUID();
    let circleMessageId: string | undefined;
    for (let deadline = Date.now() + 15_000; !circleMessageId;) {
      const sent = await call(a, 'POST', `/api/circle-threads/${circleId}/messages`, {
        content: circleSecret,
        clientMessageId: circleClientMessageId,
      });
      if (sent.status === 201) circleMessageId = sent.body.id as string;
      else if (Date.now() > deadline)
        throw new Error(`A could not write in the circle's thread: ${sent.status}`);
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    objects = {
      a,
      b,
      c,
      circleId,
      circleSecret,
      circleMessageId,
      circleClientMessageId,
      postId,
      commentId,
      conversationId,
      messageId: message.body.id as string,
      clientMessageId,
      secret,
      bConversationId,
      notificationId,
      threadSecret,
    };
  }, 180_000); // Starting the whole product in one process takes most of it (40 s on a busy machine).

  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      anyFailed = true;
    });
  });

  afterAll(async () => {
    // Figures of a run that passed every check only (the last test ran and nothing failed).
    if (!anyFailed && covered.socketEvents > 0)
      recordFigures('Authorization', 'Authorization matrix', {
        'routes covered': ROUTES.length,
        'routes refused signed out': covered.signedOut,
        'admin routes refused to a user': covered.admin,
        'owner-scoped routes tried across users': covered.owner,
        'id routes not owner-scoped (with reason)': covered.notOwnerScoped,
        'socket events tried across users': covered.socketEvents,
        'socket pushes checked for leaks': covered.socketPushes,
        requests: requestsSent,
        violations: violations.length,
      });
    await server?.close();
  });

  it('classifies every route that takes an object id, and lists no route that does not exist', () => {
    const keys = new Set(ROUTES.map(routeKey));
    const unclassified = ROUTES.filter(
      (route) =>
        route.access !== 'admin' &&
        idsOf(route).length > 0 &&
        !(routeKey(route) in OWNER_SCOPED) &&
        !(routeKey(route) in NOT_OWNER_SCOPED),
    ).map((route) => `${routeKey(route)} (takes ${idsOf(route).join(', ')})`);
    expect(unclassified, 'add each to OWNER_SCOPED, or to NOT_OWNER_SCOPED with the reason').toEqual([]);
    const stale = [...Object.keys(OWNER_SCOPED), ...Object.keys(NOT_OWNER_SCOPED)].filter(
      (key) => !keys.has(key),
    );
    expect(stale).toEqual([]);
    covered.notOwnerScoped = Object.keys(NOT_OWNER_SCOPED).length;
  });

  it('refuses every route that is not public to a signed-out caller with 401 and a message', async () => {
    const start = violations.length;
    for (const route of ROUTES.filter((one) => one.access !== 'public')) {
      const answer = await call(
        null,
        route.method,
        pathOf(route, anyParams(route)),
        route.body ? {} : undefined,
      );
      covered.signedOut += 1;
      if (answer.status !== 401 || !hasMessage(answer))
        violation(`signed out ${routeKey(route)} → ${answer.status} ${answer.text.slice(0, 120)}`);
    }
    expect(violations.slice(start)).toEqual([]);
  });

  it('refuses every admin route to a normal user with 403 and a message', async () => {
    const start = violations.length;
    for (const route of ROUTES.filter((one) => one.access === 'admin')) {
      const answer = await call(
        objects.b,
        route.method,
        pathOf(route, anyParams(route)),
        route.body ? {} : undefined,
      );
      covered.admin += 1;
      if (answer.status !== 403 || !hasMessage(answer))
        violation(`user on ${routeKey(route)} → ${answer.status} ${answer.text.slice(0, 120)}`);
    }
    expect(violations.slice(start)).toEqual([]);
  });

  it("refuses user B every call on user A's objects, leaving them unchanged", async () => {
    const start = violations.length;
    for (const [key, fixture] of Object.entries(OWNER_SCOPED)) {
      const route = ROUTES.find((one) => routeKey(one) === key);
      if (!route) continue; // reported by the classification test
      const before = await fixture.read(objects);
      for (const attempt of fixture.attempts(objects)) {
        const caller = attempt.by?.(objects) ?? objects.b;
        const answer = await call(caller, route.method, pathOf(route, attempt.params), attempt.body);
        const allowed = [403, 404, ...(attempt.allowed ?? [])];
        if (!allowed.includes(answer.status))
          violation(`B on A's object: ${key} → ${answer.status} ${answer.text.slice(0, 160)}`);
        else if (answer.status >= 400 && !hasMessage(answer))
          violation(`${key} → ${answer.status} without a message`);
        try {
          attempt.check?.(answer, objects);
        } catch (error) {
          violation(`${key}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      try {
        const after = await fixture.read(objects);
        if (!isDeepStrictEqual(after, before))
          violation(`${key} changed A's object: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
      } catch (error) {
        violation(`${key}: A can no longer read the object (${(error as Error).message})`);
      }
      covered.owner += 1;
    }
    expect(violations.slice(start)).toEqual([]);
  });

  it("relays no socket event B sends about A's conversation, and pushes none of A's to B", async () => {
    const start = violations.length;
    const [a, b, c] = await Promise.all([socketOf(objects.a), socketOf(objects.b), socketOf(objects.c)]);
    try {
      const fixtures: Record<string, () => Promise<void>> = {
        [SocketClientEvent.typing]: async () => {
          // The control: A's own typing reaches C, so silence below means refused, not deaf.
          const control = arrivals(c, 'typing');
          await a.emitWithAck('typing', { conversationId: objects.conversationId, typing: true });
          expect((await control).length).toBe(1);

          const toA = heard(a, 'typing');
          const toC = heard(c, 'typing');
          const ack = (await b.emitWithAck('typing', {
            conversationId: objects.conversationId,
            typing: true,
          })) as {
            ok: boolean;
          };
          if (ack.ok) violation("socket typing: B's typing in A's conversation was accepted");
          const leaked = (await Promise.all([toA(), toC()])).flat();
          if (leaked.length > 0)
            violation(`socket typing reached A's conversation: ${JSON.stringify(leaked)}`);
        },
        [SocketClientEvent.messageSend]: async () => {
          // The control: A's own socket send is stored and reaches C, so a refusal below is one.
          const control = arrivals(c, 'message:new');
          const own = (await a.emitWithAck('message:send', {
            conversationId: objects.conversationId,
            content: 'over the socket',
            clientMessageId: randomUUID(),
          })) as { ok: boolean };
          expect(own.ok).toBe(true);
          expect((await control).length).toBe(1);

          const before = await readConversation(objects);
          const toA = heard(a, 'message:new');
          const toC = heard(c, 'message:new');
          const attempts = [
            { conversationId: objects.conversationId, content: 'B was here', clientMessageId: randomUUID() },
            // A's client message id, in B's own conversation, is B's own id: never A's message.
            {
              conversationId: objects.bConversationId,
              content: 'B again',
              clientMessageId: objects.clientMessageId,
            },
          ];
          for (const [i, attempt] of attempts.entries()) {
            const ack = (await b.emitWithAck('message:send', attempt)) as {
              ok: boolean;
              status?: number;
              message?: unknown;
            };
            const text = JSON.stringify(ack);
            if (text.includes(objects.secret) || text.includes(objects.messageId))
              violation(`socket message:send answered B with A's message: ${text}`);
            if (i === 0 && (ack.ok || ![403, 404].includes(ack.status ?? 0)))
              violation(`socket message:send: B's send in A's conversation answered ${text}`);
            if (!ack.ok && (typeof ack.message !== 'string' || ack.message.length === 0))
              violation(`socket message:send refused B without a message: ${text}`);
          }
          // C is in B's conversation too: only pushes of A's conversation are leaks.
          const leaked = (await Promise.all([toA(), toC()]))
            .flat()
            .filter(
              (pushed) => (pushed as { conversationId?: string }).conversationId === objects.conversationId,
            );
          if (leaked.length > 0)
            violation(`socket message:send reached A's conversation: ${JSON.stringify(leaked)}`);
          const after = await readConversation(objects);
          if (!isDeepStrictEqual(after, before))
            violation(
              `socket message:send changed A's conversation: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
            );
        },
      };
      const missing = Object.values(SocketClientEvent).filter((event) => !(event in fixtures));
      expect(missing, 'add a fixture for each event a client may send').toEqual([]);
      for (const run of Object.values(fixtures)) {
        await run();
        covered.socketEvents += 1;
      }

      // The pushes of A's conversation, activity thread and circle thread reach C, and never B.
      const pushes = [
        {
          event: 'message:new',
          send: () =>
            ok(objects.a, 'POST', '/api/messages', { conversationId: objects.conversationId, content: 'hi' }),
        },
        {
          event: 'activity-thread:message',
          send: () =>
            ok(objects.a, 'POST', `/api/activity-threads/${objects.postId}/messages`, { content: 'hi' }),
        },
        {
          event: 'circle-thread:message',
          send: () =>
            ok(objects.a, 'POST', `/api/circle-threads/${objects.circleId}/messages`, { content: 'hi' }),
        },
      ];
      for (const push of pushes) {
        const toB = heard(b, push.event);
        const toC = arrivals(c, push.event);
        await push.send();
        if ((await toC).length !== 1) violation(`${push.event}: C, in the conversation, did not get it`);
        // A push to B would have come about when C's did.
        const leaked = await toB();
        if (leaked.length > 0) violation(`${push.event} reached B: ${JSON.stringify(leaked)}`);
        covered.socketPushes += 1;
      }
    } finally {
      for (const socket of [a, b, c]) socket.disconnect();
    }
    expect(violations.slice(start)).toEqual([]);
  });
});
