import { z } from 'zod';

/**
 * Queue names are durable: renaming one strands the jobs already waiting in Redis.
 * Add new names; never rename.
 */
export const QueueName = {
  email: 'email',
  postExpiry: 'post-expiry',
  botSeeding: 'bot-seeding',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const emailJobSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
  /** Why the mail exists (e.g. the event id); the processor marks it sent so a redelivery never mails twice. */
  dedupeKey: z.string().min(1),
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
} satisfies Record<QueueName, z.ZodType>;
export type JobData<N extends QueueName> = z.infer<(typeof jobSchemas)[N]>;
