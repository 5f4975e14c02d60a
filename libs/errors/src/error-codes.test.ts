import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiError, toApiError } from './api-error';
import { ERROR_CODES, ERROR_STATUS } from './error-codes';

describe('error codes', () => {
  it('are the same set as the ErrorCode enum of the OpenAPI document', () => {
    const yaml = readFileSync(path.resolve(__dirname, '../../../openapi/components/schemas/error-code.yaml'), 'utf8');
    const enumValues = [...yaml.matchAll(/^\s+- ([a-z_]+)$/gm)].map((m) => m[1]);
    expect(enumValues.sort()).toEqual([...ERROR_CODES].sort());
  });

  it('map to 4xx/5xx statuses', () => {
    expect(ERROR_STATUS.missing_parameter).toBe(422);
    expect(ERROR_STATUS.invalid_parameter).toBe(400);
    expect(ERROR_STATUS.payload_too_large).toBe(413);
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });
});

describe('toApiError', () => {
  it('keeps ApiErrors and hides the text of anything else', () => {
    const own = new ApiError('not_found', 'No award 12.');
    expect(toApiError(own)).toBe(own);
    const hidden = toApiError(new Error('relation "award_search" does not exist'));
    expect(hidden.status).toBe(500);
    expect(hidden.toBody()).toEqual({ detail: 'An internal error occurred.', errors: [] });
    expect(hidden.cause).toBeInstanceOf(Error);
  });
});
