import type {
  Clock,
  JobQueue,
  Logger,
  Mailer,
  RateLimiter,
  ServiceKit,
  UnitOfWork,
  WorkerKit,
} from '@saathi/platform';
import { ErasedPeople } from '@saathi/platform';
import type { Config } from '../config';
import { ActivityMailsRepository } from '../db/activity-mails-repository';
import { ActivityPeopleRepository } from '../db/activity-people-repository';
import { AccountErasureRepository } from '../db/account-erasure-repository';
import { BlocksRepository } from '../db/blocks-repository';
import { ExportRepository } from '../db/export-repository';
import { FeedbackRepository } from '../db/feedback-repository';
import { MessageMailsRepository } from '../db/message-mails-repository';
import { NotificationsRepository } from '../db/notifications-repository';
import { NoticeSettingsRepository } from '../db/notice-settings-repository';
import { PageViewsRepository } from '../db/page-views-repository';
import { PushSubscriptionsRepository } from '../db/push-subscriptions-repository';
import { PushThreadsRepository } from '../db/push-threads-repository';
import { SentEmailsRepository } from '../db/sent-emails-repository';
import { UsersRepository } from '../db/users-repository';
import { SCHEMA } from '../schema-name';

/**
 * What notification's use cases are written against, built once when the service starts. Each
 * use case takes the `Pick` it needs, so its signature says what it touches and its test fakes
 * only that (testing/fake-core.ts).
 */
export interface NotificationCore {
  uow: UnitOfWork;
  clock: Clock;
  queue: JobQueue;
  logger: Logger;
  config: Pick<
    Config,
    | 'PUBLIC_ORIGIN'
    | 'EMAIL_MAX_ATTEMPTS'
    | 'EMAIL_RETRY_BACKOFF_MS'
    | 'FEEDBACK_PER_HOUR'
    | 'MESSAGE_MAIL_COOLDOWN_MS'
    | 'ACTIVITY_MAIL_DELAY_MS'
    | 'ACTIVITY_MAIL_COOLDOWN_MS'
    | 'READ_NOTIFICATION_RETENTION_DAYS'
    | 'VAPID_PUBLIC_KEY'
    | 'PUSH_ENDPOINT_HOSTS'
    | 'PUSH_ALLOW_LOCAL_ENDPOINTS'
    | 'PUSH_MAX_ATTEMPTS'
    | 'PUSH_RETRY_BACKOFF_MS'
    | 'PUSH_GROUP_MS'
    | 'MAIL_FROM'
    | 'MAIL_TOKEN_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'VAPID_SUBJECT'
    | 'PUSH_TTL_SECONDS'
    | 'PUSH_MAX_FAILURES'
  >;
  users: UsersRepository;
  notifications: NotificationsRepository;
  messageMails: MessageMailsRepository;
  activityPeople: ActivityPeopleRepository;
  activityMails: ActivityMailsRepository;
  /** Blocked pairs (identity's block events): kept out of notices both ways. */
  blocks: BlocksRepository;
  /** Deleted accounts: a late event notifies nobody erased and names nobody erased. */
  erased: ErasedPeople;
  feedback: FeedbackRepository;
  pageViews: PageViewsRepository;
  /** Browsers that take pushes, each person's channels, quiet hours and mutes, and held pushes. */
  pushSubscriptions: PushSubscriptionsRepository;
  noticeSettings: NoticeSettingsRepository;
  pushThreads: PushThreadsRepository;
  /** Dedupe keys of mails sent (the worker writes them; the prune forgets old ones). */
  sentEmails: SentEmailsRepository;
  /** What account deletion deletes beyond the repositories' own `deleteAllOf`. */
  accountErasure: AccountErasureRepository;
  /** Notification's part of "Download my data". */
  exports: ExportRepository;
  /** Shared counters in cluster mode (Redis); this process's own otherwise. */
  rateLimiter: RateLimiter;
}

/** The worker process's core: the service's, and the mailer its email job sends with. */
export type NotificationWorkerCore = NotificationCore & { mailer: Mailer };

export function createNotificationWorkerCore(kit: WorkerKit<Config>): NotificationWorkerCore {
  return { ...createNotificationCore(kit), mailer: kit.mailer };
}

export function createNotificationCore(kit: ServiceKit<Config>): NotificationCore {
  const db = kit.db.db;
  return {
    uow: kit.uow,
    clock: kit.clock,
    queue: kit.queue,
    logger: kit.logger,
    config: kit.config,
    users: new UsersRepository(db),
    notifications: new NotificationsRepository(db),
    messageMails: new MessageMailsRepository(db),
    activityPeople: new ActivityPeopleRepository(db),
    activityMails: new ActivityMailsRepository(db),
    blocks: new BlocksRepository(db),
    erased: new ErasedPeople(db, SCHEMA),
    feedback: new FeedbackRepository(db),
    pageViews: new PageViewsRepository(db),
    pushSubscriptions: new PushSubscriptionsRepository(db),
    noticeSettings: new NoticeSettingsRepository(db),
    pushThreads: new PushThreadsRepository(db),
    sentEmails: new SentEmailsRepository(db),
    accountErasure: new AccountErasureRepository(db),
    exports: new ExportRepository(db),
    rateLimiter: kit.rateLimiter,
  };
}
