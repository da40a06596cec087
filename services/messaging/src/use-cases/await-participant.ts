import { setTimeout as sleep } from 'node:timers/promises';
import type { ParticipantsRepository } from '../db/participants-repository';

/**
 * How long starting a conversation waits for someone messaging has not heard of. In cluster mode
 * identity's `user.registered` reaches messaging through the outbox relay and NATS, typically
 * well under a second; a person who has just signed up can be messaged before that.
 */
export const PARTICIPANT_WAIT_MS = 2_000;

/**
 * When to look, as fractions of the wait: at once, then ever further apart, the last at its end.
 * Five reads at most however long the wait: an unknown id (a typo, a made-up one) used to cost
 * twenty, one every 100 ms, so each such request was a small load on the database.
 */
export const PARTICIPANT_CHECKS_AT = [0, 0.1, 0.25, 0.5, 1] as const;

/**
 * Whether `userId` is in the participants projection, waiting up to `waitMs` for their
 * registration event to arrive. Reads the table rather than listening in-process because, with
 * two replicas, the event may be applied by the other one. Real time, not the service clock: this
 * bounds a wait for another process, not a business rule.
 */
export async function awaitParticipant(
  participants: Pick<ParticipantsRepository, 'exists'>,
  userId: string,
  waitMs = PARTICIPANT_WAIT_MS,
): Promise<boolean> {
  const start = performance.now();
  for (const at of PARTICIPANT_CHECKS_AT) {
    const until = start + at * waitMs - performance.now();
    if (until > 0) await sleep(until);
    if (await participants.exists(userId)) return true;
  }
  return false;
}
