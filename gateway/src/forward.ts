import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { lingerAfterAnswer } from './lingering-close';
import { HOP_BY_HOP_HEADERS, isUpgradeRequest, upstreamHeaders } from './forward-headers';
import { retryableOnAnotherReplica, sendUpstreamError } from './upstream-errors';

/** Responses up to this size are collected and sent in one write; larger ones stream. */
const BUFFER_LIMIT = 64 * 1024;
/** A replica that refused a connection is skipped this long (it is stopping or restarting). */
export const REPLICA_EJECT_MS = 2000;

/**
 * True when the path has a `.` or `..` segment, literally or percent-encoded. The service is
 * chosen by prefix; a path that a server behind it might normalise into another prefix
 * (`/api/blog/../admin/…`) is refused instead of forwarded.
 */
export function hasDotSegment(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.includes('.') && !path.includes('%2')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return decoded.split(/[/\\]/).some((segment) => segment === '.' || segment === '..');
}

export interface ForwarderOptions {
  /** Service name, for logs. */
  name: string;
  /**
   * Service origins, e.g. `['http://127.0.0.1:4002']`. Several replicas (start:cluster
   * `--replicas`) share requests round-robin; in Kubernetes the Service does that instead.
   */
  origins: readonly string[];
  dispatcher: Dispatcher;
  /** Longest wait for response headers, and between body chunks. */
  timeoutMs: number;
  /** Headers every proxied answer carries (computed once). */
  responseHeaders: Readonly<Record<string, string>>;
}

/**
 * The proxy hot path, on undici's dispatch API: no body parsing, no intermediate streams for
 * small answers (collected and sent with the headers in one write), streaming with
 * back-pressure for large ones, and the upstream request aborted if the client goes away.
 * Paths reach the service unchanged.
 */
export function createForwarder(
  options: ForwarderOptions,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const { name, origins, dispatcher, timeoutMs, responseHeaders } = options;
  const [firstOrigin] = origins;
  if (firstOrigin === undefined) throw new Error(`no origin for ${name}`);
  let turn = 0;
  const ejectedUntil = new Map<string, number>();
  /** Round-robin over the replicas, skipping recently ejected ones (and `not`) while others remain. */
  const nextOrigin = (not?: string): string => {
    const now = Date.now();
    for (let i = 0; i < origins.length; i++) {
      const candidate = origins[turn++ % origins.length] ?? firstOrigin;
      if (candidate !== not && (ejectedUntil.get(candidate) ?? 0) <= now) return candidate;
    }
    return origins.find((origin) => origin !== not) ?? firstOrigin;
  };

  return function forward(request, reply) {
    if (hasDotSegment(request.url)) {
      void reply
        .code(400)
        .type('application/json; charset=utf-8')
        .send({ message: 'Bad Request', code: 'INVALID_PATH' });
      return;
    }
    // Only /socket.io upgrades. An upgrade's body never arrives through `raw`, so forwarding
    // one would hold an upstream connection, uncounted by the in-flight cap, for nothing.
    if (isUpgradeRequest(request.raw)) {
      void reply
        .code(400)
        .type('application/json; charset=utf-8')
        .send({ message: 'Bad Request', code: 'UPGRADE_NOT_SUPPORTED' });
      return;
    }
    const method = request.method;
    const raw = request.raw;
    const hasBody =
      method !== 'GET' &&
      method !== 'HEAD' &&
      (raw.headers['content-length'] !== undefined
        ? raw.headers['content-length'] !== '0'
        : raw.headers['transfer-encoding'] !== undefined);

    const send = (origin: string, tried: number) => {
      const handler = new ProxyHandler(request, reply, name, responseHeaders, (error) => {
        // Another replica may answer what this one never saw: a stopping replica refuses
        // connections (and drops idle pooled ones) before its endpoints are gone.
        // A request body may be partly consumed already: such a request is never re-sent.
        if (tried >= origins.length || hasBody || !retryableOnAnotherReplica(error, method)) return false;
        ejectedUntil.set(origin, Date.now() + REPLICA_EJECT_MS);
        send(nextOrigin(origin), tried + 1);
        return true;
      });
      dispatcher.dispatch(
        {
          origin,
          path: request.url,
          method,
          headers: upstreamHeaders(request),
          body: hasBody ? raw : null,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        },
        handler,
      );
    };
    send(origins.length === 1 ? firstOrigin : nextOrigin(), 1);
  };
}

class ProxyHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private chunks: Buffer[] | undefined;
  private stream: PassThrough | undefined;
  private finished = false;
  private expectedLength = -1;
  private receivedLength = 0;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly upstream: string,
    private readonly responseHeaders: Readonly<Record<string, string>>,
    /** Offered an error that came before any answer; true when another replica took the request. */
    private readonly retryElsewhere: (error: Error) => boolean,
  ) {}

  private readonly onClientClose = (): void => {
    if (!this.finished && this.controller && !this.controller.aborted) {
      this.controller.abort(new Error('client closed the connection'));
    }
  };

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    // The client may have left while the request waited for a pooled connection.
    if (this.reply.raw.destroyed) {
      controller.abort(new Error('client closed the connection'));
      return;
    }
    this.reply.raw.once('close', this.onClientClose);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    const reply = this.reply;
    reply.code(statusCode);
    void reply.headers(this.responseHeaders);
    for (const key in headers) {
      if (!HOP_BY_HOP_HEADERS.has(key)) void reply.header(key, headers[key]);
    }
    const length = headers['content-length'];
    if (
      this.request.method === 'HEAD' ||
      statusCode === 204 ||
      statusCode === 304 ||
      (length !== undefined && Number(length) <= BUFFER_LIMIT)
    ) {
      this.chunks = [];
      this.expectedLength =
        this.request.method === 'HEAD' || statusCode === 204 || statusCode === 304 ? 0 : Number(length);
      return;
    }
    const stream = new PassThrough();
    stream.on('drain', () => controller.resume());
    this.stream = stream;
    void reply.send(stream);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.chunks) {
      this.chunks.push(chunk);
      this.receivedLength += chunk.length;
    } else if (this.stream && !this.stream.write(chunk)) {
      controller.pause();
    }
  }

  onResponseEnd(): void {
    this.finished = true;
    this.reply.raw.off('close', this.onClientClose);
    // The service answered before reading the whole body (e.g. 413): this connection
    // cannot carry another request until the rest arrives, so close it after the answer.
    if (!this.request.raw.complete) this.closeAfterAnswer();
    if (this.stream) {
      this.stream.end();
      return;
    }
    const chunks = this.chunks ?? [];
    if (this.request.method === 'HEAD') {
      void this.reply.send();
      return;
    }
    void this.reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }

  /** `connection: close`, closed gently: the client must be able to read the answer (lingerAfterAnswer). */
  private closeAfterAnswer(): void {
    void this.reply.header('connection', 'close');
    lingerAfterAnswer(this.request.raw);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.finished = true;
    this.reply.raw.off('close', this.onClientClose);
    if (!this.chunks && !this.stream && !this.reply.raw.destroyed && this.retryElsewhere(error)) return;
    if (this.stream) {
      this.stream.destroy(error);
      return;
    }
    if (this.reply.raw.destroyed || this.reply.sent) return;
    // The whole answer arrived before the failure (typically a write error on a body the
    // service no longer reads): deliver the answer.
    if (this.chunks && this.expectedLength >= 0 && this.receivedLength === this.expectedLength) {
      this.onResponseEnd();
      return;
    }
    if (!this.request.raw.complete) {
      this.closeAfterAnswer();
      // A service that refuses an upload answers 413 and hangs up while the body is still
      // arriving; the write fails before its answer can be read. That is what it meant.
      const code = (error as { code?: unknown }).code;
      if (code === 'EPIPE' || code === 'ECONNRESET') {
        this.reply.removeHeader('content-length');
        void this.reply
          .code(413)
          .type('application/json; charset=utf-8')
          .send({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
        return;
      }
    }
    // Headers from the service may already be on the reply; the error answer replaces them.
    this.reply.removeHeader('content-length');
    this.reply.removeHeader('content-type');
    sendUpstreamError(this.reply, error, this.upstream);
  }
}
