import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock, uniqueToken } from '@saathi/platform/testing';
import { SentEmailsRepository } from './sent-emails-repository';
import { startRecordedNotification } from '../testing/recorded-notification';
import type { TestNotification } from '../testing/test-notification';
import { pruneNotifications, SENT_EMAIL_RETENTION_MS } from '../use-cases/prune';

const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
let notification: TestNotification;

beforeAll(async () => {
  ({ notification } = await startRecordedNotification('prune-test', clock));
});
afterAll(() => notification?.close());

describe('the periodic clean-up', () => {
  it('forgets a sent mail’s dedupe key after 14 days, and keeps a younger one', async () => {
    const sent = new SentEmailsRepository(notification.service.kit.db.db);
    const [old, young] = [uniqueToken('old'), uniqueToken('young')];
    await sent.markSent(old, clock.now());
    await sent.markSent(young, new Date(clock.now().getTime() + 2 * 24 * 60 * 60 * 1000));
    clock.advance(SENT_EMAIL_RETENTION_MS + 60_000);
    await pruneNotifications(notification.core);
    expect(await sent.wasSent(old)).toBe(false);
    expect(await sent.wasSent(young)).toBe(true);
  });
});
