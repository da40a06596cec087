// Issue 29: starting conversations is limited per account, and an unknown id costs the database a
// bounded number of reads.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IdentityMessages, MessagingMessages } from '@saathi/contracts';
import { ParticipantsRepository } from '../../db/participants-repository';
import { PARTICIPANT_CHECKS_AT } from '../../use-cases/await-participant';
import { buildUser, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging({ CONVERSATION_STARTS_PER_HOUR: '3' });
});
afterAll(() => messaging.close());

const start = (user: ReturnType<typeof buildUser>, participantId: string) =>
  messaging.call(user, 'POST', '/api/conversations', { participantId });

describe('POST /api/conversations', () => {
  it('reads the participants table a bounded number of times for an unknown id, then answers 404', async () => {
    const asha = buildUser();
    await messaging.register(asha);
    const reads = vi.spyOn(ParticipantsRepository.prototype, 'exists');
    try {
      const unknown = await start(asha, buildUser().id);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: MessagingMessages.userNotFound });
      expect(reads).toHaveBeenCalledTimes(PARTICIPANT_CHECKS_AT.length);
    } finally {
      reads.mockRestore();
    }
  });

  it('refuses an account past CONVERSATION_STARTS_PER_HOUR with 429 { message }; unknown ids count; others still start', async () => {
    const [ravi, a, b, c] = [buildUser(), buildUser(), buildUser(), buildUser()];
    for (const person of [ravi, a, b, c]) await messaging.register(person);
    expect((await start(ravi, a.id)).statusCode).toBe(200);
    expect((await start(ravi, buildUser().id)).statusCode).toBe(404);
    expect((await start(ravi, b.id)).statusCode).toBe(200);
    const refused = await start(ravi, c.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: IdentityMessages.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await start(c, ravi.id)).statusCode).toBe(200);
    messaging.clock.advance(3_600_000 + 1000);
    expect((await start(ravi, c.id)).statusCode).toBe(200);
  });
});
