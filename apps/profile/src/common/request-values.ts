import type { Request } from 'express';

/**
 * Query parameter values as the gateway validated them. The validator checks types against the spec
 * but, under Express 5, the parsed query object still holds strings, so numbers and booleans are read
 * here (the spec guarantees they parse).
 */
export function queryValue(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (Array.isArray(value)) return value.length > 0 ? String(value[value.length - 1]) : undefined;
  return value === undefined || value === null ? undefined : String(value);
}

/** An integer query parameter, or `fallback` when absent. */
export function queryInt(req: Request, name: string, fallback: number): number;
export function queryInt(req: Request, name: string): number | undefined;
export function queryInt(req: Request, name: string, fallback?: number): number | undefined {
  const raw = queryValue(req, name);
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** A path parameter (Express decodes percent-escapes). */
export function pathValue(req: Request, name: string): string {
  return String((req.params as Record<string, string | undefined>)[name] ?? '');
}

/** The cache key of a request: the route plus the values it depends on. */
export function cacheKey(route: string, values: unknown): string {
  return `${route}\u0000${JSON.stringify(values)}`;
}
