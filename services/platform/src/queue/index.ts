export { createBullQueue } from './bull-queue';
export type { BullQueueOptions } from './bull-queue';
export { createMemoryQueue } from './memory-queue';
export type { MemoryQueueOptions } from './memory-queue';
export { isQueueUnavailable, QueueUnavailableError } from './unavailable';
