import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isOutOfRangeValue, isUnstorableText } from '../db/unavailable';
import { isQueueUnavailable } from '../queue/unavailable';
import { reasonOf } from '../logging/error-without-values';
import { isOutcome, OUTCOME_STATUS } from '../service/outcomes';
import { HttpError } from './errors';
import type { ErrorBody } from './errors';

interface Mapped {
  status: number;
  body: ErrorBody;
}

function pathOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/** Maps anything thrown in a request to a status and a client-safe body. */
export function mapError(error: unknown): Mapped {
  // A use case's named outcome: its kind decides the status, its message is the person's.
  if (isOutcome(error)) {
    const body: ErrorBody = { message: error.message };
    if (error.code !== undefined) body.code = error.code;
    return { status: OUTCOME_STATUS[error.kind], body };
  }
  if (error instanceof HttpError) {
    const body: ErrorBody = { message: error.message };
    if (error.code !== undefined) body.code = error.code;
    return { status: error.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: pathOf(issue.instancePath),
      message: issue.message ?? 'Invalid value',
    }));
    // The first issue's message verbatim: the product's texts ("Username must be at least 3 characters") reach the client.
    return {
      status: 400,
      body: { message: issues[0]?.message ?? 'Invalid request', code: 'VALIDATION_FAILED', issues },
    };
  }
  const err = error as Partial<FastifyError> | null | undefined;
  if (err && typeof err === 'object') {
    if (Array.isArray(err.validation) && err.validation.length > 0) {
      const issues = err.validation.map((issue) => ({
        path: pathOf(issue.instancePath),
        message: issue.message ?? 'Invalid value',
      }));
      return {
        status: 400,
        body: { message: issues[0]?.message ?? 'Invalid request', code: 'VALIDATION_FAILED', issues },
      };
    }
    switch (err.code ?? '') {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return { status: 413, body: { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' } };
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return { status: 400, body: { message: 'Malformed JSON body', code: 'INVALID_JSON' } };
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return { status: 415, body: { message: 'Unsupported Media Type', code: 'UNSUPPORTED_MEDIA_TYPE' } };
      default:
        break;
    }
    // Fastify's JSON parser reports bad JSON as a SyntaxError with status 400.
    if (error instanceof SyntaxError && err.statusCode === 400) {
      return { status: 400, body: { message: 'Malformed JSON body', code: 'INVALID_JSON' } };
    }
    const status = err.statusCode;
    // Client errors raised by Fastify or plugins carry messages meant for clients.
    if (typeof status === 'number' && status >= 400 && status < 500 && typeof err.message === 'string') {
      return { status, body: { message: err.message } };
    }
  }
  // A dependency away (the database, or the job queue's Redis): the request was fine and will
  // work again once it is back.
  const unavailable = isDatabaseUnavailable(error)
    ? 'DATABASE_UNAVAILABLE'
    : isQueueUnavailable(error)
      ? 'QUEUE_UNAVAILABLE'
      : undefined;
  if (unavailable) {
    return {
      status: 503,
      body: { message: 'Service temporarily unavailable, try again shortly', code: unavailable },
    };
  }
  if (isUnstorableText(error)) {
    return {
      status: 400,
      body: { message: 'Text must not contain NUL characters', code: 'INVALID_TEXT' },
    };
  }
  if (isOutOfRangeValue(error)) {
    return { status: 400, body: { message: 'Invalid value', code: 'INVALID_VALUE' } };
  }
  return { status: 500, body: { message: 'Internal Server Error' } };
}

/**
 * The log line of a failed request or socket call, by what `mapError` made of it. During an outage
 * or an overload every call fails the same way: one line each, without the stack (formatting
 * stacks through the source maps then cost more CPU than the calls themselves).
 */
export function logFailure(
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'debug'>,
  error: unknown,
  { status, body }: ReturnType<typeof mapError>,
  what: string,
): void {
  if (body.code === 'DATABASE_UNAVAILABLE' || body.code === 'QUEUE_UNAVAILABLE')
    log.warn({ reason: reasonOf(error) }, body.message);
  else if (status >= 500) log.error({ err: error }, what);
  // A value only the database refused: a route's schema lacks a check (see isOutOfRangeValue).
  else if (body.code === 'INVALID_VALUE') log.warn({ reason: reasonOf(error) }, body.message);
  // Client errors appear in the access log; the reason only at debug level.
  else log.debug({ status, code: body.code }, body.message);
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const mapped = mapError(error);
  const { status, body } = mapped;
  logFailure(request.log, error, mapped, 'request failed');
  if (error instanceof HttpError && error.headers) void reply.headers(error.headers);
  if (isOutcome(error) && error.retryAfterSeconds !== undefined)
    void reply.header('retry-after', String(error.retryAfterSeconds));
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(404).type('application/json; charset=utf-8').send({ message: 'Not Found' });
}
