import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentHiddenV1 } from '@saathi/contracts';
import { createLogger, createMemoryBus, makeEnvelope } from '@saathi/platform';
import type { EventBus } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { CellCache } from '../cache/cell-cache';
import type { CellEntry } from '../cache/cell-cache';
import type { PostView } from '../domain/views';
import { feedService } from '../index';
import type { FeedCore } from '../use-cases/feed-core';

/** The feed's broadcast entries (index.ts) on the bus, clearing `cache`, a moderation's recheck after `againAfterMs`. */
async function invalidateCacheOnEvents(bus: EventBus, cache: CellCache, options: { againAfterMs: number }) {
  const core = { cache, circleCells: null, exclusions: null, moderationRecheckMs: options.againAfterMs };
  for (const entry of feedService.broadcasts ?? [])
    await bus.broadcast(
      entry.event,
      (envelope) => entry.run(core as unknown as FeedCore, envelope),
      entry.options,
    );
}

const CELL = 7;

function countingCache(postId: string) {
  const counter = { loads: 0 };
  const cache = new CellCache({
    ttlMs: 60_000,
    maxCells: 10,
    load: (cells) => {
      counter.loads += 1;
      const view = { id: postId } as PostView;
      return Promise.resolve(
        new Map<number, CellEntry>(cells.map((cell) => [cell, { views: [view], complete: true }])),
      );
    },
  });
  return { cache, counter };
}

describe('invalidateCacheOnEvents', () => {
  it('clears a moderated post again a moment later, catching a reload made before the consumer wrote', async () => {
    const postId = randomUUID();
    const { cache, counter } = countingCache(postId);
    const bus = createMemoryBus({ logger: createLogger({ name: 'test', level: 'silent' }) });
    await invalidateCacheOnEvents(bus, cache, { againAfterMs: 50 });
    await cache.get([CELL]);
    expect(counter.loads).toBe(1);

    await bus.publish(
      makeEnvelope(contentHiddenV1, { targetKind: 'post', targetId: postId }, { traceId: 'test' }),
    );
    // Cleared at once: the next read reloads (in a replica whose consumer has not written yet,
    // that reload still finds the post on show).
    await waitFor(async () => (await cache.get([CELL]), counter.loads === 2), 2_000, 'the first clear');
    // And again after the pause: the reload above does not stay for a TTL.
    await waitFor(async () => (await cache.get([CELL]), counter.loads === 3), 2_000, 'the second clear');
    await new Promise((resolve) => setTimeout(resolve, 150));
    await cache.get([CELL]);
    expect(counter.loads).toBe(3); // two clears, no more
    await bus.close?.();
  });

  it("clears every cell, now and again, when a comment is moderated (its post's count changes)", async () => {
    const { cache, counter } = countingCache(randomUUID());
    const bus = createMemoryBus({ logger: createLogger({ name: 'test', level: 'silent' }) });
    await invalidateCacheOnEvents(bus, cache, { againAfterMs: 50 });
    await cache.get([CELL, CELL + 1]);
    expect(counter.loads).toBe(1);
    await bus.publish(
      makeEnvelope(contentHiddenV1, { targetKind: 'comment', targetId: randomUUID() }, { traceId: 'test' }),
    );
    await waitFor(async () => (await cache.get([CELL]), counter.loads === 2), 2_000, 'the first clear');
    await waitFor(async () => (await cache.get([CELL + 1]), counter.loads === 3), 2_000, 'the second clear');
    // A moderated message is not the feed's: nothing is cleared.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await cache.get([CELL, CELL + 1]);
    expect(counter.loads).toBe(4); // CELL, gone with the second clear
    await bus.publish(
      makeEnvelope(contentHiddenV1, { targetKind: 'message', targetId: randomUUID() }, { traceId: 'test' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    await cache.get([CELL, CELL + 1]);
    expect(counter.loads).toBe(4);
    await bus.close?.();
  });
});
