/**
 * `npx tsx load-tests/bench/push.ts` — Web Push latency, send to the push service's receipt.
 *
 * 1. The product in either mode: `--mode cluster` (default: `start:cluster`'s processes on the
 *    real PostgreSQL, NATS and Redis) or `--mode embedded` (the one-process product, in this
 *    process), with the per-address limits raised (every bench client is 127.0.0.1) and local
 *    push endpoints allowed.
 * 2. A push service on 127.0.0.1 (services/notification/src/testing/push-endpoint.ts).
 * 3. One sender and N recipients (default 100), each in an accepted conversation with the sender
 *    and with one browser subscribed, none with a tab open.
 * 4. The sender writes to each recipient through the gateway (`POST /api/messages`), one every
 *    `--gap` ms (default 20). Latency: from just before the send to the push service receiving
 *    that recipient's push (both ends in this process, one clock). Lost: a send with no push
 *    within 30 s.
 *
 * Prints p50, p95, p99 and the maximum; the target is p99 under 2 s. Not part of `npm test`.
 * Options: --mode, --recipients (100), --gap (20).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import webpush from 'web-push';
import { startTestCluster } from '../../infra/test/cluster-harness';
import { startPushEndpoint } from '../../services/notification/src/testing/push-endpoint';
import {
  acceptedConversation,
  registerPerson,
  sendProductMessage,
  subscribeBrowser,
} from '../../services/notification/src/testing/push-product';
import type { ProductPerson } from '../../services/notification/src/testing/push-product';
import { startTestServer } from '../../web/e2e/server';
import { percentile } from './lib/stats';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'cluster' },
    recipients: { type: 'string', default: '100' },
    gap: { type: 'string', default: '20' },
    /** Cluster only: the median time of each hop, from the services' outbox and inbox tables. */
    trace: { type: 'boolean', default: false },
  },
});
const RECIPIENTS = Number(values.recipients);
const GAP_MS = Number(values.gap);
const LOST_AFTER_MS = 30_000;

/** Every bench client comes from 127.0.0.1: the per-address limits, meant for one person, are raised. */
const vapid = webpush.generateVAPIDKeys();
const BENCH_ENV: Record<string, string> = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  MAX_IN_FLIGHT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  RATE_LIMIT_REGISTER_PER_IP: '100000',
  CONVERSATION_STARTS_PER_HOUR: '100000',
  PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  LOG_LEVEL: 'warn',
};

async function startProduct(): Promise<{ url: string; databaseUrl?: string; close(): Promise<void> }> {
  if (values.mode === 'embedded') {
    const server = await startTestServer({ env: { ...process.env, ...BENCH_ENV } });
    return { url: server.url, close: () => server.close() };
  }
  const cluster = await startTestCluster({ env: BENCH_ENV });
  return { url: cluster.gatewayUrl, databaseUrl: cluster.databaseUrl, close: () => cluster.close() };
}

/**
 * Where the time goes, per recipient, as the tables recorded it (PostgreSQL's clock): the
 * message's event written and relayed, notification's notice and its upserted event, and the
 * missed event's handling. Medians in ms from the send.
 */
async function traceHops(databaseUrl: string, sends: Map<string, number>): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<Record<string, string | null>>(
      `select m.payload->'data'->>'recipientId' as recipient,
              extract(epoch from m.created_at) * 1000 as sent_written,
              extract(epoch from m.dispatched_at) * 1000 as sent_relayed,
              extract(epoch from (select min(i.processed_at) from notification.inbox i
                                   where i.consumer = 'notification.message-sent' and i.event_id = m.id)) * 1000 as notice_tx,
              extract(epoch from (select min(o.created_at) from notification.outbox o
                                   where o.type = 'notification.notification.upserted.v1'
                                     and o.payload->'data'->>'recipientId' = m.payload->'data'->>'recipientId')) * 1000 as upserted_written,
              extract(epoch from (select min(o.dispatched_at) from notification.outbox o
                                   where o.type = 'notification.notification.upserted.v1'
                                     and o.payload->'data'->>'recipientId' = m.payload->'data'->>'recipientId')) * 1000 as upserted_relayed,
              extract(epoch from (select min(s.last_success_at) from notification.push_subscriptions s
                                   where s.user_id::text = m.payload->'data'->>'recipientId')) * 1000 as push_taken
         from messaging.outbox m where m.type = 'messaging.message.sent.v1'`,
    );
    const hops = [
      'sent_written',
      'sent_relayed',
      'notice_tx',
      'upserted_written',
      'upserted_relayed',
      'push_taken',
    ];
    const byHop = new Map<string, number[]>(hops.map((hop) => [hop, []]));
    for (const row of rows) {
      const sent = sends.get(row.recipient ?? '');
      if (sent === undefined) continue;
      for (const hop of hops) if (row[hop] != null) byHop.get(hop)!.push(Number(row[hop]) - sent);
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN;
    console.log(
      'hops (median ms after the send): ' +
        hops.map((hop) => `${hop} ${Math.round(median(byHop.get(hop)!))}`).join(', '),
    );
  } finally {
    await db.end();
  }
}

const endpoint = await startPushEndpoint();
const product = await startProduct();
try {
  console.log(
    `push bench: ${values.mode} mode, ${RECIPIENTS} offline recipients, one send every ${GAP_MS} ms`,
  );
  const sender = await registerPerson(product.url, 'sender');
  const recipients: { person: ProductPerson; conversationId: string; path: string }[] = [];
  for (let start = 0; start < RECIPIENTS; start += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, RECIPIENTS - start) }, async () => {
        const person = await registerPerson(product.url, 'away');
        const conversationId = await acceptedConversation(product.url, sender, person);
        const browser = await subscribeBrowser(product.url, person, endpoint);
        return { person, conversationId, path: browser.path };
      }),
    );
    recipients.push(...batch);
  }
  // Nothing received before the sends counts (a setup push would be a bug, and show here).
  const before = endpoint.received.length;

  const sentAt = new Map<string, number>();
  for (const recipient of recipients) {
    const started = Date.now();
    sentAt.set(recipient.path, started);
    await sendProductMessage(product.url, sender, recipient.conversationId, `bench ${started}`);
    const spent = Date.now() - started;
    if (spent < GAP_MS) await new Promise((resolve) => setTimeout(resolve, GAP_MS - spent));
  }
  const deadline = Date.now() + LOST_AFTER_MS;
  while (endpoint.received.length - before < recipients.length && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));

  const latencies: number[] = [];
  const firstByPath = new Map<string, number>();
  for (const push of endpoint.received.slice(before))
    if (!firstByPath.has(push.path)) firstByPath.set(push.path, push.receivedAt);
  for (const recipient of recipients) {
    const received = firstByPath.get(recipient.path);
    const sent = sentAt.get(recipient.path);
    if (received !== undefined && sent !== undefined) latencies.push(received - sent);
  }
  latencies.sort((a, b) => a - b);
  if (values.trace && product.databaseUrl)
    await traceHops(
      product.databaseUrl,
      new Map(recipients.map((recipient) => [recipient.person.id, sentAt.get(recipient.path) ?? NaN])),
    );
  const lost = recipients.length - latencies.length;
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `pushes received ${latencies.length}/${recipients.length} (lost ${lost}); send → push service: ` +
      `p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, ` +
      `p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}` +
      ` — target p99 < 2000 ms: ${percentile(latencies, 99) < 2000 && lost === 0 ? 'met' : 'NOT met'}`,
  );
} finally {
  await product.close();
  await endpoint.close();
}
