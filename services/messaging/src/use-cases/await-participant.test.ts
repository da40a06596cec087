import { describe, expect, it } from 'vitest';
import { awaitParticipant, PARTICIPANT_CHECKS_AT } from './await-participant';

/** A participants table that learns of the person on its `arrivesOnRead`-th read (never if 0). */
function participantsTable(arrivesOnRead = 0) {
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    exists: () => {
      reads += 1;
      return Promise.resolve(arrivesOnRead > 0 && reads >= arrivesOnRead);
    },
  };
}

describe('awaitParticipant', () => {
  it('reads the table five times at most for someone who never arrives, however long the wait', async () => {
    for (const waitMs of [0, 50, 400]) {
      const table = participantsTable();
      expect(await awaitParticipant(table, 'nobody', waitMs)).toBe(false);
      expect(table.reads).toBe(PARTICIPANT_CHECKS_AT.length);
    }
    expect(PARTICIPANT_CHECKS_AT.length).toBeLessThanOrEqual(5);
  });

  it('answers at the first read that finds them', async () => {
    const known = participantsTable(1);
    expect(await awaitParticipant(known, 'asha', 400)).toBe(true);
    expect(known.reads).toBe(1);
    const late = participantsTable(3);
    expect(await awaitParticipant(late, 'newcomer', 100)).toBe(true);
    expect(late.reads).toBe(3);
  });
});
