import { runWorkerProcess } from '@saathi/platform';
import { notificationService } from './index';

// The email worker in cluster mode: BullMQ on Redis, SMTP via nodemailer (SMTP_URL, MAIL_FROM).
await runWorkerProcess(notificationService);
