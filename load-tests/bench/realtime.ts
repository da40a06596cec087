/**
 * `npm run bench:realtime` — messaging's live delivery in cluster mode, on this machine, in one run:
 *
 * 1. `npm run start:cluster` with two messaging processes sharing Redis (the cluster harness:
 *    its own database, NATS and Redis), with this run's signing key and the edge limits raised
 *    (every bench client comes from 127.0.0.1).
 * 2. N signed-in users (default 1,000) connect websocket-only through the gateway, which spreads
 *    them over the two messaging processes; 200 conversations between 400 of them.
 * 3. 500 messages/s in total over those conversations for D seconds, each `POST /api/messages`
 *    through the gateway. Latency: from just before the POST to the recipient's socket receiving
 *    `message:new` (both ends in this process, one clock). Lost: a 201 whose message never reached
 *    the recipient; stored: rows in the database.
 * 4. Presence cost: sequential sends with the recipient away (every send asks the other process
 *    through Redis) against the recipient connected to both processes (answered locally).
 * 5. Baseline, same run, same clients: a bare Socket.IO server (no auth, no database, no gateway),
 *    each sender emitting to its peer's room at the same rate.
 *
 * Appends a section to load-tests/RESULTS.md. Not part of `npm test`.
 * Options: --users <n> (1000), --rate <msg/s> (500), --duration <s> (20), --no-write,
 * --send http|socket (http: `POST /api/messages`; socket: an acknowledged `message:send` on the
 * sender's own socket, the web's path when its socket is connected), --profile <dir> (each cluster
 * process writes a CPU profile there on exit; `npx tsx load-tests/bench/profile-top.ts <file>`
 * prints its top functions).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { ACCESS_COOKIE, SOCKET_IO_PATH, SocketServerEvent } from '@saathi/contracts';
import type { ChatMessage } from '@saathi/contracts';
import { generateKeyPair, signAccessToken } from '@saathi/platform';
import { startTestCluster } from '../../infra/test/cluster-harness';
import type { TestCluster } from '../../infra/test/cluster-harness';
import { startChild } from './lib/children';
import { processCpuSeconds } from './lib/process-cpu';

const here = import.meta.dirname;
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '20' },
    'no-write': { type: 'boolean', default: false },
    /** `socket`: each send is an acknowledged `message:send` on the sender's open socket. */
    send: { type: 'string', default: 'http' },
    /** A directory: every cluster process writes a V8 CPU profile there when it stops (`--cpu-prof`). */
    profile: { type: 'string' },
  },
});
const SEND_OVER_SOCKET = values.send === 'socket';
if (!['http', 'socket'].includes(values.send)) throw new Error('--send is http or socket');
const USERS = Number(values.users);
const RATE = Number(values.rate);
const DURATION = Number(values.duration);
const CONVERSATIONS = 200;
if (USERS < CONVERSATIONS * 2) throw new Error(`--users must be at least ${CONVERSATIONS * 2}`);
/** How long after the last send a missing delivery counts as lost. */
const DRAIN_MS = 5_000;
/** How long each process's idle CPU use is sampled before the sends. */
const IDLE_SAMPLE_MS = 3_000;
/** Longest wait, after the sends, for the cluster to be as quiet as at idle. */
const QUIET_MAX_MS = 60_000;

interface User {
  id: string;
  cookie: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function summary(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}
const fmt = (ms: number) => ms.toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in MiB (Linux). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN) / 1024;
}

/** Opens `count` sockets, `batch` at a time, from a factory; resolves once all are connected. */
async function connectAll(count: number, open: (i: number) => Socket, batch = 50): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
        const socket = open(start + k);
        return new Promise<Socket>((resolve, reject) => {
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        });
      }),
    );
    sockets.push(...opened);
  }
  return sockets;
}

/**
 * Sends at `rate` per second for `seconds`, calling `send(seq)` for each; the schedule catches up
 * after a late timer instead of drifting.
 */
async function paced(rate: number, seconds: number, send: (seq: number) => void): Promise<number> {
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let seq = 0;
  while (seq < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    while (seq < due) send(seq++);
    await sleep(2);
  }
  return total;
}

interface RunFigures {
  sent: number;
  accepted: number;
  delivered: number;
  lost: number;
  duplicates: number;
  /** Delivered by the catch-up fetch after a reconnect rather than by push. */
  caughtUp: number;
  latency: ReturnType<typeof summary>;
  sendLatency: ReturnType<typeof summary>;
  failures: number;
  /** Deliveries slower than 100 ms, by the second of the run their send began in: where the tail is. */
  slowBySecond: Map<number, number>;
  /** Delivery latency of the sends after the first WARM_UP_SECONDS (the processes' JIT, pools and caches warm). */
  steadyLatency: ReturnType<typeof summary>;
}

/** The run's first seconds, reported apart: a process just started compiles its hot paths then. */
const WARM_UP_SECONDS = 5;

/** Per-message bookkeeping shared by our run and the baseline. */
function tracker() {
  const sentAt = new Map<number, number>();
  const accepted = new Set<number>();
  const deliveredAt = new Map<number, number>();
  const caughtUp = new Set<number>();
  let duplicates = 0;
  const sendMs: number[] = [];
  let failures = 0;
  return {
    sent(seq: number) {
      sentAt.set(seq, performance.now());
    },
    accepted(seq: number) {
      accepted.add(seq);
      sendMs.push(performance.now() - (sentAt.get(seq) ?? Number.NaN));
    },
    failed() {
      failures++;
    },
    delivered(seq: number, via: 'push' | 'catch-up' = 'push') {
      if (deliveredAt.has(seq)) {
        // The same message by push and by catch-up is one message on screen (keyed by id).
        if (via === 'push' && !caughtUp.has(seq)) duplicates++;
        return;
      }
      deliveredAt.set(seq, performance.now());
      if (via === 'catch-up') caughtUp.add(seq);
    },
    figures(): RunFigures {
      const latencies = [...deliveredAt].map(([seq, at]) => at - (sentAt.get(seq) ?? Number.NaN));
      let firstSend = Number.POSITIVE_INFINITY;
      for (const at of sentAt.values()) firstSend = Math.min(firstSend, at);
      const slowBySecond = new Map<number, number>();
      for (const [seq, at] of deliveredAt) {
        const sent = sentAt.get(seq) ?? Number.NaN;
        if (at - sent <= 100) continue;
        const second = Math.floor((sent - firstSend) / 1000);
        slowBySecond.set(second, (slowBySecond.get(second) ?? 0) + 1);
      }
      const steady = [...deliveredAt]
        .filter(([seq]) => (sentAt.get(seq) ?? 0) - firstSend >= WARM_UP_SECONDS * 1000)
        .map(([seq, at]) => at - (sentAt.get(seq) ?? Number.NaN));
      return {
        slowBySecond,
        steadyLatency: summary(steady),
        sent: sentAt.size,
        accepted: accepted.size,
        delivered: deliveredAt.size,
        lost: [...accepted].filter((seq) => !deliveredAt.has(seq)).length,
        duplicates,
        caughtUp: caughtUp.size,
        latency: summary(latencies),
        sendLatency: summary(sendMs),
        failures,
      };
    },
  };
}

async function post(url: string, cookie: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const keys = generateKeyPair();
  console.log('starting the cluster (messaging ×2)…');
  const cluster: TestCluster = await startTestCluster({
    replicas: { messaging: 2 },
    env: {
      JWT_PRIVATE_KEY: keys.privateKey,
      JWT_PUBLIC_KEY: keys.publicKey,
      RATE_LIMIT_PER_MINUTE: '100000000',
      MAX_IN_FLIGHT_PER_IP: '100000',
      // Node 20 refuses --cpu-prof in NODE_OPTIONS: a preload profiles each process instead.
      ...(values.profile
        ? {
            NODE_OPTIONS: `--import ${pathToFileURL(path.join(here, 'lib', 'cpu-profile-preload.mjs')).href}`,
            SAATHI_CPU_PROFILE_DIR: path.resolve(values.profile),
          }
        : {}),
    },
  });
  const sockets: Socket[] = [];
  let echo: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    const gateway = cluster.gatewayUrl;
    const users: User[] = Array.from({ length: USERS }, (_, i) => {
      const id = randomUUID();
      const token = signAccessToken(
        keys.privateKey,
        { sub: id, username: `bench${i}`, role: 'user', sid: randomUUID() },
        { ttlSeconds: 3600 },
      );
      return { id, cookie: `${ACCESS_COOKIE}=${token}` };
    });

    // Accounts as identity's registration events would have left them (no password hashing).
    // A pool, not one client: on a shared machine another run's fault test may terminate
    // connections, and the next query should simply take a new one.
    const db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
    db.on('error', (err) => console.warn('bench database connection lost:', err.message));
    await db.query(
      `insert into messaging.participants (user_id, username, first_name, source_at)
       select unnest($1::uuid[]), 'bench' || generate_series(0, $2::int - 1), 'Bench', now()`,
      [users.map((user) => user.id), USERS],
    );
    const conversations: { id: string; a: User; b: User }[] = [];
    for (let k = 0; k < CONVERSATIONS; k++) {
      const a = users[2 * k]!;
      const b = users[2 * k + 1]!;
      const response = await post(`${gateway}/api/conversations`, a.cookie, { participantId: b.id });
      if (response.status !== 200) throw new Error(`start answered ${response.status}`);
      conversations.push({ id: ((await response.json()) as { id: string }).id, a, b });
    }

    const pids = cluster.pids();
    const messagingPids = [pids['messaging-1']!, pids['messaging-2']!];
    await sleep(1000);
    const rssBefore = messagingPids.map(rssMiB);
    const userIndex = new Map(users.map((user, i) => [user.id, i]));
    const ours = tracker();
    console.log(`connecting ${USERS} sockets through the gateway…`);
    const connectStarted = performance.now();
    // Each of the first 400 users is in one conversation. A socket that drops reconnects and
    // asks for what it missed (`after` its newest message), as the web client does.
    const conversationOf = new Map<number, string>();
    conversations.forEach((conversation, k) => {
      conversationOf.set(2 * k, conversation.id);
      conversationOf.set(2 * k + 1, conversation.id);
    });
    const newest = new Map<number, { id: string; createdAt: string }>();
    let reconnects = 0;
    const receive = (i: number, message: ChatMessage, via: 'push' | 'catch-up') => {
      const seen = newest.get(i);
      if (!seen || message.createdAt > seen.createdAt)
        newest.set(i, { id: message.id, createdAt: message.createdAt });
      // Only the recipient's copy counts (the sender's socket gets one too).
      if (message.senderId !== users[i]!.id && message.content.startsWith('b:'))
        ours.delivered(Number(message.content.slice(2)), via);
    };
    const catchUp = async (i: number) => {
      const conversationId = conversationOf.get(i);
      if (!conversationId) return;
      for (;;) {
        const after = newest.get(i);
        const query = after ? `?limit=100&after=${after.id}` : '?limit=100';
        const response = await fetch(`${gateway}/api/conversations/${conversationId}/messages${query}`, {
          headers: { cookie: users[i]!.cookie },
        });
        if (response.status !== 200) throw new Error(`catch-up answered ${response.status}`);
        const page = (await response.json()) as ChatMessage[];
        for (const message of page) receive(i, message, 'catch-up');
        if (page.length < 100) return;
      }
    };
    sockets.push(
      ...(await connectAll(USERS, (i) => {
        const socket = connectSocket(gateway, {
          path: SOCKET_IO_PATH,
          transports: ['websocket'],
          forceNew: true,
          extraHeaders: { cookie: users[i]!.cookie, origin: gateway },
        });
        socket.on(SocketServerEvent.messageNew, (message: ChatMessage) => receive(i, message, 'push'));
        socket.io.on('reconnect', () => {
          reconnects++;
          catchUp(i).catch((err: unknown) => console.error('catch-up failed', err));
        });
        return socket;
      })),
    );
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const socketsPerProcess = await Promise.all(
      ['messaging-1', 'messaging-2'].map(async (name) => {
        const metrics = await (await fetch(`http://127.0.0.1:${cluster.ports[name]}/metrics`)).text();
        const line = metrics.split('\n').find((l) => l.startsWith('messaging_sockets_connected{'));
        return Number(line?.split(' ').pop());
      }),
    );
    await sleep(2000);
    const rssAfter = messagingPids.map(rssMiB);
    const kibPerUser = ((rssAfter[0]! + rssAfter[1]! - rssBefore[0]! - rssBefore[1]!) * 1024) / USERS;

    console.log(`sending ${RATE} msg/s for ${DURATION} s…`);
    // Where the CPU goes while messages flow: every cluster process, and this client. Each
    // process's idle use (periodic tasks, metrics) is sampled first, to be taken off the figure
    // measured until the cluster is quiet again.
    const cpuNow = () =>
      Object.fromEntries(
        Object.entries(pids).map(([name, pid]) => [name, processCpuSeconds(pid) ?? Number.NaN]),
      );
    const idleFrom = cpuNow();
    const idleStarted = performance.now();
    await sleep(IDLE_SAMPLE_MS);
    const cpuBefore = cpuNow();
    const sendsStarted = performance.now();
    const idlePerMs = Object.fromEntries(
      Object.keys(pids).map((name) => [
        name,
        (cpuBefore[name]! - idleFrom[name]!) / (sendsStarted - idleStarted),
      ]),
    );
    const clientCpuBefore = process.cpuUsage();
    const pending: Promise<void>[] = [];
    /** Why socket sends were refused, by answer (none expected). */
    const refusals = new Map<string, number>();
    const refused = (why: string) => {
      refusals.set(why, (refusals.get(why) ?? 0) + 1);
      ours.failed();
    };
    await paced(RATE, DURATION, (seq) => {
      const conversation = conversations[seq % CONVERSATIONS]!;
      const sender = Math.floor(seq / CONVERSATIONS) % 2 === 0 ? conversation.a : conversation.b;
      ours.sent(seq);
      if (SEND_OVER_SOCKET) {
        const socket = sockets[userIndex.get(sender.id)!]!;
        pending.push(
          socket
            .timeout(30_000)
            .emitWithAck('message:send', {
              conversationId: conversation.id,
              content: `b:${seq}`,
              clientMessageId: randomUUID(),
            })
            .then(
              (ack: { ok: boolean; status?: number; message?: string }) => {
                if (ack.ok) {
                  ours.accepted(seq);
                  return;
                }
                refused(`${ack.status} ${ack.message}`);
              },
              (error: unknown) => {
                refused(error instanceof Error ? error.message : String(error));
              },
            ),
        );
        return;
      }
      pending.push(
        post(`${gateway}/api/messages`, sender.cookie, {
          conversationId: conversation.id,
          content: `b:${seq}`,
        }).then(
          async (response) => {
            await response.arrayBuffer();
            if (response.status === 201) ours.accepted(seq);
            else ours.failed();
          },
          () => ours.failed(),
        ),
      );
    });
    await Promise.all(pending);
    if (refusals.size > 0) console.log('refused socket sends:', Object.fromEntries(refusals));
    const deadline = Date.now() + DRAIN_MS;
    while (Date.now() < deadline && ours.figures().delivered < ours.figures().accepted) await sleep(50);
    const figures = ours.figures();
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const cpuMsPerMessage = Object.entries(pids)
      .map(([name, pid]) => ({
        name,
        ms:
          (((processCpuSeconds(pid) ?? Number.NaN) - (cpuBefore[name] ?? Number.NaN)) * 1000) / figures.sent,
      }))
      .concat({ name: 'bench client', ms: (clientCpu.user + clientCpu.system) / 1000 / figures.sent })
      .filter((entry) => entry.ms >= 0.05)
      .sort((a, b) => b.ms - a.ms);
    // Work a message causes goes on after its delivery (notification, moderation, the outbox
    // relays): wait until the processes use no more than at idle, then count all of it.
    const idleTotalPerMs = Object.values(idlePerMs).reduce((sum, rate) => sum + rate, 0);
    const quietBy = Date.now() + QUIET_MAX_MS;
    let quietSeconds = 0;
    let last = cpuNow();
    while (quietSeconds < 2 && Date.now() < quietBy) {
      await sleep(1000);
      const current = cpuNow();
      const used = Object.keys(pids).reduce((sum, name) => sum + (current[name]! - last[name]!), 0);
      quietSeconds = used <= idleTotalPerMs * 1000 + 0.05 ? quietSeconds + 1 : 0;
      last = current;
    }
    const untilQuietMs = performance.now() - sendsStarted;
    const workMsPerMessage = Object.keys(pids)
      .map((name) => ({
        name,
        ms: ((last[name]! - cpuBefore[name]! - idlePerMs[name]! * untilQuietMs) * 1000) / figures.sent,
      }))
      .filter((entry) => entry.ms >= 0.05)
      .sort((a, b) => b.ms - a.ms);
    const workTotal = workMsPerMessage.reduce((sum, entry) => sum + entry.ms, 0);
    const stored = Number(
      (await db.query<{ count: string }>(`select count(*) from messaging.messages where content like 'b:%'`))
        .rows[0]?.count,
    );
    const online = (
      await db.query<{ online: boolean; count: string }>(
        `select (payload->'data'->>'recipientOnline')::boolean as online, count(*) from messaging.outbox
         where type = 'messaging.message.sent.v1' group by 1`,
      )
    ).rows;

    // Presence cost: the recipient away (a cluster-wide lookup per send) vs connected to both processes.
    const presence = async (label: string, conversation: (typeof conversations)[number]) => {
      const ms: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        const response = await post(`${gateway}/api/messages`, conversation.a.cookie, {
          conversationId: conversation.id,
          content: `p:${label}:${i}`,
        });
        await response.arrayBuffer();
        ms.push(performance.now() - started);
      }
      return summary(ms);
    };
    const away = conversations[0]!;
    const awaySocket = sockets[userIndex.get(away.b.id)!]!;
    awaySocket.disconnect();
    await sleep(500);
    const presenceAway = await presence('away', away);
    const both = await Promise.all(
      ['messaging-1', 'messaging-2'].map((name) =>
        connectAll(1, () =>
          connectSocket(`http://127.0.0.1:${cluster.ports[name]}`, {
            path: SOCKET_IO_PATH,
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
            extraHeaders: { cookie: away.b.cookie },
          }),
        ),
      ),
    );
    sockets.push(...both.flat());
    const presenceLocal = await presence('local', away);
    await db.end();

    for (const socket of sockets) socket.disconnect();
    sockets.length = 0;

    // Baseline: a bare Socket.IO server, the same clients and rate.
    console.log('baseline: bare Socket.IO echo…');
    echo = await startChild(path.join(here, 'lib', 'echo-server.ts'));
    const echoPid = Number(echo.message.pid);
    await sleep(1000);
    const echoRssBefore = rssMiB(echoPid);
    const bare = tracker();
    const bareSockets = await connectAll(USERS, (i) => {
      const socket = connectSocket(echo!.url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        query: { room: String(i) },
      });
      socket.on('msg', (seq: number) => bare.delivered(seq));
      return socket;
    });
    sockets.push(...bareSockets);
    await sleep(2000);
    const echoKibPerUser = ((rssMiB(echoPid) - echoRssBefore) * 1024) / USERS;
    await paced(RATE, DURATION, (seq) => {
      const k = seq % CONVERSATIONS;
      const fromA = Math.floor(seq / CONVERSATIONS) % 2 === 0;
      const from = fromA ? 2 * k : 2 * k + 1;
      const to = fromA ? 2 * k + 1 : 2 * k;
      bare.sent(seq);
      bare.accepted(seq);
      bareSockets[from]!.emit('msg', String(to), seq);
    });
    const bareDeadline = Date.now() + DRAIN_MS;
    while (Date.now() < bareDeadline && bare.figures().delivered < bare.figures().accepted) await sleep(50);
    const baseline = bare.figures();

    const cpus = os.cpus();
    const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
    const lines = [
      '',
      `## Realtime bench — ${new Date().toISOString()}`,
      '',
      `Command: \`npm run bench:realtime${process.argv.length > 2 ? ' -- ' + process.argv.slice(2).join(' ') : ''}\` · machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version} · load average (1 min) at start ${loadAtStart.toFixed(1)}, at end ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
      '',
      `Cluster mode (\`start:cluster\`: gateway, every service and worker, messaging ×2 sharing Redis through the streams adapter), all on this machine with the bench client. ${USERS.toLocaleString('en')} signed-in users connected websocket-only through the gateway in ${connectSeconds.toFixed(1)} s (${socketsPerProcess.join(' + ')} sockets on the two messaging processes); ${RATE} messages/s for ${DURATION} s over ${CONVERSATIONS} conversations, each ${SEND_OVER_SOCKET ? "an acknowledged `message:send` on the sender's socket" : 'a `POST /api/messages` through the gateway'}. Latency is from just before the send to the recipient's socket receiving \`message:new\`. The baseline is a bare Socket.IO server in its own process (no gateway, auth, database or adapter), the same ${USERS.toLocaleString('en')} clients, each sender emitting to its peer's room at the same rate.`,
      '',
      '| | sent | stored / relayed | delivered | lost | twice | p50 ms | p99 ms | max ms | memory per connected user |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| messaging (${SEND_OVER_SOCKET ? 'socket send' : 'REST send'} → socket) | ${figures.sent} | ${stored} | ${figures.delivered} | ${figures.lost} | ${figures.duplicates} | ${fmt(figures.latency.p50)} | ${fmt(figures.latency.p99)} | ${fmt(figures.latency.max)} | ${kibPerUser.toFixed(1)} KiB (RSS, both processes) |`,
      `| bare Socket.IO echo (baseline) | ${baseline.sent} | ${baseline.accepted} | ${baseline.delivered} | ${baseline.lost} | ${baseline.duplicates} | ${fmt(baseline.latency.p50)} | ${fmt(baseline.latency.p99)} | ${fmt(baseline.latency.max)} | ${echoKibPerUser.toFixed(1)} KiB (RSS) |`,
      `| ratio (messaging / baseline) | | | | | | ${ratio(figures.latency.p50, baseline.latency.p50)} | ${ratio(figures.latency.p99, baseline.latency.p99)} | | ${ratio(kibPerUser, echoKibPerUser)} |`,
      `| messaging, sends after the first ${WARM_UP_SECONDS} s | | | | | | ${fmt(figures.steadyLatency.p50)} | ${fmt(figures.steadyLatency.p99)} | ${fmt(figures.steadyLatency.max)} | |`,
      '',
      `HTTP answer of the send (POST → 201) under that load: p50 ${fmt(figures.sendLatency.p50)} ms, p99 ${fmt(figures.sendLatency.p99)} ms; ${figures.failures} failed sends. Sockets that dropped and reconnected: ${reconnects}; messages they got from the catch-up fetch (\`after\` their newest) rather than by push: ${figures.caughtUp}. \`recipientOnline\` in the outbox: ${online.map((row) => `${row.online ? 'true' : 'false'} × ${row.count}`).join(', ')}.`,
      '',
      `CPU per message while they flowed (ms, user + system; PostgreSQL, NATS and Redis not counted): ${cpuMsPerMessage.map((entry) => `${entry.name} ${entry.ms.toFixed(2)}`).join(', ')}.`,
      '',
      `CPU per message from the first send until the cluster was quiet again (${(untilQuietMs / 1000).toFixed(1)} s; each process's idle use, sampled for ${IDLE_SAMPLE_MS / 1000} s before, taken off; the bench client not counted): ${workMsPerMessage.map((entry) => `${entry.name} ${entry.ms.toFixed(2)}`).join(', ')}; **total ${workTotal.toFixed(2)} ms**.`,
      '',
      `Presence (\`recipientOnline\`), 200 sequential sends each: recipient away — every send asks the other process through Redis — p50 ${fmt(presenceAway.p50)} ms, p99 ${fmt(presenceAway.p99)} ms; recipient connected to both processes (answered from the local room) p50 ${fmt(presenceLocal.p50)} ms, p99 ${fmt(presenceLocal.p99)} ms.`,
      '',
      `Deliveries over 100 ms by the second of the run their send began in: ${
        [...figures.slowBySecond]
          .sort(([a], [b]) => a - b)
          .map(([second, count]) => `${second} s: ${count}`)
          .join(', ') || 'none'
      }.`,
      '',
      `Delivery p99: **${fmt(figures.latency.p99)} ms** (target ≤ 50 ms), **${figures.lost} lost** (target 0).`,
      '',
    ];
    console.log(lines.join('\n'));
    if (!values['no-write']) appendFileSync(path.join(here, '..', 'RESULTS.md'), lines.join('\n'));
  } finally {
    for (const socket of sockets) socket.disconnect();
    await echo?.stop();
    await cluster.close();
  }
}

await main();
