import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logger; `silent` in tests unless LOG_LEVEL says otherwise. */
export function createLogger(level: string, name = 'usas'): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
  });
}
