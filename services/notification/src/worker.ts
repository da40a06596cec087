import { runWorkerProcess } from '@saathi/platform';
import { configSchema, startWorker } from './index';

// The email worker in cluster mode: BullMQ on Redis, SMTP via nodemailer (SMTP_URL, MAIL_FROM).
await runWorkerProcess({ name: 'notification-worker', configSchema, startWorker });
