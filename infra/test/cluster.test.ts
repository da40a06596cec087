import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
/**
 * Cluster mode as an operator runs it: `npm run start:cluster` (feed twice) against the
 * machine's real PostgreSQL, NATS JetStream and Redis, with a real SMTP server, driven over HTTP
 * through the gateway. Then faults (issue 13): a service's processes are killed (its routes
 * answer 503 JSON quickly, every other route keeps working, and it serves again once restarted),
 * the link to PostgreSQL is cut and restored, messaging restarts while two people chat, and the
 * gateway itself drains on SIGTERM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket } from 'socket.io-client';
import { parseEml } from '@saathi/platform';
import {
  chatMessageSchema,
  MESSAGE_PAGE_MAX,
  SOCKET_IO_PATH,
  SocketServerEvent,
  startConversationResultSchema,
} from '@saathi/contracts';
import type { ChatMessage } from '@saathi/contracts';
import { mergeMessages } from '../../web/src/lib/chat-messages';
import type { ClientSocket } from '../../services/messaging/src/testing/test-messaging';
import { isReady, startTestCluster, waitUntil } from './cluster-harness';
import { keepOutputOfFailures } from './cluster-failures';
import type { TestCluster } from './cluster-harness';
import { recordFigures } from './reliability/figures';

let cluster: TestCluster;
let gatewayUrl = '';
const sockets: ClientSocket[] = [];
keepOutputOfFailures(() => cluster, 'cluster');

/** Feed queries a process has answered with 200, from its Prometheus metrics. */
async function feedRequestCount(port: number): Promise<number> {
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return metrics
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('http_request_duration_seconds_count') &&
        line.includes('route="/api/posts"') &&
        line.includes('status_code="200"'),
    )
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

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

async function call(method: string, route: string, body?: unknown, jar?: CookieJar) {
  const response = await fetch(gatewayUrl + route, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(jar ? { cookie: jar.header() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  jar?.store(response);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  cluster = await startTestCluster({
    replicas: { feed: 2 },
    databaseProxy: true,
    // The fault tests below sign people in and loop requests from one address for minutes:
    // the edge's per-IP limits (their own tests are in gateway/) must not be what they measure.
    env: { RATE_LIMIT_PER_MINUTE: '20000', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  gatewayUrl = cluster.gatewayUrl;
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await cluster?.close();
}, 60_000);

describe('npm run start:cluster', () => {
  it('runs the gateway, every service (feed twice) and the workers as separate processes', () => {
    const pids = cluster.pids();
    expect(Object.keys(pids).sort()).toEqual(Object.keys(cluster.ports).sort());
    expect(new Set(Object.values(pids)).size).toBe(Object.keys(cluster.ports).length);
    expect(cluster.output()).toMatch(/^identity\s+\| \{/m); // lines are prefixed with the process name
  });

  it('shares feed requests between its two processes through the gateway', async () => {
    const requestsBefore = await Promise.all(
      [cluster.ports['feed-1']!, cluster.ports['feed-2']!].map(feedRequestCount),
    );
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${gatewayUrl}/api/posts?latitude=28.6139&longitude=77.209`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    }
    const requestsAfter = await Promise.all(
      [cluster.ports['feed-1']!, cluster.ports['feed-2']!].map(feedRequestCount),
    );
    expect(requestsAfter[0]! - requestsBefore[0]!).toBe(3);
    expect(requestsAfter[1]! - requestsBefore[1]!).toBe(3);
  });

  it('registers, mails a reset link over SMTP, resets and signs in again through the gateway', async () => {
    const jar = new CookieJar();
    const email = `cluster${Date.now()}@example.com`;
    const registered = await call(
      'POST',
      '/api/auth/register',
      { username: `cl${Date.now()}`, email, phone: '9876543210', password: 'first-pass' },
      jar,
    );
    expect(registered.status).toBe(201);
    expect((await call('GET', '/api/auth/user', undefined, jar)).body.email).toBe(email);

    expect((await call('POST', '/api/auth/forgot-password', { email })).status).toBe(200);
    let token = '';
    await waitUntil(
      'the reset mail',
      () => {
        const mail = cluster.inbox
          .map((raw) => parseEml(raw))
          .find((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text));
        token = mail ? /token=([\w-]+)/.exec(mail.text)![1]! : '';
        return Promise.resolve(token !== '');
      },
      30_000,
    );
    const reset = await call('POST', '/api/auth/reset-password', {
      token,
      password: 'second-pass',
      confirmPassword: 'second-pass',
    });
    expect(reset.status).toBe(200);
    expect(
      (await call('POST', '/api/auth/login', { identifier: email, password: 'first-pass' })).status,
    ).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', { identifier: email, password: 'second-pass' })).status,
    ).toBe(200);
  });

  it('follows one trace id from the gateway through identity, its event, the consumer and the mail worker', async () => {
    const traceId = randomBytes(16).toString('hex');
    const email = `trace${Date.now()}@example.com`;
    const registered = await fetch(`${gatewayUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      body: JSON.stringify({
        username: `tr${Date.now()}`,
        email,
        phone: '9876543210',
        password: 'trace-pass',
      }),
    });
    expect(registered.status).toBe(201);
    // The gateway logs only failed or slow requests: a refused call in the same trace shows it.
    const refused = await fetch(`${gatewayUrl}/api/auth/user`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b8-01` },
    });
    expect(refused.status).toBe(401);
    // Each process logs its part with the same trace id: the gateway's and identity's access
    // lines, notification's handling of identity.user.registered, the worker's mail job.
    const linesWithTrace = (process: string, message: string) =>
      cluster
        .output()
        .split('\n')
        .filter((line) => line.startsWith(`${process} `) && line.includes(traceId) && line.includes(message));
    await waitUntil(
      'the trace in every process',
      () =>
        linesWithTrace('gateway', 'request completed').length > 0 &&
        linesWithTrace('identity', 'request completed').length > 0 &&
        linesWithTrace('notification', 'event handled').length > 0 &&
        linesWithTrace('notification-worker', 'job done').length > 0,
      20_000,
      () =>
        cluster
          .output()
          .split('\n')
          .filter((line) => line.includes(traceId))
          .join('\n'),
    );
  }, 60_000);

  it('loses no request while one feed process drains and stops (SIGTERM) under a steady loop', async () => {
    const pids = cluster.pids();
    let stop = false;
    const statuses: number[] = [];
    // Two steady clients.
    const loop = async () => {
      while (!stop) {
        const response = await fetch(`${gatewayUrl}/api/posts?latitude=28.6139&longitude=77.209`);
        await response.arrayBuffer();
        statuses.push(response.status);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    const clients = Array.from({ length: 2 }, loop);
    // Before, during and after the drain by count of answers, not by time: a busy machine answers
    // fewer in 500 ms, and the loop must be under way before the signal and go on well past it.
    await waitUntil('20 answers before the signal', () => statuses.length >= 20, 30_000);
    process.kill(pids['feed-1']!, 'SIGTERM');
    await waitUntil(
      'feed-1 to stop listening',
      async () => !(await isReady(cluster.ports['feed-1']!).catch(() => false)),
      15_000,
    );
    const atStop = statuses.length;
    await waitUntil('21 answers after feed-1 stopped', () => statuses.length >= atStop + 21, 30_000);
    stop = true;
    await Promise.all(clients);
    expect(statuses.length).toBeGreaterThan(40);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    recordFigures('Faults', 'SIGTERM to one of two feed processes under a steady request loop', {
      requests: statuses.length,
      failed: statuses.filter((status) => status !== 200).length,
    });
  }, 120_000);

  it('answers a killed service’s routes with 503 JSON within a second while other routes keep working', async () => {
    const pids = cluster.pids();
    for (const replica of ['feed-1', 'feed-2'] as const) {
      try {
        process.kill(pids[replica]!, 'SIGKILL');
      } catch {
        // stopped already (the drain test above)
      }
      await waitUntil(
        `${replica} to stop listening`,
        async () => !(await isReady(cluster.ports[replica]!).catch(() => false)),
        10_000,
      );
    }

    const started = performance.now();
    const response = await fetch(`${gatewayUrl}/api/posts?latitude=28.6&longitude=77.2`);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await response.json()) as { message: string }).message).toBeTruthy();
    expect(elapsed).toBeLessThan(1000);

    expect((await call('GET', '/api/auth/user')).status).toBe(401); // identity still answers
    expect((await fetch(`${gatewayUrl}/healthz`)).status).toBe(200);

    // Back: the same processes started again, and the gateway sends them requests at once.
    const restarting = performance.now();
    await Promise.all(['feed-1', 'feed-2'].map((name) => cluster.restart(name)));
    let status = 0;
    await waitUntil(
      'feed to serve through the gateway again',
      async () => {
        status = (await fetch(`${gatewayUrl}/api/posts?latitude=28.6&longitude=77.2`)).status;
        return status === 200;
      },
      10_000,
    );
    const recoveryMs = performance.now() - restarting;
    expect(status).toBe(200);
    recordFigures('Faults', 'A killed service behind the gateway, then restarted', {
      'status while down': response.status,
      '503 answered in ms': Math.round(elapsed),
      'other routes failed': 0,
      'restart to serving again ms': Math.round(recoveryMs),
    });
  }, 90_000);

  it('reports a lost database link in /readyz, answers 503 JSON at once, and recovers alone when it returns', async () => {
    const link = cluster.databaseLink!;
    const pidsBefore = Object.values(cluster.pids());
    // Processes with a database (all but the gateway) and two routes that must read it.
    const withDatabase = Object.entries(cluster.ports).filter(([name]) => name !== 'gateway');
    const signIn = () =>
      fetch(`${gatewayUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'nobody@example.com', password: 'not-a-password' }),
      });
    const stories = () => fetch(`${gatewayUrl}/api/blog/posts`);
    expect((await signIn()).status).toBe(401);
    expect((await stories()).status).toBe(200);

    await link.cut();
    const cutAt = performance.now();
    const answers: { status: number; ms: number; body: unknown }[] = [];
    const readiness: Record<string, string> = {};
    try {
      for (let i = 0; i < 5; i++) {
        for (const route of [signIn, stories]) {
          const started = performance.now();
          const answer = await route();
          answers.push({ status: answer.status, ms: performance.now() - started, body: await answer.json() });
        }
      }
      for (const [name, port] of withDatabase) {
        readiness[name] = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          async (ready) =>
            ready.status === 503 && ((await ready.json()) as { failed: string[] }).failed.includes('database')
              ? 'database failed'
              : `answered ${ready.status}`,
          () => 'not listening',
        );
      }
      // Down for a few seconds, long enough for every pool, relay and worker to hit it.
      await sleep(Math.max(0, 3000 - (performance.now() - cutAt)));
    } finally {
      // Whatever failed, the later tests get their database back.
      await link.restore();
    }
    const trouble = () =>
      cluster
        .output()
        .split('\n')
        .filter((line) => /shutting down|exited|"level":(50|60)/.test(line))
        .slice(-30)
        .join('\n');
    expect(readiness, trouble()).toEqual(
      Object.fromEntries(withDatabase.map(([name]) => [name, 'database failed'])),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 503));
    for (const answer of answers) {
      expect(answer.body).toEqual({
        message: 'Service temporarily unavailable, try again shortly',
        code: 'DATABASE_UNAVAILABLE',
      });
    }
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    expect(slowest).toBeLessThan(1000);

    const restoredAt = performance.now();
    await waitUntil(
      'every process ready again',
      async () => (await Promise.all(withDatabase.map(([, port]) => isReady(port)))).every(Boolean),
      20_000,
      () => cluster.output(),
    );
    await waitUntil(
      'sign-in and stories to answer again',
      async () => (await signIn()).status === 401 && (await stories()).status === 200,
      10_000,
    );
    const recoveryMs = performance.now() - restoredAt;
    // Nobody restarted anything: the same processes recovered by themselves, none crashed.
    const running = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(pidsBefore.filter((pid) => !running(pid))).toEqual([]);
    expect(Object.values(cluster.pids())).toEqual(pidsBefore);
    recordFigures('Faults', 'PostgreSQL connection loss', {
      'requests while cut': answers.length,
      'answered 503 JSON': answers.filter((answer) => answer.status === 503).length,
      'slowest 503 ms': Math.round(slowest),
      'processes reporting not ready': withDatabase.length,
      'recovery after restore ms': Math.round(recoveryMs),
      'processes restarted or crashed': 0,
    });
  }, 60_000);

  it('keeps every chat message exactly once and in order for both people across a messaging restart', async () => {
    const people = await Promise.all(['asha', 'ravi'].map((name) => chatter(name)));
    const [asha, ravi] = people as [Chatter, Chatter];
    let conversationId = '';
    // Messaging learns of new accounts from identity's events: start once it knows Ravi.
    await waitUntil(
      'messaging to know the new accounts',
      async () => {
        const started = await asha.post('/api/conversations', { participantId: ravi.id });
        conversationId = startConversationResultSchema.safeParse(started.body).data?.id ?? '';
        return started.status === 200;
      },
      30_000,
    );
    await Promise.all(people.map((person) => person.join(conversationId)));

    const total = 40;
    const sent: string[] = [];
    const chat = (async () => {
      for (let i = 0; i < total; i++) {
        const content = `message ${String(i).padStart(2, '0')}`;
        await people[i % 2]!.send(conversationId, content);
        sent.push(content);
        await sleep(60);
      }
    })();
    await sleep(800);
    const restarting = performance.now();
    await cluster.restart('messaging');
    const restartMs = performance.now() - restarting;
    await chat;

    await waitUntil(
      'both people to hold the whole chat',
      () => people.every((person) => person.thread.length === total && person.socket.connected),
      30_000,
      () =>
        people
          .map(
            (p) =>
              `${p.name}: connected ${p.socket.connected}, ${p.reconnects} reconnects, ${p.retries} retries, ` +
              `${p.caughtUp} caught up, holds ${p.thread.map((m) => m.content.slice(-2)).join(' ')}`,
          )
          .join('\n'),
    );
    const stored = await asha.page(conversationId, undefined, MESSAGE_PAGE_MAX);
    // Stored once each, in the order they were sent; each person holds exactly that.
    expect(stored.map((message) => message.content)).toEqual(sent);
    for (const person of people)
      expect(person.thread.map((message) => message.id)).toEqual(stored.map((m) => m.id));
    // The restart really cut the sockets, and what they missed came back through catch-up.
    expect(people.every((person) => person.reconnects >= 1)).toBe(true);
    recordFigures('Faults', 'Messaging restarted while two people chat', {
      'messages sent': total,
      'messages stored': stored.length,
      'duplicates stored': stored.length - new Set(stored.map((m) => m.content)).size,
      'received by each (of 40)': `${asha.thread.length} / ${ravi.thread.length}`,
      'missed by the socket, caught up over REST': people.reduce((sum, p) => sum + p.caughtUp, 0),
      'sends retried while down': people.reduce((sum, p) => sum + p.retries, 0),
      'restart ms': Math.round(restartMs),
    });
  }, 120_000);

  it('drains the gateway on SIGTERM: requests it accepted complete, new connections are refused', async () => {
    const port = Number(new URL(gatewayUrl).port);
    // Accepted and in flight when the signal comes: sign-ins whose bodies are still arriving.
    const inFlight = await Promise.all(Array.from({ length: 3 }, () => trickledSignIn(port)));
    // And a steady client opening a new connection for every request.
    let stop = false;
    const outcomes: Outcome[] = [];
    const loop = (async () => {
      while (!stop) {
        outcomes.push(await freshRequest(port, '/api/blog/posts'));
        await sleep(20);
      }
    })();
    await sleep(300);
    const signalledAt = outcomes.length;
    process.kill(cluster.pids().gateway!, 'SIGTERM');
    await sleep(300);
    const inFlightStatuses = await Promise.all(inFlight.map((request) => request.finish()));
    await waitUntil(
      'the gateway to refuse connections',
      () => outcomes.slice(-3).filter((o) => o.error === 'ECONNREFUSED').length === 3,
      15_000,
    );
    stop = true;
    await loop;

    // Every request the gateway accepted got its real answer; after it stopped listening, a new
    // connection is refused outright (a client or load balancer tries another gateway). A
    // connection the kernel took just before the listener closed, whose request is read once
    // closing has begun, is refused with a 503 instead (Fastify's return503OnClosing): a refusal
    // the client can retry, as it would a refused connect — never a lost or half answer.
    expect(inFlightStatuses).toEqual([401, 401, 401]);
    const answered = outcomes.filter((o) => o.status !== undefined);
    expect(answered.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    // A connection still in the listen backlog when the listener closes is reset by the kernel,
    // its request never read (seen on a loaded machine, where the event loop is slow to accept):
    // as retryable as a refused connect. The loop has one connection open at a time, so that can
    // happen at most once, at the moment of closing; a reset once an answer has begun is a half
    // answer and fails. (That accepted requests are answered is the in-flight check above.)
    const resetUnanswered = (o: Outcome) => o.error === 'ECONNRESET' && !o.midAnswer;
    const refusal = (o: Outcome) => o.error === 'ECONNREFUSED' || resetUnanswered(o);
    expect(outcomes.filter((o) => o.error !== undefined && !refusal(o))).toEqual([]);
    expect(outcomes.filter(resetUnanswered).length).toBeLessThanOrEqual(1);
    expect(outcomes.slice(0, signalledAt).every((o) => o.status === 200)).toBe(true);

    const restarting = performance.now();
    await cluster.restart('gateway');
    expect((await fetch(`${gatewayUrl}/api/blog/posts`)).status).toBe(200);
    recordFigures('Faults', 'SIGTERM to the gateway under a steady request loop', {
      'in flight at SIGTERM': inFlight.length,
      'in flight failed': inFlightStatuses.filter((status) => status !== 401).length,
      'loop requests': outcomes.length,
      'answered 200': answered.filter((o) => o.status === 200).length,
      'refused with 503 while closing': answered.filter((o) => o.status === 503).length,
      'connections refused after it stopped listening': outcomes.filter((o) => o.error === 'ECONNREFUSED')
        .length,
      'reset before an answer': outcomes.filter(resetUnanswered).length,
      'other failures': outcomes.filter((o) => o.error !== undefined && !refusal(o)).length,
      'restart ms': Math.round(performance.now() - restarting),
    });
  }, 60_000);
});

interface Outcome {
  status?: number;
  error?: string;
  /** The error came after the answer had begun: a half answer, never acceptable. */
  midAnswer?: boolean;
}

/** One GET on a connection of its own (no keep-alive), so a refused connect shows as such. */
function freshRequest(port: number, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode }));
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message, midAnswer: true }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end();
  });
}

/**
 * A sign-in whose body is sent in two halves: the gateway has accepted it (headers read, the
 * request forwarded) but cannot finish it before `finish()` sends the rest.
 */
function trickledSignIn(port: number): Promise<{ finish(): Promise<number> }> {
  const body = JSON.stringify({ identifier: 'nobody@example.com', password: 'not-a-password' });
  const half = Math.floor(body.length / 2);
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    path: '/api/auth/login',
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  answered.catch(() => undefined); // awaited through finish(); a failure is asserted there
  return new Promise((resolve) => {
    request.write(body.slice(0, half), () =>
      resolve({
        finish: () => {
          request.end(body.slice(half));
          return answered;
        },
      }),
    );
  });
}

interface Chatter {
  name: string;
  id: string;
  socket: ClientSocket;
  /** What the person's screen shows: merged by id, oldest first, as the web app does. */
  thread: ChatMessage[];
  reconnects: number;
  /** Messages that arrived through the REST catch-up after a reconnect. */
  caughtUp: number;
  /** Sends answered 5xx or not at all, tried again (a person pressing retry). */
  retries: number;
  post(path: string, body: unknown): Promise<{ status: number; body: unknown }>;
  page(conversationId: string, after: string | undefined, limit: number): Promise<ChatMessage[]>;
  join(conversationId: string): Promise<void>;
  send(conversationId: string, content: string): Promise<void>;
}

/**
 * A signed-in person as the web app behaves: one socket through the gateway that reconnects by
 * itself, messages merged by id (the web's own `mergeMessages`), and after a reconnect a REST
 * catch-up (`after=<the newest id when the socket dropped>`, page by page) for what it missed.
 */
async function chatter(name: string): Promise<Chatter> {
  const unique = `${name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const registered = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: unique,
      email: `${unique}@example.com`,
      phone: '9876543210',
      password: 'pass-word',
    }),
  });
  expect(registered.status).toBe(201);
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const me = await fetch(`${gatewayUrl}/api/auth/user`, { headers: { cookie } });
  const id = ((await me.json()) as { id: string }).id;

  const post = async (path: string, body: unknown) => {
    const response = await fetch(gatewayUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const page = async (conversationId: string, after: string | undefined, limit: number) => {
    const query = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
    const response = await fetch(
      `${gatewayUrl}/api/conversations/${conversationId}/messages?${query.toString()}`,
      {
        headers: { cookie },
      },
    );
    if (response.status !== 200) throw new Error(`catch-up answered ${response.status}`);
    return chatMessageSchema.array().parse(await response.json());
  };

  const socket: ClientSocket = connectSocket(gatewayUrl, {
    path: SOCKET_IO_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
    extraHeaders: { cookie, origin: gatewayUrl },
  });
  sockets.push(socket);
  let conversation = '';
  const person: Chatter = {
    name,
    id,
    socket,
    thread: [],
    reconnects: 0,
    caughtUp: 0,
    retries: 0,
    post,
    page,
    join: async (conversationId) => {
      conversation = conversationId;
      if (!socket.connected) await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    },
    send: async (conversationId, content) => {
      for (;;) {
        const answer = await post('/api/messages', { conversationId, content }).catch(() => ({
          status: 0,
          body: undefined,
        }));
        if (answer.status === 201) {
          person.thread = mergeMessages(person.thread, [chatMessageSchema.parse(answer.body)]);
          return;
        }
        if (answer.status !== 0 && answer.status < 500) throw new Error(`send answered ${answer.status}`);
        person.retries++;
        await sleep(200);
      }
    },
  };
  socket.on(SocketServerEvent.messageNew, (message) => {
    person.thread = mergeMessages(person.thread, [message]);
  });
  let connectedBefore = false;
  // As web/src/realtime/socket-provider.tsx: where the thread stood when the socket dropped.
  let mark: string | undefined;
  socket.on('disconnect', () => {
    mark = person.thread.at(-1)?.id;
  });
  socket.on('connect', () => {
    if (!connectedBefore) {
      connectedBefore = true;
      return;
    }
    person.reconnects++;
    void (async () => {
      let after = mark ?? person.thread.at(-1)?.id;
      while (after && conversation) {
        const missed = await page(conversation, after, MESSAGE_PAGE_MAX);
        person.caughtUp += missed.filter((m) => !person.thread.some((held) => held.id === m.id)).length;
        person.thread = mergeMessages(person.thread, missed);
        if (missed.length < MESSAGE_PAGE_MAX) break;
        after = missed.at(-1)?.id;
      }
    })().catch(() => undefined);
  });
  return person;
}
