import { request as undiciRequest } from 'undici';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';

export interface CachedLookupOptions {
  base: string;
  dispatcher: Dispatcher;
  ttlMs?: number;
  maxEntries?: number;
  timeoutMs?: number;
}

/**
 * A service's JSON answer for a page's head (a blog story's, a shared post's), asked over the
 * gateway's own connection pool and remembered, found or not, for `ttlMs`, so a burst of link
 * crawlers costs the service one read per key. At most `maxEntries` are kept (oldest go first).
 * A service that is down or slow answers null now and is asked again next time.
 */
export function createCachedLookup<S extends z.ZodType>(
  options: CachedLookupOptions & { defaultTtlMs: number; pathOf: (key: string) => string; schema: S },
): (key: string) => Promise<z.infer<S> | null> {
  const ttlMs = options.ttlMs ?? options.defaultTtlMs;
  const maxEntries = options.maxEntries ?? 1000;
  const cache = new Map<string, { value: z.infer<S> | null; expiresAt: number }>();

  async function fetchValue(key: string): Promise<z.infer<S> | null> {
    const response = await undiciRequest(new URL(options.pathOf(key), options.base), {
      dispatcher: options.dispatcher,
      headersTimeout: options.timeoutMs ?? 2000,
      bodyTimeout: options.timeoutMs ?? 2000,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return null;
    }
    const parsed = options.schema.safeParse(await response.body.json());
    return parsed.success ? parsed.data : null;
  }

  return async (key) => {
    const now = Date.now();
    const cached = cache.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    let value: z.infer<S> | null;
    try {
      value = await fetchValue(key);
    } catch {
      return null;
    }
    cache.delete(key);
    cache.set(key, { value, expiresAt: now + ttlMs });
    if (cache.size > maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return value;
  };
}
