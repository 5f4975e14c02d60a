import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

interface LoggedRequest {
  id?: string;
  log?: Logger;
  _log?: Logger;
}

/** The logger of a request (bound to its id, method and URL), or `fallback` outside a logged app. */
export function logOf(req: Request, fallback: Logger): Logger {
  return (req as Request & LoggedRequest).log ?? fallback;
}

/** Called once per finished response (not for a client that left first), with its latency in seconds. */
export type OnFinished = (req: Request, res: Response, seconds: number) => void;

/** What the one 'close' listener of a response needs, kept on the response instead of in a closure. */
const STATE = Symbol('request log state');
interface Observed {
  [STATE]: { req: Request; url: string; started: number };
}

const WARM_UP = Symbol('warm-up request');

/**
 * Marks a request the process sends itself at start (the gateway's validator warm-up). Such requests are
 * logged at debug instead of info, so a start does not print a line per operation; they are still logged and
 * counted. The mark is set by the server that receives them, so no client can set it.
 */
export function markWarmUp(req: object): void {
  (req as { [WARM_UP]?: true })[WARM_UP] = true;
}

/** Whether the process sent this request to itself at start (see markWarmUp). */
export function isWarmUp(req: object): boolean {
  return (req as { [WARM_UP]?: true })[WARM_UP] === true;
}

/**
 * Request ids and one JSON log line per request, the same lines pino-http wrote (`request completed`
 * with `req`, `res`, `responseTime`; `error` level for a 5xx; `request aborted` when the client left)
 * at a fraction of its cost: no child logger per request (`req.log` makes one only when something
 * logs about that request) and no line built when the level is off. The id comes from a well-formed
 * `x-request-id` header or is generated, and is echoed back. `onFinished` (metrics) runs from the same
 * single 'close' listener per response, which is a shared function, not a closure per request.
 */
export function requestLogging(app: Express, logger: Logger, onFinished?: OnFinished): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & LoggedRequest): Logger {
      this._log ??= logger.child({ req: { id: this.id, method: this.method, url: this.originalUrl } });
      return this._log;
    },
  });
  function onClose(this: Response & Observed): void {
    const { req, url, started } = this[STATE];
    const ms = performance.now() - started;
    const finished = this.writableFinished;
    if (finished && onFinished) onFinished(req, this, ms / 1e3);
    const level = isWarmUp(req) ? 'debug' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const line = { req: { id: (req as Request & LoggedRequest).id, method: req.method, url }, res: { statusCode: this.statusCode }, responseTime: ms };
    if (level === 'debug') logger.debug(line, finished ? 'request completed' : 'request aborted');
    else if (!finished) logger.info(line, 'request aborted');
    else if (this.statusCode >= 500) logger.error(line, 'request completed');
    else logger.info(line, 'request completed');
  }
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    (req as Request & LoggedRequest).id = id;
    res.setHeader('x-request-id', id);
    if (onFinished || logger.isLevelEnabled('info')) {
      (res as Response & Observed)[STATE] = { req, url: req.originalUrl, started: performance.now() };
      res.on('close', onClose);
    }
    next();
  };
}
