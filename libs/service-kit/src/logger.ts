import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * JSON logger to stdout; `silent` in tests unless LOG_LEVEL says otherwise. Lines are written
 * asynchronously (a write in flight lets the next lines gather and go in one write, instead of one
 * blocking write per request line under load); pino flushes what is pending when the process exits.
 */
let lastMs = -1;
let lastTime = '';
let lastSecond = -1;
let secondText = '';

/**
 * pino's `isoTime`, made once per millisecond (under load several lines share one), and the date and time
 * up to the second formatted once per second: formatting a date is a good part of a line's cost.
 */
export function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    const ms = now % 1000;
    if (now - ms !== lastSecond) {
      lastSecond = now - ms;
      secondText = new Date(lastSecond).toISOString().slice(0, 20); // 2026-11-26T00:45:13.
    }
    lastTime = `,"time":"${secondText}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
  }
  return lastTime;
}

export function createLogger(level: string, name = 'usas'): Logger {
  return pino(
    {
      name,
      level,
      base: { service: name },
      timestamp: isoTime,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    },
    level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false }),
  );
}
