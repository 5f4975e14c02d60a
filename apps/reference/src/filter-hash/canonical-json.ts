/**
 * Canonical JSON text of a value: object keys sorted at every level and the separators and ASCII
 * escaping of Python's `json.dumps(value, sort_keys=True)`. Upstream hashes the request bytes, which
 * its own page sends in this form, so for such bodies our hashes equal upstream's; unlike upstream,
 * the same filters sent in another key order also get the same hash.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(', ')}]`;
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
      return `{${keys.map((k) => `${asciiString(k)}: ${canonicalJson(record[k])}`).join(', ')}}`;
    }
    default:
      return 'null';
  }
}

function asciiString(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

