import { setTimeout as sleep } from 'node:timers/promises';
import type { ParticipantsRepository } from '../db/participants-repository';

/**
 * How long starting a conversation waits for someone messaging has not heard of. In cluster mode
 * identity's `user.registered` reaches messaging through the outbox relay and NATS, typically
 * well under a second; a person who has just signed up can be messaged before that.
 */
export const PARTICIPANT_WAIT_MS = 2_000;
const POLL_MS = 100;

/**
 * Whether `userId` is in the participants projection, waiting up to `waitMs` for their
 * registration event to arrive. Polls the table rather than listening in-process because, with
 * two replicas, the event may be applied by the other one. Real time, not the service clock: this
 * bounds a wait for another process, not a business rule.
 */
export async function awaitParticipant(
  participants: Pick<ParticipantsRepository, 'exists'>,
  userId: string,
  waitMs = PARTICIPANT_WAIT_MS,
): Promise<boolean> {
  const deadline = performance.now() + waitMs;
  for (;;) {
    if (await participants.exists(userId)) return true;
    const left = deadline - performance.now();
    if (left <= 0) return false;
    await sleep(Math.min(POLL_MS, left));
  }
}
