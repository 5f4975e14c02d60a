import { ApiError, type ErrorItem } from '@usas/errors';

interface ValidatorErrorItem {
  path: string;
  message: string;
  errorCode?: string;
}
interface ValidatorError {
  status: number;
  message?: string;
  errors?: ValidatorErrorItem[];
  headers?: { Allow?: string };
}

function isValidatorError(error: unknown): error is ValidatorError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ValidatorError).status === 'number' &&
    Array.isArray((error as ValidatorError).errors)
  );
}

const kindOf = (item: ValidatorErrorItem): string => (item.errorCode ?? '').replace(/\.openapi\.validation$/, '') || 'invalid';

/** `/body/filters/timePeriodType` -> `filters.timePeriodType` for messages. */
const fieldOf = (p: string): string => p.replace(/^\/?(body|query|params|path)\/?/, '').replace(/\//g, '.') || p;

/**
 * Translates express-openapi-validator errors into ApiErrors: a missing required field is 422,
 * any other invalid value (type, enum, range, format, pattern) 400, unknown paths 404, wrong
 * methods 405, wrong media types 415, request bodies over the limit 413. Response-validation
 * failures (tests only) stay 500.
 */
export function fromValidatorError(error: unknown): ApiError | undefined {
  if (!isValidatorError(error)) return undefined;
  const items: ErrorItem[] = (error.errors ?? []).map((e) => ({ path: e.path, message: e.message, code: kindOf(e) }));
  switch (error.status) {
    case 404:
      return new ApiError('not_found', 'No endpoint matches this path.', { cause: error });
    case 405:
      return new ApiError('method_not_allowed', `Method not allowed.${error.headers?.Allow ? ` Allowed: ${error.headers.Allow}.` : ''}`, {
        cause: error,
      });
    case 413:
      return new ApiError('payload_too_large', 'Request body is too large.', { cause: error });
    case 415:
      return new ApiError('unsupported_media_type', 'Request body must be JSON (Content-Type: application/json).', { cause: error });
    case 400: {
      const missing = items.filter((i) => i.code === 'required');
      if (missing.length > 0) {
        const names = missing.map((i) => `'${fieldOf(i.path)}'`).join(', ');
        return new ApiError('missing_parameter', `Missing value: ${names} ${missing.length === 1 ? 'is a required field' : 'are required fields'}.`, {
          errors: items,
          cause: error,
        });
      }
      const first = items[0];
      const detail = first ? `Invalid value in '${fieldOf(first.path)}': ${first.message}.` : 'Invalid request.';
      return new ApiError('invalid_parameter', detail, { errors: items, cause: error });
    }
    default:
      if (error.status >= 500) return new ApiError('internal', 'The response did not match the API specification.', { cause: error });
      return new ApiError('bad_request', error.message ?? 'Invalid request.', { errors: items, cause: error });
  }
}
