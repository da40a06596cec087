import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { INTERNAL_LISTENER } from './create-app';

export interface ServeOptions {
  port: number;
  host?: string;
  /** Runs after the server has stopped and drained: close db, bus, queue here. */
  onClose?: () => Promise<void>;
  /** Longest the whole shutdown may take before the process exits anyway (default 10 s). */
  shutdownTimeoutMs?: number;
  /**
   * A second port for probes and Prometheus only (`/healthz`, `/readyz`, `/metrics`; anything
   * else 404), for an app whose public port keeps them private (`operationsAccess: 'private'`).
   */
  internalPort?: number;
}

export interface Served {
  /** The listening address, e.g. `http://127.0.0.1:3000`. */
  address: string;
  /** The internal listener's address, when `internalPort` was given. */
  internalAddress?: string;
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

const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Serves the app's probes and metrics on their own port, through the app's own routes (same
 * checks, same registry, 503 while closing), marked so `operationsAccess: 'private'` lets them through.
 */
async function listenInternal(app: FastifyInstance, port: number, host: string): Promise<Server> {
  const server = createServer(
    // Probes and scrapes are small and local; nothing here needs long.
    { headersTimeout: 5000, requestTimeout: 10_000, connectionsCheckingInterval: 1000 },
    (request, response) => {
      const path = request.url?.split('?', 1)[0] ?? '';
      if (!OPERATIONS_PATHS.has(path)) {
        response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
        response.end('{"message":"Not Found"}');
        return;
      }
      (request as IncomingMessage & { [INTERNAL_LISTENER]?: true })[INTERNAL_LISTENER] = true;
      app.routing(request, response);
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function addressOf(server: Server): string {
  const address = server.address();
  if (address === null || typeof address === 'string') return String(address);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Listens, and on SIGTERM/SIGINT (or a crash) shuts down gracefully, then exits. */
export async function serve(app: FastifyInstance, options: ServeOptions): Promise<Served> {
  const timeoutMs = options.shutdownTimeoutMs ?? 10_000;
  const host = options.host ?? '0.0.0.0';
  let internal: Server | undefined = undefined;
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
  app.addHook('onClose', async () => {
    grace.uninstall();
    // After the drain: until then the internal listener answers /readyz with 503.
    if (internal) await closeServer(internal);
  });

  const address = await app.listen({ port: options.port, host });
  if (options.internalPort === undefined) return { address, shutdown };
  internal = await listenInternal(app, options.internalPort, host);
  return { address, internalAddress: addressOf(internal), shutdown };
}
