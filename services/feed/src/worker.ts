import { runWorkerProcess } from '@saathi/platform';
import { feedService } from './index';

// The feed worker in cluster mode: post expiry and bot seeding, from BullMQ on Redis.
await runWorkerProcess(feedService);
