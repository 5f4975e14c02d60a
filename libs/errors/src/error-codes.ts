/**
 * The closed set of error codes the service can answer with, each bound to one HTTP status.
 * The OpenAPI `ErrorCode` enum is kept equal to these keys by a test.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  invalid_parameter: 400,
  missing_parameter: 422,
  unprocessable: 422,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal: 500,
  bad_gateway: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
