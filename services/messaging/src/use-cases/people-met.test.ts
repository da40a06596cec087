import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MessageSettingsRepository } from '../db/message-settings-repository';
import { fake, member, routeInput } from '../testing/fake-core';
import { peopleMet } from './people-met';

describe('peopleMet', () => {
  it('is the count of the person asked about, naming nobody', async () => {
    const userId = randomUUID();
    const messageSettings = fake<MessageSettingsRepository>({
      peopleMetBy: (id: string) => Promise.resolve(id === userId ? 7 : 0),
    });
    expect(await peopleMet({ messageSettings }, routeInput(member(), { params: { userId } }))).toEqual({
      peopleMet: 7,
    });
  });
});
