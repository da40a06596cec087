import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { activityCheckedInV1 } from '@saathi/contracts';
import type { MessageSettingsRepository } from '../db/message-settings-repository';
import { consumed, fake, member, routeInput } from '../testing/fake-core';
import { getMessageSettings, putMessageSettings, recordMeeting } from './message-settings';

// The caller's own settings (no way to name another person), and meetings from feed's check-ins.

describe('message settings', () => {
  it('reads and replaces only the caller’s own setting', async () => {
    const user = member();
    const calls: unknown[][] = [];
    const messageSettings = fake<MessageSettingsRepository>({
      whoMayStartOf: (id: string) => {
        calls.push(['get', id]);
        return Promise.resolve('everyone');
      },
      setOwn: (id: string, username: string, whoMayStart: string) => {
        calls.push(['set', id, username, whoMayStart]);
        return Promise.resolve(whoMayStart);
      },
    });
    expect(await getMessageSettings({ messageSettings }, routeInput(user))).toEqual({
      whoMayStart: 'everyone',
    });
    expect(
      await putMessageSettings(
        { messageSettings },
        routeInput(user, { body: { whoMayStart: 'met' as const } }),
      ),
    ).toEqual({ whoMayStart: 'met' });
    expect(calls).toEqual([
      ['get', user.id],
      ['set', user.id, user.username, 'met'],
    ]);
  });
});

describe('recordMeeting', () => {
  it('records the host and the person checked in as met, as of the check-in', async () => {
    const met: unknown[][] = [];
    const messageSettings = fake<MessageSettingsRepository>({
      recordMet: (...args: unknown[]) => {
        met.push(args);
        return Promise.resolve(true);
      },
    });
    const event = consumed(activityCheckedInV1, {
      postId: randomUUID(),
      hostId: randomUUID(),
      userId: randomUUID(),
    });
    await recordMeeting({ messageSettings }, event);
    expect(met).toEqual([[event.data.hostId, event.data.userId, event.occurredAt]]);
  });
});
