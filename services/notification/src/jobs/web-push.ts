import type { QueueName } from '@saathi/contracts';
import type { JobContext } from '@saathi/platform';
import type { NotificationWorkerCore } from '../use-cases/notification-core';
import { sendWebPush } from '../push/web-push-sender';

/** Answers after which trying the same push again cannot help (malformed, refused, too large). */
const PERMANENT = new Set([400, 401, 403, 413]);

/**
 * The web-push worker: one push to one browser. Taken (2xx) clears the browser's failures; 404
 * or 410 means the browser dropped the subscription, which is deleted; any other failure counts
 * against it (deleted after PUSH_MAX_FAILURES in a row) and, unless retrying cannot help, fails
 * the attempt so the queue tries again with back-off.
 */
export async function webPushJob(
  core: Pick<NotificationWorkerCore, 'pushSubscriptions' | 'clock' | 'logger' | 'config'>,
  job: JobContext<typeof QueueName.webPush>,
): Promise<void> {
  const { config, logger, pushSubscriptions: subscriptions } = core;
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) {
    logger.warn({ jobId: job.id }, 'no VAPID keys configured; push dropped');
    return;
  }
  const subscription = await subscriptions.find(job.data.subscriptionId);
  // Unsubscribed (signed out, or the account deleted) since it was queued.
  if (!subscription) return;
  const answer = await sendWebPush(subscription, job.data.payload, {
    vapid: {
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject: config.VAPID_SUBJECT,
    },
    ttlSeconds: config.PUSH_TTL_SECONDS,
  });
  if (answer.status >= 200 && answer.status < 300) {
    await subscriptions.succeeded(subscription.id, core.clock.now());
    return;
  }
  // The endpoint's host alone: the path identifies the browser.
  const where = { jobId: job.id, host: new URL(subscription.endpoint).host, status: answer.status };
  if (answer.status === 404 || answer.status === 410) {
    await subscriptions.delete(subscription.id);
    logger.info(where, 'push subscription gone; deleted');
    return;
  }
  const dropped = await subscriptions.failed(subscription.id, config.PUSH_MAX_FAILURES);
  logger.warn({ ...where, error: answer.error, dropped }, 'push failed');
  if (dropped || PERMANENT.has(answer.status)) return;
  throw new Error(`push service answered ${answer.status || answer.error}`);
}
