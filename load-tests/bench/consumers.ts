/**
 * `npm run bench:consumers -- [--trees <dir>,<dir>] [--rounds 3] [--events 4000] [--profile <dir>]`
 * — what one `messaging.message.sent.v1` costs the service that consumes it (notification's
 * message notice; moderation's owners projection no longer consumes it, issue 28), over real
 * NATS JetStream and PostgreSQL.
 *
 * Each round runs, for each tree (a checkout with its node_modules, e.g. before and after a
 * change), a Node process that starts a private nats-server and, per service: starts it once
 * (its durable consumers made), stops it, publishes `--events` events (200 conversations, both
 * people writing in turn, the recipient online) while it is down, then starts it again and
 * waits until its consumer has nothing pending. The CPU of that process from the second start
 * until then, less a start with nothing pending, divided by the events, is the figure: the
 * service's handling, the NATS and pg clients, and an info-level log to /dev/null, as in
 * production. Trees alternate within a round; compare ratios within a round. Not in `npm test`.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type * as Contracts from '../../services/contracts/src/index';
import type * as Notification from '../../services/notification/src/index';
import type * as Platform from '../../services/platform/src/index';
import type * as Testing from '../../services/platform/src/testing/index';
import { treeRounds } from './lib/tree-rounds';

const { values } = parseArgs({
  options: {
    trees: { type: 'string', default: path.resolve(import.meta.dirname, '..', '..') },
    rounds: { type: 'string', default: '3' },
    events: { type: 'string', default: '4000' },
    profile: { type: 'string' },
    child: { type: 'string' },
  },
});

const CONVERSATIONS = 200;

interface Figures {
  tree: string;
  /** CPU ms per event, by service. */
  perEvent: Record<string, number>;
}

async function measure(tree: string): Promise<Figures> {
  const importTree = (file: string) => import(path.join(tree, file));
  const platform = (await importTree('services/platform/src/index.ts')) as typeof Platform;
  const testing = (await importTree('services/platform/src/testing/index.ts')) as typeof Testing;
  const contracts = (await importTree('services/contracts/src/index.ts')) as typeof Contracts;
  const { notificationService } = (await importTree(
    'services/notification/src/index.ts',
  )) as typeof Notification;

  const events = Number(values.events);
  const nats = await testing.startNatsServer();
  const logger = platform.createLogger({
    name: 'bench',
    level: 'info',
    destination: createWriteStream('/dev/null'),
  });
  const bus = () => platform.createNatsBus({ servers: nats.url, name: 'bench', logger });
  const perEvent: Record<string, number> = {};

  for (const [name, definition, durable] of [
    ['notification', notificationService, 'notification.message-sent'],
  ] as const) {
    const database = await testing.createTestDatabase(`bench-${name}`);
    /** Starts the service on a fresh bus connection; returns once its consumer is caught up. */
    const runOnce = async () => {
      const started = await testing.startTestService(definition as never, {
        bus: await bus(),
        database,
        env: { MAIL_TOKEN_KEY: platform.generateMailTokenKey() },
      });
      const deadline = Date.now() + 600_000;
      for (;;) {
        const stats = await started.bus.stats();
        const own = stats.consumers.find((consumer) =>
          consumer.durable.includes(durable.replace(/\./g, '_')),
        );
        if (own && own.pending === 0 && own.ackPending === 0) break;
        if (Date.now() > deadline) throw new Error(`${name}: consumer never caught up`);
        await testing.sleep(100);
      }
      await started.close();
    };
    await runOnce();
    const idleStart = process.cpuUsage();
    await runOnce();
    const idle = process.cpuUsage(idleStart);

    const publisher = await bus();
    const pairs = Array.from(
      { length: CONVERSATIONS },
      () => [randomUUID(), randomUUID(), randomUUID()] as const,
    );
    for (let k = 0; k < events; k++) {
      const [conversationId, a, b] = pairs[k % CONVERSATIONS]!;
      const senderIsA = Math.floor(k / CONVERSATIONS) % 2 === 0;
      await publisher.publish(
        platform.makeEnvelope(
          contracts.messageSentV1,
          {
            messageId: randomUUID(),
            conversationId,
            senderId: senderIsA ? a : b,
            recipientId: senderIsA ? b : a,
            recipientOnline: true,
            sentAt: new Date().toISOString(),
          },
          { traceId: 'bench' },
        ),
      );
    }
    await publisher.close();

    const session = values.profile ? new Session() : undefined;
    if (session) {
      session.connect();
      await new Promise<void>((resolve) =>
        session.post('Profiler.enable', () => session.post('Profiler.start', () => resolve())),
      );
    }
    const start = process.cpuUsage();
    await runOnce();
    const used = process.cpuUsage(start);
    if (session && values.profile) {
      const file = path.join(values.profile, `${name}-${path.basename(tree)}-${process.pid}.cpuprofile`);
      await new Promise<void>((resolve) =>
        session.post('Profiler.stop', (err, result) => {
          if (!err) writeFileSync(file, JSON.stringify(result.profile));
          resolve();
        }),
      );
    }
    const ms = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
    perEvent[name] = (ms(used) - ms(idle)) / events;
    await database.drop();
  }
  await nats.stop();
  return { tree, perEvent };
}

await treeRounds<Figures>({
  script: import.meta.filename,
  child: values.child,
  trees: values.trees,
  rounds: Number(values.rounds),
  childArgs: ['--events', values.events, ...(values.profile ? ['--profile', values.profile] : [])],
  measure,
  report(round, figures) {
    const first = figures[0]!;
    for (const figure of figures) {
      const cells = Object.entries(figure.perEvent).map(([service, value]) => {
        const ratio = value / first.perEvent[service]!;
        return `${service} ${value.toFixed(3)} ms/event${figure === first ? '' : ` (${ratio.toFixed(2)}×)`}`;
      });
      console.log(`round ${round} ${figure.tree}: ${cells.join(', ')}`);
    }
  },
});
