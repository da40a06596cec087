/**
 * `npm run bench:realtime` — messaging's live delivery, on this machine, in one run:
 *
 * 1. The product in either mode (lib/realtime-products.ts): `--mode cluster` (default:
 *    `start:cluster`'s processes, messaging ×2 sharing Redis) or `--mode embedded` (`npm start`'s
 *    single process on PGlite), with the edge limits raised (every bench client comes from
 *    127.0.0.1).
 * 2. N signed-in users (default 1,000) connect websocket-only through the gateway; 200
 *    conversations between 400 of them.
 * 3. Sends at R messages/s over those conversations for D seconds, after a ramp from zero over
 *    `--ramp` seconds (counted like the rest): each a `POST /api/messages` through the gateway, or
 *    an acknowledged `message:send` on the sender's socket. Latency: from just before the send to
 *    the recipient's socket receiving `message:new` (both ends in this process, one clock). Lost:
 *    an accepted send whose message never reached the recipient; stored: the product's count.
 * 4. Cluster, one rate: presence cost, sequential sends with the recipient away against the
 *    recipient connected to both processes.
 * 5. Baseline at every rate, same clients: a bare Socket.IO server (no auth, no database, no
 *    gateway), each sender emitting to its peer's room at the same rate.
 *
 * `--ladder 100,250,500,1000,2000` runs the rates in turn on one product, each with its baseline,
 * and stops after the first whose p99 passes 250 ms. Appends a section to load-tests/RESULTS.md.
 * Not part of `npm test`. Options: --mode, --users (1000), --rate (500), --ladder, --duration (20),
 * --ramp (0), --warmup (0: seconds at a fifth of the first rate, left out of the figures), --send
 * http|socket (http), --no-write, --profile <dir> (each process writes a CPU
 * profile there on exit; `npx tsx load-tests/bench/profile-top.ts <file>` prints its top
 * functions).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { io as connectSocket } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { SOCKET_IO_PATH, SocketServerEvent } from '@saathi/contracts';
import type { ChatMessage } from '@saathi/contracts';
import { startChild } from './lib/children';
import { commandCpuSeconds, processCpuSeconds } from './lib/process-cpu';
import { startClusterProduct, startEmbeddedProduct } from './lib/realtime-products';
import type { BenchProduct, BenchUser } from './lib/realtime-products';
import { latencySummary as summary } from './lib/stats';

const here = import.meta.dirname;
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '20' },
    /**
     * Seconds of sends at a fifth of the first rate before the measured run, not in its figures
     * (a process just started runs its hot paths unoptimised, the bench client included).
     */
    warmup: { type: 'string', default: '0' },
    /** Seconds over which the rate rises from zero before the full rate's `duration`. */
    ramp: { type: 'string', default: '0' },
    mode: { type: 'string', default: 'cluster' },
    /** Rates to run in turn, e.g. `100,250,500,1000`; stops after the first whose p99 passes 250 ms. */
    ladder: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    /** `socket`: each send is an acknowledged `message:send` on the sender's open socket. */
    send: { type: 'string', default: 'http' },
    /** A directory: every cluster process writes a V8 CPU profile there when it stops (`--cpu-prof`). */
    profile: { type: 'string' },
  },
});
const SEND_OVER_SOCKET = values.send === 'socket';
if (!['http', 'socket'].includes(values.send)) throw new Error('--send is http or socket');
if (!['cluster', 'embedded'].includes(values.mode)) throw new Error('--mode is cluster or embedded');
const MODE = values.mode as 'cluster' | 'embedded';
const USERS = Number(values.users);
const RATES = (values.ladder ?? values.rate).split(',').map(Number);
const DURATION = Number(values.duration);
const RAMP = Number(values.ramp);
const WARMUP = Number(values.warmup);
/** A ladder stops after the first rate whose delivery p99 passes this. */
const LADDER_LIMIT_MS = 250;
const CONVERSATIONS = 200;
if (USERS < CONVERSATIONS * 2) throw new Error(`--users must be at least ${CONVERSATIONS * 2}`);
/** How long after the last send a missing delivery counts as lost. */
const DRAIN_MS = 5_000;
/** How long each process's idle CPU use is sampled before the sends. */
const IDLE_SAMPLE_MS = 3_000;
/** Longest wait, after the sends, for the cluster to be as quiet as at idle. */
const QUIET_MAX_MS = 60_000;

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
 * Sends at `rate` per second for `seconds`, after `ramp` seconds in which the rate rises linearly
 * from zero, calling `send(seq)` for each; the schedule catches up after a late timer instead of
 * drifting. Returns how many were sent.
 */
async function paced(
  rate: number,
  seconds: number,
  ramp: number,
  send: (seq: number) => void,
  firstSeq = 0,
): Promise<number> {
  const total = Math.round(rate * (seconds + ramp / 2));
  /** How many are due `t` seconds in: the area under the rate's curve. */
  const dueAt = (t: number) =>
    t < ramp ? (rate * t * t) / (2 * ramp) : (rate * ramp) / 2 + rate * (t - ramp);
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(dueAt((performance.now() - started) / 1000)));
    while (sent < due) send(firstSeq + sent++);
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

type Tracker = ReturnType<typeof tracker>;

/** What one rate of the run measured, ours and the baseline's. */
interface Step {
  rate: number;
  figures: RunFigures;
  baseline: RunFigures;
  stored: number;
  refusals: Map<string, number>;
  /** CPU ms per message while sending, by process (and the bench client). */
  whileSending: { name: string; ms: number }[];
  /** CPU ms per message from the first send until quiet, by process, idle use taken off. */
  untilQuiet: { name: string; ms: number }[];
  untilQuietMs: number;
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  console.log(`starting the product (${MODE} mode)…`);
  // Node 20 refuses --cpu-prof in NODE_OPTIONS: a preload profiles each process instead.
  const profileEnv: Record<string, string> = values.profile
    ? {
        NODE_OPTIONS: `--import ${pathToFileURL(path.join(here, 'lib', 'cpu-profile-preload.mjs')).href}`,
        SAATHI_CPU_PROFILE_DIR: path.resolve(values.profile),
      }
    : {};
  const product: BenchProduct =
    MODE === 'cluster' ? await startClusterProduct(profileEnv) : await startEmbeddedProduct(profileEnv);
  const sockets: Socket[] = [];
  let echo: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    const gateway = product.url;
    const users: BenchUser[] = await product.users(USERS, CONVERSATIONS * 2);
    const conversations: { id: string; a: BenchUser; b: BenchUser }[] = [];
    for (let k = 0; k < CONVERSATIONS; k++) {
      const a = users[2 * k]!;
      const b = users[2 * k + 1]!;
      // In embedded mode messaging hears of a registration from the bus a moment after it.
      for (let attempt = 0; ; attempt++) {
        const response = await post(`${gateway}/api/conversations`, a.cookie, { participantId: b.id });
        if (response.status === 200) {
          conversations.push({ id: ((await response.json()) as { id: string }).id, a, b });
          break;
        }
        if (attempt >= 50) throw new Error(`start answered ${response.status}: ${await response.text()}`);
        await sleep(200);
      }
    }

    const pids = product.pids;
    await sleep(1000);
    const rssBefore = product.messagingPids.map(rssMiB);
    const userIndex = new Map(users.map((user, i) => [user.id, i]));
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
    /** The tracker of each step, by its first seq: a late delivery counts for its own step. */
    const trackers: { from: number; tracker: Tracker }[] = [];
    const trackerOf = (seq: number) => trackers.findLast((entry) => entry.from <= seq)?.tracker;
    const receive = (i: number, message: ChatMessage, via: 'push' | 'catch-up') => {
      const seen = newest.get(i);
      if (!seen || message.createdAt > seen.createdAt)
        newest.set(i, { id: message.id, createdAt: message.createdAt });
      // Only the recipient's copy counts (the sender's socket gets one too).
      if (message.senderId !== users[i]!.id && message.content.startsWith('b:')) {
        const seq = Number(message.content.slice(2));
        trackerOf(seq)?.delivered(seq, via);
      }
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
      product.messagingUrls.map(async (url) => {
        const metrics = await (await fetch(`${url}/metrics`)).text();
        const line = metrics.split('\n').find((l) => l.startsWith('messaging_sockets_connected{'));
        return Number(line?.split(' ').pop());
      }),
    );
    await sleep(2000);
    const rssAfter = product.messagingPids.map(rssMiB);
    const kibPerUser =
      ((rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) * 1024) / USERS;

    // The baseline: a bare Socket.IO server with the same number of clients, connected once and
    // run after each of our steps at the same rate.
    echo = await startChild(path.join(here, 'lib', 'echo-server.ts'));
    const echoPid = Number(echo.message.pid);
    await sleep(1000);
    const echoRssBefore = rssMiB(echoPid);
    let bare = tracker();
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

    // PostgreSQL's share (cluster mode: the machine's server, all its backends) is listed apart:
    // the server is shared, so it is only meaningful on a quiet machine.
    const cpuNow = (): Record<string, number> => ({
      ...Object.fromEntries(
        Object.entries(pids).map(([name, pid]) => [name, processCpuSeconds(pid) ?? Number.NaN]),
      ),
      ...(product.mode === 'cluster'
        ? {
            'postgresql (shared server)': commandCpuSeconds('postgres'),
            // The broker and the Redis servers work for every process of ours: a change that makes
            // them busier (more consumers, more polling) shows here, not in our processes' rows.
            'nats (shared server)': commandCpuSeconds('nats-server'),
            'redis (every server)': commandCpuSeconds('redis-server'),
          }
        : {}),
    });
    const counted = Object.keys(cpuNow());
    const steps: Step[] = [];
    let nextSeq = 0;
    let storedBefore = await product.storedCount(conversations);
    // The warm-up, if any, is a first step left out of the figures (its losses are still reported).
    const plan = [
      ...(WARMUP > 0
        ? [{ rate: Math.max(1, Math.round(RATES[0]! / 5)), seconds: WARMUP, ramp: 0, warm: true }]
        : []),
      ...RATES.map((rate) => ({ rate, seconds: DURATION, ramp: RAMP, warm: false })),
    ];
    let warmUpLine = '';
    for (const { rate, seconds, ramp, warm } of plan) {
      const ours = tracker();
      trackers.push({ from: nextSeq, tracker: ours });
      console.log(
        `${warm ? 'warming up: ' : ''}sending ${rate} msg/s for ${seconds} s${ramp > 0 ? ` after a ${ramp} s ramp` : ''}…`,
      );
      // Where the CPU goes while messages flow: every process of ours, and this client. Each
      // process's idle use (periodic tasks, metrics) is sampled first, to be taken off the figure
      // measured until the product is quiet again.
      const idleFrom = cpuNow();
      const idleStarted = performance.now();
      await sleep(IDLE_SAMPLE_MS);
      const cpuBefore = cpuNow();
      const sendsStarted = performance.now();
      /** The sends' start and end on the monotonic clock V8's profiles use (profile-top --between). */
      const sendsStartedUs = process.hrtime.bigint() / 1000n;
      const idlePerMs = Object.fromEntries(
        counted.map((name) => [name, (cpuBefore[name]! - idleFrom[name]!) / (sendsStarted - idleStarted)]),
      );
      const clientCpuBefore = process.cpuUsage();
      const pending: Promise<void>[] = [];
      /** Why sends were refused, by answer (none expected). */
      const refusals = new Map<string, number>();
      const refused = (why: string) => {
        refusals.set(why, (refusals.get(why) ?? 0) + 1);
        ours.failed();
      };
      const sent = await paced(
        rate,
        seconds,
        ramp,
        (seq) => {
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
                    if (ack.ok) ours.accepted(seq);
                    else refused(`${ack.status} ${ack.message}`);
                  },
                  (error: unknown) => refused(error instanceof Error ? error.message : String(error)),
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
                else refused(`${response.status}`);
              },
              (error: unknown) => refused(error instanceof Error ? error.message : String(error)),
            ),
          );
        },
        nextSeq,
      );
      nextSeq += sent;
      await Promise.all(pending);
      const sendsEndedUs = process.hrtime.bigint() / 1000n;
      if (refusals.size > 0) console.log('refused sends:', Object.fromEntries(refusals));
      const deadline = Date.now() + DRAIN_MS;
      while (Date.now() < deadline && ours.figures().delivered < ours.figures().accepted) await sleep(50);
      const figures = ours.figures();
      const clientCpu = process.cpuUsage(clientCpuBefore);
      const sendingEnded = cpuNow();
      const whileSending = counted
        .map((name) => ({
          name,
          ms: ((sendingEnded[name]! - cpuBefore[name]!) * 1000) / figures.sent,
        }))
        .concat({ name: 'bench client', ms: (clientCpu.user + clientCpu.system) / 1000 / figures.sent })
        .filter((entry) => entry.ms >= 0.01)
        .sort((a, b) => b.ms - a.ms);
      // Work a message causes goes on after its delivery (notification, the outbox relays): wait
      // until the processes use no more than at idle, then count all of it.
      const idleTotalPerMs = Object.keys(pids).reduce((sum, name) => sum + idlePerMs[name]!, 0);
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
      const untilQuiet = counted
        .map((name) => ({
          name,
          ms: ((last[name]! - cpuBefore[name]! - idlePerMs[name]! * untilQuietMs) * 1000) / figures.sent,
        }))
        .filter((entry) => entry.ms >= 0.05)
        .sort((a, b) => b.ms - a.ms);
      const storedNow = await product.storedCount(conversations);
      const stored = storedNow - storedBefore;
      storedBefore = storedNow;

      if (warm) {
        warmUpLine = `Warm-up before the measured run, not in the table: ${figures.sent} sends at ${rate}/s for ${seconds} s, ${stored} stored, ${figures.lost} lost, ${figures.failures} refused, p99 ${fmt(figures.latency.p99)} ms.`;
        console.log(`  ${warmUpLine}`);
        continue;
      }
      console.log(`baseline: bare Socket.IO echo at ${rate} msg/s…`);
      bare = tracker();
      await paced(rate, DURATION, RAMP, (seq) => {
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
      const step = {
        rate,
        figures,
        baseline: bare.figures(),
        stored,
        refusals,
        whileSending,
        untilQuiet,
        untilQuietMs,
      };
      steps.push(step);
      console.log(
        `  ${rate} msg/s: p50 ${fmt(figures.latency.p50)} ms, p99 ${fmt(figures.latency.p99)} ms, ` +
          `stored ${stored}/${figures.sent}, refused ${figures.failures}, lost ${figures.lost}, ` +
          `CPU ${untilQuiet.reduce((sum, entry) => sum + entry.ms, 0).toFixed(2)} ms/msg (PostgreSQL included); ` +
          `echo p99 ${fmt(step.baseline.latency.p99)} ms`,
      );
      if (values.profile)
        console.log(
          `  profiles of these sends: npx tsx load-tests/bench/profile-top.ts ${path.resolve(values.profile)}/*.cpuprofile --between ${sendsStartedUs},${sendsEndedUs}`,
        );
      if (figures.latency.p99 > LADDER_LIMIT_MS && RATES.length > 1) break;
    }

    // Presence cost (cluster, one rate): the recipient away (a cluster-wide lookup per send) vs
    // connected to both processes.
    let presenceLine = '';
    if (product.mode === 'cluster' && RATES.length === 1) {
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
      sockets[userIndex.get(away.b.id)!]!.disconnect();
      await sleep(500);
      const presenceAway = await presence('away', away);
      const both = await Promise.all(
        product.messagingUrls.map((url) =>
          connectAll(1, () =>
            connectSocket(url, {
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
      presenceLine = `Presence (\`recipientOnline\`), 200 sequential \`POST /api/messages\` each: recipient away p50 ${fmt(presenceAway.p50)} ms, p99 ${fmt(presenceAway.p99)} ms; recipient connected to both processes p50 ${fmt(presenceLocal.p50)} ms, p99 ${fmt(presenceLocal.p99)} ms.`;
    }
    const notices = await product.noticesByPresence();

    const cpus = os.cpus();
    const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
    const POSTGRES = 'postgresql (shared server)';
    /** Our processes' CPU per message (PostgreSQL's is its own column; the broker's and Redis's are in the text). */
    const SHARED = new Set([POSTGRES, 'nats (shared server)', 'redis (every server)']);
    const total = (entries: { name: string; ms: number }[]) =>
      entries.filter((entry) => !SHARED.has(entry.name)).reduce((sum, entry) => sum + entry.ms, 0);
    const postgres = (entries: { name: string; ms: number }[]) =>
      entries.find((entry) => entry.name === POSTGRES)?.ms.toFixed(2) ?? '—';
    const modeText =
      product.mode === 'cluster'
        ? `Cluster mode (\`start:cluster\`: gateway, every service and worker, messaging ×2 sharing Redis through the streams adapter; ${socketsPerProcess.join(' + ')} sockets on the two messaging processes)`
        : 'Embedded mode (`npm start`: the gateway, every service and worker in one process, on PGlite with the in-process bus and queue)';
    const lines = [
      '',
      `## Realtime bench (${product.mode}) — ${new Date().toISOString()}`,
      '',
      `Command: \`npm run bench:realtime${process.argv.length > 2 ? ' -- ' + process.argv.slice(2).join(' ') : ''}\` · machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version} · load average (1 min) at start ${loadAtStart.toFixed(1)}, at end ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
      '',
      `${modeText}, all on this machine with the bench client. ${USERS.toLocaleString('en')} signed-in users connected websocket-only through the gateway in ${connectSeconds.toFixed(1)} s; sends over ${CONVERSATIONS} conversations for ${DURATION} s at each rate${RAMP > 0 ? `, after a ${RAMP} s ramp from zero (its sends counted)` : ''}, each ${SEND_OVER_SOCKET ? "an acknowledged `message:send` on the sender's socket" : 'a `POST /api/messages` through the gateway'}. Latency is from just before the send to the recipient's socket receiving \`message:new\`. The baseline is a bare Socket.IO server in its own process (no gateway, auth, database or adapter), the same ${USERS.toLocaleString('en')} clients, each sender emitting to its peer's room at the same rate, right after ours. Memory per connected user: ${kibPerUser.toFixed(1)} KiB (RSS of the process${product.messagingPids.length > 1 ? 'es' : ''} holding the sockets), the echo's ${echoKibPerUser.toFixed(1)} KiB.`,
      '',
      '| rate msg/s | sent | stored | delivered | refused | lost | twice | p50 ms | p99 ms | max ms | p99 after the first 5 s | echo p99 ms | p99 ÷ echo | CPU ms/msg until quiet, ours | PostgreSQL ms/msg |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...steps.map(
        ({ rate, figures, baseline, stored, untilQuiet }) =>
          `| ${rate} | ${figures.sent} | ${stored} | ${figures.delivered} | ${figures.failures} | ${figures.lost} | ${figures.duplicates} | ${fmt(figures.latency.p50)} | ${fmt(figures.latency.p99)} | ${fmt(figures.latency.max)} | ${fmt(figures.steadyLatency.p99)} | ${fmt(baseline.latency.p99)} | ${ratio(figures.latency.p99, baseline.latency.p99)} | ${total(untilQuiet).toFixed(2)} | ${postgres(untilQuiet)} |`,
      ),
      '',
      ...steps.flatMap(({ rate, figures, refusals, whileSending, untilQuiet, untilQuietMs }) => [
        `At ${rate} msg/s: answer of the send p50 ${fmt(figures.sendLatency.p50)} ms, p99 ${fmt(figures.sendLatency.p99)} ms${refusals.size > 0 ? `; refused: ${[...refusals].map(([why, count]) => `${count} × ${why}`).join(', ')}` : ''}. CPU per message while they flowed: ${whileSending.map((entry) => `${entry.name} ${entry.ms.toFixed(2)}`).join(', ')}; from the first send until quiet (${(untilQuietMs / 1000).toFixed(1)} s, idle use taken off): ${untilQuiet.map((entry) => `${entry.name} ${entry.ms.toFixed(2)}`).join(', ')}. Deliveries over 100 ms by the second their send began in: ${
          [...figures.slowBySecond]
            .sort(([a], [b]) => a - b)
            .map(([second, count]) => `${second} s: ${count}`)
            .join(', ') || 'none'
        }.`,
        '',
      ]),
      `Sockets that dropped and reconnected: ${reconnects}; messages they got from the catch-up fetch rather than by push: ${steps.reduce((sum, step) => sum + step.figures.caughtUp, 0)}. \`recipientOnline\` in the notices written: ${notices}.`,
      '',
      ...(presenceLine ? [presenceLine, ''] : []),
      ...(warmUpLine ? [warmUpLine, ''] : []),
    ];
    console.log(lines.join('\n'));
    if (!values['no-write']) appendFileSync(path.join(here, '..', 'RESULTS.md'), lines.join('\n'));
  } finally {
    for (const socket of sockets) socket.disconnect();
    await echo?.stop();
    await product.close();
  }
}

await main();
