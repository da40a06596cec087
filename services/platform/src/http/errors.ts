/**
 * Typed HTTP errors. Throw them anywhere in a route; the app factory's error handler turns
 * them into `{ message, code? }` with their status code.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  /** Sent with the error answer (e.g. Retry-After). */
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(statusCode: number, message: string, code?: string, headers?: Record<string, string>) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

export const httpErrors = {
  badRequest: (message = 'Bad Request', code?: string) => new HttpError(400, message, code),
  unauthorized: (message = 'Unauthorized', code?: string) => new HttpError(401, message, code),
  forbidden: (message = 'Forbidden', code?: string) => new HttpError(403, message, code),
  notFound: (message = 'Not Found', code?: string) => new HttpError(404, message, code),
  conflict: (message = 'Conflict', code?: string) => new HttpError(409, message, code),
  payloadTooLarge: (message = 'Payload Too Large', code?: string) => new HttpError(413, message, code),
  tooManyRequests: (message = 'Too Many Requests', code?: string, retryAfterSeconds?: number) =>
    new HttpError(
      429,
      message,
      code,
      retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) },
    ),
} as const;

/** The body of every error response. */
export interface ErrorBody {
  message: string;
  code?: string;
  issues?: { path: string; message: string }[];
}
