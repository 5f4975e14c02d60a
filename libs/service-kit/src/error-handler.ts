import { ApiError, toApiError } from '@usas/errors';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { createLogThrottle } from './log-throttle';
import { isWarmUp } from './request-log';

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  limit?: number;
}

/** Maps the errors raised by express' body parsers to ApiErrors; anything else passes through. */
export function fromBodyParserError(error: unknown): ApiError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as BodyParserError;
  switch (e.type) {
    case 'entity.parse.failed':
      return new ApiError('invalid_json', 'Malformed JSON in request body.', { cause: error });
    case 'entity.too.large':
      return new ApiError('payload_too_large', `Request body exceeds the limit of ${e.limit ?? 'the configured'} bytes.`, {
        cause: error,
      });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('unsupported_media_type', 'Unsupported request body encoding.', { cause: error });
    case 'encoding.unsupported.content':
      return new ApiError('unsupported_media_type', 'Unsupported request body encoding.', { cause: error });
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new ApiError('bad_request', 'The request body could not be read.', { cause: error });
    default:
      return fromHttpError(e);
  }
}

/**
 * Client errors raised by express itself (http-errors with a 4xx status and `expose`, such as a path
 * parameter that is not valid percent-encoding) keep their status class instead of becoming a 500.
 */
function fromHttpError(e: BodyParserError & { message?: string }): ApiError | undefined {
  if (typeof e.status !== 'number' || e.status < 400 || e.status >= 500 || e.expose !== true) return undefined;
  if (e.status === 413) return new ApiError('payload_too_large', 'Request body is too large.', { cause: e });
  if (e.status === 415) return new ApiError('unsupported_media_type', 'Unsupported request body.', { cause: e });
  if (e.status === 404) return new ApiError('not_found', 'No endpoint matches this path.', { cause: e });
  return new ApiError('bad_request', 'The request could not be understood.', { cause: e });
}

/** A translator turns a framework-specific error into an ApiError, or returns undefined. */
export type ErrorTranslator = (error: unknown) => ApiError | undefined;

/**
 * The one error handler of a process: every error becomes `{detail, errors}` with the status of its
 * code. Unknown errors are logged with their stack and answered with a generic 500.
 */
export function createErrorHandler(logger: Logger, translators: ErrorTranslator[] = []): ErrorRequestHandler {
  // During an outage every request fails with the same 503: one log line per interval is enough.
  const throttle = createLogThrottle(10_000);
  return (error, req, res, _next) => {
    let apiError: ApiError | undefined = error instanceof ApiError ? error : fromBodyParserError(error);
    for (const t of translators) {
      if (apiError) break;
      apiError = t(error);
    }
    apiError ??= toApiError(error);
    const log = (req as { log?: Logger }).log ?? logger;
    if (apiError.code === 'service_unavailable') {
      const t = throttle(apiError.message);
      if (t.log) log.warn({ err: apiError.cause ?? apiError, code: apiError.code, suppressed: t.suppressed }, 'request failed: service unavailable');
    } else if (apiError.status >= 500) log.error({ err: apiError.cause ?? apiError, code: apiError.code }, 'request failed');
    else if (isWarmUp(req)) log.debug({ code: apiError.code, detail: apiError.message }, 'request rejected');
    else log.info({ code: apiError.code, detail: apiError.message }, 'request rejected');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // An error is never cached, even on a route whose answers are (reference lists).
    res.setHeader('Cache-Control', 'no-store');
    res.status(apiError.status).json(apiError.toBody());
  };
}

/** Final handler for requests no route matched. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new ApiError('not_found', `No endpoint matches ${req.method} ${req.path}.`));
};
