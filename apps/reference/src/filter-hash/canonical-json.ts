import { badRequest } from '@usas/errors';

/** Deepest nesting stored: far beyond any filter state, well within the stack. */
export const MAX_FILTER_DEPTH = 64;

/**
 * Canonical JSON text of a value: object keys sorted at every level and the separators and ASCII
 * escaping of Python's `json.dumps(value, sort_keys=True)`. Upstream hashes the request bytes, which
 * its own page sends in this form, so for such bodies our hashes equal upstream's; unlike upstream,
 * the same filters sent in another key order also get the same hash. Values nested deeper than
 * MAX_FILTER_DEPTH are a 400.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object' && depth >= MAX_FILTER_DEPTH) {
    throw badRequest(`The filter set is nested deeper than ${MAX_FILTER_DEPTH} levels.`, [
      { path: '/body', message: `nesting deeper than ${MAX_FILTER_DEPTH} levels`, code: 'too_deep' },
    ]);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, depth + 1)).join(', ')}]`;
  switch (typeof value) {
    case 'string':
      return asciiString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${asciiString(k)}: ${canonicalJson(record[k], depth + 1)}`).join(', ')}}`;
    }
    default:
      return 'null';
  }
}

function asciiString(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

