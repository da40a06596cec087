import type { FastifyInstance } from 'fastify';

export type ReadinessChecks = Record<string, () => Promise<void>>;

function withTimeout(check: () => Promise<void>, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    check().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/** `/healthz`: the process is alive. `/readyz`: every dependency answered within the timeout. */
export function registerHealth(app: FastifyInstance, checks: ReadinessChecks, timeoutMs: number): void {
  app.get('/healthz', { schema: { hide: true }, config: { accessLog: false } }, (_request, reply) => {
    void reply.send({ status: 'ok' });
  });
  app.get('/readyz', { schema: { hide: true }, config: { accessLog: false } }, async (request, reply) => {
    const entries = Object.entries(checks);
    const names = entries.map(([name]) => name);
    const results = await Promise.allSettled(entries.map(([, check]) => withTimeout(check, timeoutMs)));
    const status: Record<string, 'ok' | 'failed'> = {};
    const failed: string[] = [];
    results.forEach((result, i) => {
      const name = names[i] ?? String(i);
      if (result.status === 'fulfilled') {
        status[name] = 'ok';
      } else {
        status[name] = 'failed';
        failed.push(name);
        request.log.warn({ check: name, err: result.reason as unknown }, 'readiness check failed');
      }
    });
    if (failed.length > 0) return reply.code(503).send({ status: 'unavailable', failed, checks: status });
    return reply.send({ status: 'ok', checks: status });
  });
}
