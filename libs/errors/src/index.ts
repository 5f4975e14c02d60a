export { ApiError, badRequest, notFound, toApiError, unprocessable } from './api-error';
export type { ErrorBody, ErrorItem } from './api-error';
export { ERROR_CODES, ERROR_STATUS } from './error-codes';
export type { ErrorCode } from './error-codes';
