import { ERROR_STATUS, type ErrorCode } from './error-codes';

/** One problem found in a request, pointing at the offending field. */
export interface ErrorItem {
  path: string;
  message: string;
  code?: string;
}

/** The JSON body of every error response. */
export interface ErrorBody {
  detail: string;
  errors: ErrorItem[];
}

/** Base class of every error that is allowed to reach a client; the message is client-safe text. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: ErrorItem[];

  constructor(code: ErrorCode, detail: string, options: { errors?: ErrorItem[]; cause?: unknown } = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = options.errors ?? [];
  }

  /** The body sent to the client. */
  toBody(): ErrorBody {
    return { detail: this.message, errors: this.errors };
  }
}

/** Shorthand for a 404 on a resource that does not exist. */
export const notFound = (detail: string): ApiError => new ApiError('not_found', detail);

/** Shorthand for a 400 on an input that is well-formed but not acceptable. */
export const badRequest = (detail: string, errors?: ErrorItem[]): ApiError =>
  new ApiError('invalid_parameter', detail, errors ? { errors } : {});

/** Shorthand for a 422 on an input that is semantically not processable. */
export const unprocessable = (detail: string, errors?: ErrorItem[]): ApiError =>
  new ApiError('unprocessable', detail, errors ? { errors } : {});

/**
 * Turns anything thrown into an ApiError. Unknown errors become a generic 500 whose text never
 * carries the original message (driver or stack text must not reach clients).
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError('internal', 'An internal error occurred.', { cause: error });
}
