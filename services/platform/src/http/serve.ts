import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

export interface ServeOptions {
  port: number;
  host?: string;
  /** Runs after the server has stopped and drained: close db, bus, queue here. */
  onClose?: () => Promise<void>;
  /** Longest the whole shutdown may take before the process exits anyway (default 10 s). */
  shutdownTimeoutMs?: number;
}

export interface Served {
  /** The listening address, e.g. `http://127.0.0.1:3000`. */
  address: string;
  /** The same graceful sequence a SIGTERM runs, without exiting the process (tests, embedded mode). */
  shutdown(): Promise<void>;
}

/**
 * Stops accepting connections, lets in-flight requests finish (Fastify closes idle
 * keep-alive sockets and answers 503 to new requests meanwhile), then closes the app's
 * dependencies. Bounded by `timeoutMs`.
 */
export async function gracefulShutdown(
  app: FastifyInstance,
  onClose: (() => Promise<void>) | undefined,
  timeoutMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  // A keep-alive socket whose request finishes during the drain would otherwise hold the
  // server open until its keep-alive timeout; close such sockets as soon as they go idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  sweep.unref();
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`shutdown did not finish within ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([
      (async () => {
        await app.close();
        if (onClose) await onClose();
      })(),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
    clearInterval(sweep);
  }
}

/** Listens, and on SIGTERM/SIGINT (or a crash) shuts down gracefully, then exits. */
export async function serve(app: FastifyInstance, options: ServeOptions): Promise<Served> {
  const timeoutMs = options.shutdownTimeoutMs ?? 10_000;
  let closing: Promise<void> | undefined;
  const shutdown = () => (closing ??= gracefulShutdown(app, options.onClose, timeoutMs));

  const grace = closeWithGrace(
    { delay: timeoutMs + 1000, logger: { error: (msg: unknown) => app.log.error(msg) } },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an unexpected error');
      else app.log.info({ signal }, 'shutting down');
      await shutdown();
    },
  );
  app.addHook('onClose', (_instance, done) => {
    grace.uninstall();
    done();
  });

  const address = await app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  return { address, shutdown };
}
