/**
 * `npx tsx load-tests/bench/messaging-send.ts [--trees <dir>,<dir>] [--rounds 3] [--profile <dir>]`
 * — what one `POST /api/messages` costs the messaging process, without the cluster around it.
 *
 * Each round starts the messaging service of each tree (a checkout of this repository with its
 * node_modules: e.g. one before and one after a change) in its own Node process, with the test
 * harness (real PostgreSQL, in-memory bus, rooms in process): 100 accepted conversations with
 * both people connected, 200 warm-up sends, then 1,500 sends, 10 at a time (`app.inject`, cookies
 * signed beforehand), until both copies of each reached their sockets. It reports CPU per send
 * (user + system of that process: service, pg client and socket clients) and SQL statements per
 * send (the pg client's queries counted). Trees alternate within a round, so a machine shared
 * with other work disturbs both alike; compare ratios within a round. Not part of `npm test`.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import type * as Harness from '../../services/messaging/src/testing/test-messaging';
import { treeRounds } from './lib/tree-rounds';

const { values } = parseArgs({
  options: {
    trees: { type: 'string', default: path.resolve(import.meta.dirname, '..', '..') },
    rounds: { type: 'string', default: '3' },
    profile: { type: 'string' },
    child: { type: 'string' },
  },
});

const PAIRS = 100;
const SENDS = 1_500;
const CONCURRENCY = 10;

interface Figures {
  tree: string;
  cpuMsPerSend: number;
  statementsPerSend: number;
}

/** Loads the tree's own harness and pg (so the statements counted are that tree's). */
async function measure(tree: string): Promise<Figures> {
  const { Client } = (
    (await import(path.join(tree, 'node_modules/pg/lib/index.js'))) as { default: typeof pg }
  ).default;
  let statements = 0;
  // Counted on the prototype, so every pooled client of the service counts.
  const query = Reflect.get(Client.prototype, 'query') as (...args: unknown[]) => unknown;
  Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return query.apply(this, args);
  } as typeof Client.prototype.query;
  const harness = (await import(
    path.join(tree, 'services/messaging/src/testing/test-messaging.ts')
  )) as typeof Harness;
  const messaging = await harness.startTestMessaging();
  const pairs: { cookies: [string, string]; id: string }[] = [];
  let delivered = 0;
  for (let i = 0; i < PAIRS; i++) {
    const a = harness.buildUser();
    const b = harness.buildUser();
    await messaging.register(a);
    await messaging.register(b);
    const id = await messaging.start(a, b);
    await messaging.send(b, id, 'accepted'); // the recipient's reply: an ordinary conversation
    for (const user of [a, b]) (await messaging.connect(user)).on('message:new', () => delivered++);
    pairs.push({ cookies: [messaging.cookieOf(a), messaging.cookieOf(b)], id });
  }
  const send = async (k: number) => {
    const pair = pairs[k % PAIRS]!;
    const response = await messaging.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: pair.cookies[k % 2] },
      payload: { conversationId: pair.id, content: `m${k}` },
    });
    if (response.statusCode !== 201) throw new Error(`send answered ${response.statusCode}`);
  };
  for (let k = 0; k < 200; k++) await send(k);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  delivered = 0;
  statements = 0;
  const session = values.profile ? new Session() : undefined;
  if (session) {
    session.connect();
    await new Promise<void>((resolve) =>
      session.post('Profiler.enable', () => session.post('Profiler.start', () => resolve())),
    );
  }
  const cpu = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SENDS) await send(next++);
    }),
  );
  while (delivered < SENDS * 2) await new Promise((resolve) => setTimeout(resolve, 10));
  const used = process.cpuUsage(cpu);
  const sent = statements;
  if (session && values.profile) {
    const file = path.join(values.profile, `${path.basename(tree)}-${process.pid}.cpuprofile`);
    await new Promise<void>((resolve) =>
      session.post('Profiler.stop', (err, result) => {
        if (!err) writeFileSync(file, JSON.stringify(result.profile));
        resolve();
      }),
    );
  }
  await messaging.close();
  return { tree, cpuMsPerSend: (used.user + used.system) / 1000 / SENDS, statementsPerSend: sent / SENDS };
}

await treeRounds<Figures>({
  script: import.meta.filename,
  child: values.child,
  trees: values.trees,
  rounds: Number(values.rounds),
  childArgs: values.profile ? ['--profile', values.profile] : [],
  measure,
  report(round, figures) {
    const first = figures[0]!;
    console.log(
      `round ${round}: ${figures
        .map(
          (f) =>
            `${f.tree} ${f.cpuMsPerSend.toFixed(2)} ms CPU, ${f.statementsPerSend.toFixed(2)} statements` +
            (f === first ? '' : ` (${(f.cpuMsPerSend / first.cpuMsPerSend).toFixed(2)}× the first)`),
        )
        .join('; ')}`,
    );
  },
});
