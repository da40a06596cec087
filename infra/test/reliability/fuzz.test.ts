/**
 * Bad input: every operation of the merged OpenAPI document (/api/docs/openapi.json) gets at
 * least RUNS generated hostile requests (fuzz-requests.ts) through the gateway of one embedded
 * server — signed in, signed out and with a forged cookie; admin routes also as an admin. No
 * answer may be a 5xx, and every 4xx of a JSON route must be JSON with a `message`. Each
 * operation that takes a body also gets one body past its limit: 413.
 *
 * Another seed: FUZZ_SEED=<seed> npx vitest run infra/test/reliability/fuzz.test.ts (the run prints its seed)
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, ROUTES_BY_SERVICE } from '@saathi/contracts';
import type { AnyRoute } from '@saathi/contracts';
import { newestMailName, waitForVerificationToken } from '../../../web/e2e/mail';
import { startTestServer } from '../../../web/e2e/server';
import type { TestServer } from '../../../web/e2e/server';
import { recordFigures } from './figures';
import { operationsOf, requestArbitrary } from './fuzz-requests';
import type { Caller, FuzzRequest, Operation } from './fuzz-requests';

/** Fixed, so every run sends the same requests; FUZZ_SEED=<n> tries others. */
const SEED = Number(process.env.FUZZ_SEED ?? 156_249_310);
const RUNS = 200;
/** Requests in flight at once: under the gateway's per-address cap (32). */
const PARALLEL = 16;
const PASSWORD = 'fuzz-password-1';
const DELHI = { latitude: 28.6139, longitude: 77.209 };
const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Operations that end the caller's session or account: fuzzed last, after everything else. */
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'POST /api/auth/delete-account']);

let server: TestServer;
/** Kept-alive connections (undici's fetch costs about a millisecond more per request). */
let pool: Pool;
const adminEmail = `fuzz-admin-${randomBytes(4).toString('hex')}@example.com`;
const cookies: Record<Caller, string | undefined> = {
  user: undefined,
  admin: undefined,
  anonymous: undefined,
  // A well-formed but unsigned token: the auth plugin must refuse it, not trip on it.
  forged: `${ACCESS_COOKIE}=eyJhbGciOiJub25lIn0.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJyb2xlIjoiYWRtaW4ifQ.`,
};

interface Answer {
  status: number;
  contentType: string;
  location: string | null;
  text: string;
}

async function send(request: Omit<FuzzRequest, 'label'>): Promise<Answer> {
  const cookie = cookies[request.caller];
  const response = await pool.request({
    method: request.method,
    path: request.url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(request.body ? { 'content-type': request.body.contentType } : {}),
    },
    ...(request.body ? { body: request.body.text } : {}),
  });
  const header = (name: string) => [response.headers[name] ?? ''].flat().join(', ');
  return {
    status: response.statusCode,
    contentType: header('content-type'),
    location: response.headers.location === undefined ? null : header('location'),
    text: await response.body.text(),
  };
}

async function call(caller: Caller, method: string, url: string, body?: unknown) {
  const answer = await send({
    caller,
    method,
    url,
    ...(body === undefined ? {} : { body: { contentType: 'application/json', text: JSON.stringify(body) } }),
  });
  return { status: answer.status, body: answer.text ? JSON.parse(answer.text) : undefined };
}

function accessCookieOf(response: Response): string {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    if (pair.startsWith(`${ACCESS_COOKIE}=`)) return pair;
  }
  throw new Error(`no ${ACCESS_COOKIE} cookie in the answer (${response.status})`);
}

async function register(name: string, email?: string): Promise<{ id: string; cookie: string }> {
  const username = `${name}_${randomBytes(3).toString('hex')}`;
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: email ?? `${username}@example.com`,
      phone: '9876543210',
      password: PASSWORD,
    }),
  });
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, cookie: accessCookieOf(response) };
}

/** The route descriptor behind an OpenAPI operation. */
function descriptorOf(operation: Operation, routes: readonly AnyRoute[]): AnyRoute | undefined {
  const path = operation.path.replace(/\{(\w+)\}/g, ':$1');
  return routes.find((route) => route.method === operation.method && route.path === path);
}

/** What is wrong with an answer, or undefined when it is acceptable. */
function problemWith(route: AnyRoute, answer: Answer, origin: string): string | undefined {
  if (answer.status >= 500) return `status ${answer.status}`;
  if (answer.status >= 300 && answer.status < 400) {
    if (route.kind !== 'document') return `a JSON route redirected (${answer.status})`;
    const location = answer.location ?? '';
    const target = new URL(location, origin);
    // Only to this site or to the configured sign-in provider: never an open redirect.
    if (target.origin !== origin && target.origin !== 'https://accounts.google.com')
      return `redirect to ${location}`;
    return undefined;
  }
  if (answer.status >= 400) {
    if (!answer.contentType.includes('application/json')) return `${answer.status} is not JSON`;
    try {
      const body = JSON.parse(answer.text) as { message?: unknown };
      if (typeof body.message !== 'string' || body.message.length === 0)
        return `${answer.status} without a message`;
    } catch {
      return `${answer.status} with a body that is not JSON`;
    }
  }
  return undefined;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        ...process.env,
        // Thousands of requests from one address: the per-address limits would answer most of them.
        RATE_LIMIT_PER_MINUTE: '1000000',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        RATE_LIMIT_LOGIN_PER_IP: '1000000',
        RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000000',
        RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: '1000000',
        RATE_LIMIT_REGISTER_PER_IP: '1000000',
        RATE_LIMIT_FORGOT_PER_IP: '1000000',
        UPLOADS_PER_HOUR: '1000000',
        FEEDBACK_PER_HOUR: '1000000',
        ADMIN_EMAILS: adminEmail,
      },
    });
    pool = new Pool(server.url, { connections: PARALLEL });
  }, 180_000);
  afterAll(async () => {
    await pool?.close();
    await server?.close();
  });

  it(`answers ${RUNS}+ hostile requests per operation without a 5xx, each 4xx with a message`, async () => {
    console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} reproduces this run)`);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();

    // People and objects whose ids the generated requests reuse, so some get past "not found".
    const before = await newestMailName(server.mailDir);
    const admin = await register('fuzzadmin', adminEmail);
    cookies.admin = admin.cookie;
    const token = await waitForVerificationToken(server.mailDir, before ? { after: before } : {});
    expect((await call('admin', 'POST', '/api/auth/verify-email', { token })).status).toBe(200);
    const adminLogin = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: adminEmail, password: PASSWORD }),
    });
    expect(adminLogin.status).toBe(200);
    cookies.admin = accessCookieOf(adminLogin);
    const user = await register('fuzzer');
    cookies.user = user.cookie;
    const other = await register('other');
    const post = await call('user', 'POST', '/api/posts', {
      content: 'Morning run, anyone?',
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
    expect(post.status).toBe(201);
    const comment = await call('user', 'POST', '/api/comments', { postId: post.body.id, content: 'Me!' });
    expect(comment.status).toBe(201);
    const conversation = await call('user', 'POST', '/api/conversations', { participantId: other.id });
    expect(conversation.status).toBe(200);
    const story = await call('admin', 'POST', '/api/blog/admin/posts', {
      title: 'Fuzzing',
      slug: 'fuzz-story',
      content: 'Hostile input, politely refused.',
      excerpt: 'Hostile input',
    });
    expect(story.status).toBe(201);
    const knownIds = [user.id, other.id, admin.id, post.body.id, comment.body.id, conversation.body.id];

    // A service's first document generation can outlast the gateway's fetch on a busy machine;
    // the gateway then says what it left out ("Not included…") and asks again next time.
    type Doc = Parameters<typeof operationsOf>[0] & { info?: { description?: string } };
    let doc: Doc;
    for (const deadline = Date.now() + 60_000; ;) {
      doc = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as Doc;
      if (doc.info?.description === undefined || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const routes = Object.values(ROUTES_BY_SERVICE).flat();
    const operations = operationsOf(doc);
    // The document must cover every declared route, and nothing undeclared: nothing is skipped.
    const undocumented = routes.filter(
      (route) => !operations.some((operation) => descriptorOf(operation, [route]) !== undefined),
    );
    expect(undocumented.map((route) => `${route.method} ${route.path}`)).toEqual([]);
    const plan = operations.map((operation) => {
      const route = descriptorOf(operation, routes);
      if (!route) throw new Error(`${operation.method} ${operation.path} has no route descriptor`);
      const callers: Caller[] =
        route.access === 'admin'
          ? ['admin', 'admin', 'user', 'anonymous', 'forged']
          : ['user', 'user', 'user', 'anonymous', 'forged'];
      const requests = fc.sample(
        requestArbitrary(operation, { knownIds, knownSlugs: ['fuzz-story'], callers }),
        { seed: SEED, numRuns: RUNS },
      );
      return { operation, route, requests };
    });
    // Admin calls may suspend or remove the objects the rest reuse; session enders end sessions.
    const phaseOf = ({ operation, route }: (typeof plan)[number]) =>
      SESSION_ENDING.has(`${operation.method} ${operation.path}`) ? 2 : route.access === 'admin' ? 1 : 0;
    let sent = 0;

    // First, one body past each limit, as a caller the route lets in: 413.
    const oversized: string[] = [];
    for (const { operation, route } of plan) {
      if (!operation.body || phaseOf({ operation, route, requests: [] }) === 2) continue;
      const limit = route.bodyLimit ?? DEFAULT_BODY_LIMIT;
      const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'slug' ? 'fuzz-story' : String(post.body.id),
      );
      const answer = await send({
        caller: route.access === 'admin' ? 'admin' : 'user',
        method: operation.method,
        url,
        body: {
          contentType: 'application/json',
          text: JSON.stringify({ content: 'a'.repeat(limit + 1024) }),
        },
      });
      sent += 1;
      const problem =
        answer.status === 413 ? problemWith(route, answer, server.url) : `status ${answer.status}`;
      if (problem)
        oversized.push(`${operation.method} ${operation.path}: ${problem} ${answer.text.slice(0, 200)}`);
    }

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let serverErrors = 0;
    let withoutMessage = 0;
    for (const phase of [0, 1, 2]) {
      const work = plan
        .filter((entry) => phaseOf(entry) === phase)
        .flatMap(({ route, requests }) => requests.map((request) => ({ route, request })));
      let next = 0;
      await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          while (next < work.length) {
            const { route, request } = work[next++]!;
            const answer = await send(request);
            sent += 1;
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            const problem = problemWith(route, answer, server.url);
            if (!problem) continue;
            if (answer.status >= 500) serverErrors += 1;
            else withoutMessage += 1;
            failures.push(
              `${problem}: ${request.caller} ${request.method} ${request.url.slice(0, 200)} [${request.label}] ` +
                `${request.body?.text.slice(0, 200) ?? ''} -> ${answer.text.slice(0, 200)}`,
            );
          }
        }),
      );
    }

    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const cpu = process.cpuUsage(cpuBefore);
    // Client and server share this process: its CPU time is the run's cost on a quiet machine.
    const cpuSeconds = Math.round((cpu.user + cpu.system) / 100_000) / 10;
    console.log(
      `fuzz: ${plan.length} operations, ${sent} requests in ${seconds} s (${cpuSeconds} s CPU); ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    recordFigures('Bad input', 'Fuzzing every OpenAPI operation', {
      operations: plan.length,
      requests: sent,
      'min requests per operation': Math.min(...plan.map((p) => p.requests.length)),
      'answers of status 500 or above': serverErrors,
      'client errors without a message': withoutMessage,
      'oversized bodies not 413': oversized.length,
      seed: String(SEED),
      seconds,
      'CPU seconds': cpuSeconds,
    });
    expect(plan.every((p) => p.requests.length >= RUNS)).toBe(true);
    expect(failures.slice(0, 30)).toEqual([]);
    expect(oversized).toEqual([]);
  }, 600_000);
});
