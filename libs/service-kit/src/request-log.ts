import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Express, Request, RequestHandler, Response } from 'express';
import pino, { type Logger } from 'pino';

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

type LineLevel = 'debug' | 'info' | 'error';

/** What pino keeps on a logger to build its lines (`pino.symbols`, public). */
interface PinoInternals {
  [key: symbol]: unknown;
}

/**
 * A writer of the request line in the exact text pino writes for `logger[level](line, msg)` (level,
 * time, the logger's bindings, then the fields and `msg`), put together from a template instead of
 * pino's walk over the object, and handed to the logger's own stream. The fields are known: the
 * request id is checked against REQUEST_ID or generated, the method is an HTTP token, the status and
 * the time are numbers; only the URL needs JSON escaping. Undefined when the logger is not a plain
 * pino logger with those parts (say, a test double): then the line goes through pino as usual.
 */
function requestLineWriter(logger: Logger): ((level: LineLevel, id: string, method: string, url: string, status: number, ms: number, msg: string) => void) | undefined {
  const own = logger as unknown as PinoInternals;
  const stream = own[pino.symbols.streamSym] as { write?: (line: string) => unknown } | undefined;
  const time = own[pino.symbols.timeSym] as (() => string) | undefined;
  const bindings = own[pino.symbols.chindingsSym];
  const levels = own[pino.symbols.lsCacheSym] as Record<number, string> | undefined;
  const hooked = Boolean(own[pino.symbols.mixinSym]) || Boolean((own[pino.symbols.hooksSym] as { logMethod?: unknown } | undefined)?.logMethod);
  if (typeof stream?.write !== 'function' || typeof time !== 'function' || typeof bindings !== 'string' || !levels || hooked) return undefined;
  if (own[pino.symbols.messageKeySym] !== 'msg' || own[pino.symbols.endSym] !== '}\n') return undefined;
  const write = stream.write.bind(stream);
  const prefix = { debug: levels[pino.levels.values.debug as number], info: levels[pino.levels.values.info as number], error: levels[pino.levels.values.error as number] };
  return (level, id, method, url, status, ms, msg) => {
    write(
      `${prefix[level]}${time()}${bindings},"req":{"id":"${id}","method":"${method}","url":${JSON.stringify(url)}},` +
        `"res":{"statusCode":${status}},"responseTime":${ms},"msg":"${msg}"}\n`,
    );
  };
}

/**
 * Request ids and one JSON log line per request, the same lines pino-http wrote (`request completed`
 * with `req`, `res`, `responseTime`; `error` level for a 5xx; `request aborted` when the client left)
 * at a fraction of its cost: no child logger per request (`req.log` makes one only when something
 * logs about that request) and no line built when the level is off. The id comes from a well-formed
 * `x-request-id` header or is generated, and is echoed back. `onFinished` (metrics) runs from the same
 * single 'close' listener per response, which is a shared function, not a closure per request. The line
 * itself is written from a template (see requestLineWriter), the same text pino would write.
 */
export function requestLogging(app: Express, logger: Logger, onFinished?: OnFinished): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & LoggedRequest): Logger {
      this._log ??= logger.child({ req: { id: this.id, method: this.method, url: this.originalUrl } });
      return this._log;
    },
  });
  const writeLine = requestLineWriter(logger);
  function onClose(this: Response & Observed): void {
    const { req, url, started } = this[STATE];
    const ms = performance.now() - started;
    const finished = this.writableFinished;
    if (finished && onFinished) onFinished(req, this, ms / 1e3);
    const level = isWarmUp(req) ? 'debug' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    if (writeLine) {
      const msg = finished ? 'request completed' : 'request aborted';
      const lineLevel: LineLevel = level === 'info' && finished && this.statusCode >= 500 ? 'error' : level;
      writeLine(lineLevel, (req as Request & LoggedRequest).id as string, req.method, url, this.statusCode, ms, msg);
      return;
    }
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
