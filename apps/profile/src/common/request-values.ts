import type { Request } from 'express';

/**
 * A query parameter value as the gateway validated it (Express 5 keeps query values as strings; the last one
 * wins when a parameter is repeated).
 */
export function queryValue(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (Array.isArray(value)) return value.length > 0 ? String(value[value.length - 1]) : undefined;
  return value === undefined || value === null ? undefined : String(value);
}

/** A path parameter (Express decodes percent-escapes). */
export function pathValue(req: Request, name: string): string {
  return String((req.params as Record<string, string | undefined>)[name] ?? '');
}
