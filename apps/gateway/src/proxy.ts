import { ApiError } from '@usas/errors';
import type { Request, RequestHandler } from 'express';
import { Pool } from 'undici';

export type AppName = 'reference' | 'search' | 'profile' | 'download';

export interface UpstreamOptions {
  urls: Partial<Record<AppName, string>>;
  timeoutMs: number;
}

const FORWARDED_HEADERS = ['accept', 'accept-encoding', 'x-request-id', 'user-agent'];

function appOf(req: Request): AppName | undefined {
  const op = (req as Request & { openapi?: { schema?: { 'x-app'?: AppName } } }).openapi?.schema;
  return op?.['x-app'];
}

const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'UND_ERR_SOCKET', 'ECONNRESET', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Split mode: forwards each validated request to the app that owns its operation (`x-app` in the
 * spec) over a keep-alive undici Pool. The body sent on is the validated one, defaults applied.
 * An app that cannot be reached is 503; one that fails mid-request or times out is 502.
 */
export function createProxy(options: UpstreamOptions): { handler: RequestHandler; close: () => Promise<void> } {
  const pools = new Map<AppName, Pool>();
  for (const [name, url] of Object.entries(options.urls) as Array<[AppName, string | undefined]>) {
    if (url) pools.set(name, new Pool(url, { connections: 32, pipelining: 1, keepAliveTimeout: 30_000 }));
  }
  const handler: RequestHandler = async (req, res, next) => {
    const app = appOf(req);
    if (!app) return next();
    const pool = pools.get(app);
    if (!pool) return next(new ApiError('service_unavailable', `The ${app} service is not configured.`));
    const headers: Record<string, string> = {};
    for (const h of FORWARDED_HEADERS) {
      const v = req.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    // The address the client used, for links an app returns (download status and file URLs).
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    headers['x-forwarded-proto'] = req.protocol;
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    if (hasBody) headers['content-type'] = 'application/json';
    try {
      const upstream = await pool.request({
        path: req.url,
        method: req.method as 'GET' | 'POST',
        headers,
        body: hasBody ? JSON.stringify(req.body ?? {}) : undefined,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      res.status(upstream.statusCode);
      // The app compressed the body when the client accepts it (accept-encoding is forwarded).
      for (const h of ['content-type', 'content-disposition', 'content-length', 'content-encoding', 'vary', 'cache-control', 'retry-after']) {
        const v = upstream.headers[h];
        if (typeof v === 'string') res.setHeader(h, v);
      }
      for await (const chunk of upstream.body) res.write(chunk);
      res.end();
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (res.headersSent) {
        res.destroy(error as Error);
        return;
      }
      if (CONNECT_ERRORS.has(code)) next(new ApiError('service_unavailable', `The ${app} service is unavailable.`, { cause: error }));
      else next(new ApiError('bad_gateway', `The ${app} service did not answer properly.`, { cause: error }));
    }
  };
  return {
    handler,
    close: async () => {
      await Promise.all([...pools.values()].map((p) => p.close()));
    },
  };
}
