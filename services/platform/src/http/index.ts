export { addressKey } from './address-key';
export { destroyPastBounds } from './bounded-drain';
export type { DrainLimits } from './bounded-drain';
export { createApp, DEFAULT_HTTP_TIMEOUTS } from './create-app';
export type { App, CreateAppOptions, HttpTimeouts } from './create-app';
export { HttpError, httpErrors, isHttpError } from './errors';
export { base64DecodedLength, sniffImageKind } from './image-bytes';
export type { ImageKind } from './image-bytes';
export type { ErrorBody } from './errors';
export { errorHandler, logFailure, mapError, notFoundHandler } from './error-handler';
export type { ReadinessChecks } from './health';
export type { HttpMetrics } from './metrics';
export { REQUEST_ID_HEADER, genRequestId } from './request-id';
export { gracefulShutdown, serve } from './serve';
export type { Served, ServeOptions } from './serve';
export {
  TRACEPARENT_HEADER,
  newTraceId,
  traceIdFromTraceparent,
  traceOf,
  traceparentFor,
} from './trace-context';
