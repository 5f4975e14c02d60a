import { ApiError } from '@usas/errors';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { createErrorHandler } from './error-handler';

function fakeLogger() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => lines.push({ level, obj, msg });
  return { lines, logger: { warn: at('warn'), error: at('error'), info: at('info') } as unknown as Logger };
}

function fakeResponse() {
  const sent: Array<{ status: number; body: unknown }> = [];
  let status = 200;
  const res = {
    headersSent: false,
    status(s: number) {
      status = s;
      return res;
    },
    json(body: unknown) {
      sent.push({ status, body });
      return res;
    },
  };
  return { sent, res: res as unknown as Response };
}

describe('error handler during an outage', () => {
  it('answers every 503 but logs one line per interval', () => {
    const { lines, logger } = fakeLogger();
    const handler = createErrorHandler(logger);
    const { sent, res } = fakeResponse();
    const req = { headers: {} } as Request;
    for (let i = 0; i < 50; i++) handler(new ApiError('service_unavailable', 'The database is unavailable; try again shortly.'), req, res, () => undefined);
    expect(sent).toHaveLength(50);
    expect(sent[49]).toEqual({ status: 503, body: { detail: 'The database is unavailable; try again shortly.', errors: [] } });
    expect(lines.map((l) => [l.level, l.msg, l.obj.suppressed])).toEqual([['warn', 'request failed: service unavailable', 0]]);

    // Other 5xx are still logged one by one.
    handler(new Error('boom'), req, res, () => undefined);
    handler(new Error('boom'), req, res, () => undefined);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(2);
  });
});
