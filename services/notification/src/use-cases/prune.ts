import { ErasedPeople, EVENT_TABLE_RETENTION_MS, pruneEventTables } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { ActivityMailsRepository } from '../db/activity-mails-repository';
import { ActivityPeopleRepository } from '../db/activity-people-repository';
import { MessageMailsRepository } from '../db/message-mails-repository';
import { NotificationsRepository } from '../db/notifications-repository';
import { NoticeSettingsRepository } from '../db/notice-settings-repository';
import { PageViewsRepository } from '../db/page-views-repository';
import { PushThreadsRepository } from '../db/push-threads-repository';
import { SentEmailsRepository } from '../db/sent-emails-repository';
import { SCHEMA } from '../schema-name';
import { prunePageViews } from './page-views';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A sent mail's dedupe key is kept this long: a redelivered event (JetStream keeps them 7 days)
 * or a retried mail job finds it and sends nothing twice; past that nothing can ask again.
 */
export const SENT_EMAIL_RETENTION_MS = 14 * DAY_MS;
/** An activity's people are kept this long after it ended: its weekly next occurrence is announced to them. */
const ENDED_ACTIVITY_RETENTION_MS = 8 * DAY_MS;

/**
 * The periodic clean-up: read notifications past their retention, mail cool-downs that have
 * run out, the people of activities over for a week, page-view days past theirs, deleted accounts'
 * ids after their 30 days, sent mails' dedupe keys after 14, mutes that ended, push threads
 * past their grouping window, and old outbox/inbox rows. Idempotent, so every replica may run it.
 */
export async function pruneNotifications(kit: ServiceKit<Config>): Promise<{ notifications: number }> {
  const now = kit.clock.now().getTime();
  const db = kit.db.db;
  const notifications = await new NotificationsRepository(db).deleteReadBefore(
    new Date(now - kit.config.READ_NOTIFICATION_RETENTION_DAYS * DAY_MS),
  );
  await new MessageMailsRepository(db).deleteOlderThan(new Date(now - kit.config.MESSAGE_MAIL_COOLDOWN_MS));
  await new ActivityMailsRepository(db).deleteOlderThan(new Date(now - kit.config.ACTIVITY_MAIL_COOLDOWN_MS));
  await new ActivityPeopleRepository(db).deleteEndedBefore(new Date(now - ENDED_ACTIVITY_RETENTION_MS));
  await pruneEventTables(db, SCHEMA, new Date(now - EVENT_TABLE_RETENTION_MS));
  await prunePageViews({ pageViews: new PageViewsRepository(db), clock: kit.clock });
  await new ErasedPeople(db, SCHEMA).prune(new Date(now));
  await new SentEmailsRepository(db).deleteSentBefore(new Date(now - SENT_EMAIL_RETENTION_MS));
  await new NoticeSettingsRepository(db).deleteEndedMutes(new Date(now));
  // A thread past its grouping window holds nothing back any more.
  await new PushThreadsRepository(db).deleteIdleBefore(new Date(now - kit.config.PUSH_GROUP_MS));
  return { notifications };
}
