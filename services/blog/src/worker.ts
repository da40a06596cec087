import { runWorkerProcess } from '@saathi/platform';
import { blogService } from './index';

// The blog worker in cluster mode: the community digest, from BullMQ on Redis.
await runWorkerProcess(blogService);
