/**
 * `npx tsx load-tests/bench/send-statement.ts` — what preparing messaging's send statement saves
 * PostgreSQL. One process, real PostgreSQL (the messaging test harness), one conversation: 500
 * sequential sends through the statement as a plain query, then 500 as a named prepared statement
 * (`preparedRows`), three rounds alternating, wall time per send (mostly PostgreSQL's work, one
 * client waiting on it). Compare the ratio within a round. Not part of `npm test`.
 */
import { randomUUID } from 'node:crypto';
import { makeEnvelope, preparedRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { messageSentV1 } from '@saathi/contracts';
import { startTestMessaging } from '../../services/messaging/src/testing/test-messaging';
import { sendInOneStatement } from '../../services/messaging/src/db/send-statement';

const messaging = await startTestMessaging();
const { asha, ravi, conversation } = await messaging.pair();
await messaging.send(ravi, conversation, 'hi');
const db = messaging.database.port.db;
// The same statement unprepared: a Db without $client takes queryRows.
const plain = { execute: (q: unknown) => db.execute(q as never) } as unknown as Db;
const run = async (target: Db, n: number) => {
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const messageId = randomUUID();
    await sendInOneStatement((name, query) => preparedRows(target, name, query), {
      conversationId: conversation,
      senderId: asha.id,
      recipientId: ravi.id,
      content: `m${i}`,
      now: new Date(),
      clientMessageId: randomUUID(),
      messageId,
      recipientOnline: true,
      notice: makeEnvelope(
        messageSentV1,
        {
          messageId,
          conversationId: conversation,
          senderId: asha.id,
          recipientId: ravi.id,
          recipientOnline: true,
          sentAt: new Date().toISOString(),
        },
        { traceId: 't' },
      ),
    });
  }
  return (performance.now() - started) / n;
};
await run(db, 50);
await run(plain, 50);
for (let round = 1; round <= 3; round++) {
  const a = await run(plain, 500);
  const b = await run(db, 500);
  console.log(
    `round ${round}: unprepared ${a.toFixed(3)} ms/send, prepared ${b.toFixed(3)} ms/send (${(b / a).toFixed(2)}×)`,
  );
}
await messaging.close();
process.exit(0);
