import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentHiddenV1 } from '@saathi/contracts';
import { createLogger, createMemoryBus, makeEnvelope } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { CellCache } from '../cache/cell-cache';
import type { CellEntry } from '../cache/cell-cache';
import type { PostView } from '../domain/views';
import { invalidateCacheOnEvents } from './cache-invalidation';

const CELL = 7;

describe('invalidateCacheOnEvents', () => {
  it('clears a moderated post again a moment later, catching a reload made before the consumer wrote', async () => {
    const postId = randomUUID();
    let loads = 0;
    const cache = new CellCache({
      ttlMs: 60_000,
      maxCells: 10,
      load: (cells) => {
        loads += 1;
        const view = { id: postId } as PostView;
        return Promise.resolve(
          new Map<number, CellEntry>(cells.map((cell) => [cell, { views: [view], complete: true }])),
        );
      },
    });
    const bus = createMemoryBus({ logger: createLogger({ name: 'test', level: 'silent' }) });
    await invalidateCacheOnEvents(bus, cache, { againAfterMs: 50 });
    await cache.get([CELL]);
    expect(loads).toBe(1);

    await bus.publish(
      makeEnvelope(contentHiddenV1, { targetKind: 'post', targetId: postId }, { traceId: 'test' }),
    );
    // Cleared at once: the next read reloads (in a replica whose consumer has not written yet,
    // that reload still finds the post on show).
    await waitFor(async () => (await cache.get([CELL]), loads === 2), 2_000, 'the first clear');
    // And again after the pause: the reload above does not stay for a TTL.
    await waitFor(async () => (await cache.get([CELL]), loads === 3), 2_000, 'the second clear');
    await new Promise((resolve) => setTimeout(resolve, 150));
    await cache.get([CELL]);
    expect(loads).toBe(3); // two clears, no more
    await bus.close?.();
  });
});
