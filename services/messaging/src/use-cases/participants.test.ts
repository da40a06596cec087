import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userRegisteredV1, userUpdatedV1 } from '@saathi/contracts';
import type { ParticipantsRepository } from '../db/participants-repository';
import { consumed, fake } from '../testing/fake-core';
import { addParticipant, updateParticipant } from './participants';

describe('the participants projection', () => {
  function participantsFake() {
    const applied: unknown[][] = [];
    const participants = fake<ParticipantsRepository>({
      applyAccount: (...args: unknown[]) => {
        applied.push(args);
        return Promise.resolve();
      },
    });
    return { core: { participants }, applied };
  }
  const account = {
    userId: randomUUID(),
    username: 'asha',
    firstName: 'Asha',
    lastName: null,
    profileImageUrl: null,
  };

  it('copies a registration’s public fields (never the address), as of the event', async () => {
    const { core, applied } = participantsFake();
    const event = consumed(userRegisteredV1, { ...account, email: 'asha@example.com' });
    await addParticipant(core, event);
    expect(applied).toEqual([[account, event.occurredAt]]);
  });

  it('copies an update’s names, its display name included', async () => {
    const { core, applied } = participantsFake();
    const event = consumed(userUpdatedV1, { ...account, displayName: 'Asha R.' });
    await updateParticipant(core, event);
    expect(applied).toEqual([[{ ...account, displayName: 'Asha R.' }, event.occurredAt]]);
  });
});
