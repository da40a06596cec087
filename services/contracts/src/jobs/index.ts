import { z } from 'zod';
import { pushPayloadSchema } from '../notification/push';
import { notificationTypeSchema } from '../notification/schemas';

/**
 * Queue names are durable: renaming one strands the jobs already waiting in Redis.
 * Add new names; never rename.
 */
export const QueueName = {
  email: 'email',
  postExpiry: 'post-expiry',
  botSeeding: 'bot-seeding',
  blogDigest: 'blog-digest',
  activityReminders: 'activity-reminders',
  activityRepeats: 'activity-repeats',
  dataExport: 'data-export',
  activityMailChecks: 'activity-mail-checks',
  webPush: 'web-push',
  pushReleases: 'push-releases',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Stands where the opened token goes in a mail's link; URL- and HTML-safe as it is. */
export const SEALED_TOKEN_PLACEHOLDER = '__SAATHI_SEALED_TOKEN__';

export const emailJobSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
  /** Why the mail exists (e.g. the event id); the processor marks it sent so a redelivery never mails twice. */
  dedupeKey: z.string().min(1),
  /**
   * A one-time token for a link in the mail, sealed (platform `sealToken`): the job never holds
   * it readable. The worker opens it with MAIL_TOKEN_KEY just before sending and puts it where
   * `text` and `html` say SEALED_TOKEN_PLACEHOLDER; an expired one is not sent at all.
   */
  sealedToken: z.object({ purpose: z.string().min(1), value: z.string().min(1) }).optional(),
});
export type EmailJob = z.infer<typeof emailJobSchema>;

export const jobSchemas = {
  [QueueName.email]: emailJobSchema,
  [QueueName.postExpiry]: z.object({}),
  [QueueName.botSeeding]: z.object({
    latitude: z.number(),
    longitude: z.number(),
    locationName: z.string().optional(),
  }),
  /** The ISO week (`2026-W47`) whose community digest to write; the worker defaults to last week. */
  [QueueName.blogDigest]: z.object({
    week: z
      .string()
      .regex(/^\d{4}-W\d{2}$/)
      .optional(),
  }),
  /** The repeatable sweep that sends activities' reminders 2 hours before (feed). */
  [QueueName.activityReminders]: z.object({}),
  /** The repeatable sweep that writes weekly activities' next occurrences (feed). */
  [QueueName.activityRepeats]: z.object({}),
  /** Assembles one "Download my data" file (identity; docs/privacy.md). */
  [QueueName.dataExport]: z.object({ exportId: z.uuid() }),
  /**
   * Notification, a while after an activity notice: mails it if it is still unread
   * (docs/notifications.md). `key` names the check (event and recipient) for de-duplication.
   */
  [QueueName.activityMailChecks]: z.object({
    key: z.string().min(1),
    recipientId: z.uuid(),
    type: notificationTypeSchema,
    targetKey: z.string().min(1),
    postId: z.uuid(),
  }),
  /**
   * Notification: one push to one browser (docs/notifications.md#web-push). The subscription's
   * endpoint and keys stay in the database; the job names it.
   */
  [QueueName.webPush]: z.object({ subscriptionId: z.uuid(), payload: pushPayloadSchema }),
  /** Notification: a push held back (quiet hours, grouping) goes once `dueAt` comes, if still due. */
  [QueueName.pushReleases]: z.object({
    recipientId: z.uuid(),
    tag: z.string().min(1),
    dueAt: z.iso.datetime({ offset: true }),
  }),
} satisfies Record<QueueName, z.ZodType>;
export type JobData<N extends QueueName> = z.infer<(typeof jobSchemas)[N]>;
