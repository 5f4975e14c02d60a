import http from 'node:http';
import { Writable } from 'node:stream';
import { badRequest } from '@usas/errors';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { jsonHandler } from './async-handler';
import { createHttpApp } from './http-app';
import { createMetrics } from './metrics';
import { markWarmUp } from './request-log';

function appWithLines() {
  const lines: Array<{ level: number; msg: string; req?: { id: string; url: string } }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l) as (typeof lines)[number]);
      done();
    },
  });
  const logger = pino({ level: 'debug' }, sink);
  const metrics = createMetrics({ defaultMetrics: false });
  const router = express.Router();
  router.get('/ok', jsonHandler(async () => ({ ok: true })));
  router.get('/bad', jsonHandler(async () => {
    throw badRequest('Invalid value in \'x\'.');
  }));
  const app = createHttpApp({ name: 'test', logger, metrics, ready: async () => undefined, routes: [router] });
  return { app, lines, metrics };
}

const levels = (lines: Array<{ level: number; msg: string; req?: { id: string } }>, id: string) =>
  lines.filter((l) => l.req?.id === id).map((l) => [pino.levels.labels[l.level], l.msg]);

describe('request logging', () => {
  it('logs every client request at info, whatever headers it sends', async () => {
    const { app, lines } = appWithLines();
    await request(app).get('/ok').set('x-request-id', 'client-1').set('x-warmup', '1').expect(200);
    await request(app).get('/bad').set('x-request-id', 'client-2').set('x-warmup', '1').expect(400);
    expect(levels(lines, 'client-1')).toEqual([['info', 'request completed']]);
    expect(levels(lines, 'client-2')).toEqual([['info', 'request rejected'], ['info', 'request completed']]);
  });

  it('writes the request line exactly as pino would', async () => {
    const raw: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const logger = pino({ name: 'test', base: { service: 'test' }, timestamp: () => ',"time":"fixed"' }, sink);
    const router = express.Router();
    router.get('/q', jsonHandler(async () => ({ ok: true })));
    router.get('/fails', jsonHandler(async () => {
      throw new Error('unexpected');
    }));
    const app = createHttpApp({ name: 'test', logger, metrics: createMetrics({ defaultMetrics: false }), ready: async () => undefined, routes: [router] });
    await request(app).get('/q?name=%22quoted%22\\&x=\u00e9').set('x-request-id', 'line-1').expect(200);
    await request(app).get('/fails').set('x-request-id', 'line-2').expect(500);
    // The error handler's own line about the failure is pino's; the request lines are the ones compared.
    const lines = raw.filter((text) => text.includes('"msg":"request completed"'));
    expect(lines).toHaveLength(2);
    const written = lines.map((text) => JSON.parse(text) as { req: { id: string; method: string; url: string }; res: { statusCode: number }; responseTime: number; msg: string });
    expect(written.map((w) => [w.req.id, w.req.url, w.res.statusCode, w.msg])).toEqual([
      ['line-1', '/q?name=%22quoted%22\\&x=%C3%A9', 200, 'request completed'],
      ['line-2', '/fails', 500, 'request completed'],
    ]);
    // pino's own text for the same fields (a 5xx at error level), written to the same sink.
    const before = raw.length;
    for (const w of written) logger[w.res.statusCode >= 500 ? 'error' : 'info']({ req: w.req, res: w.res, responseTime: w.responseTime }, w.msg);
    expect(raw.slice(before)).toEqual(lines);
  });

  it('logs the requests a server marks as its own warm-up at debug, and still counts them', async () => {
    const { app, lines, metrics } = appWithLines();
    const server = http.createServer((req, res) => {
      markWarmUp(req);
      app(req, res);
    });
    await request(server).get('/bad').set('x-request-id', 'warm-1').expect(400);
    expect(levels(lines, 'warm-1')).toEqual([['debug', 'request rejected'], ['debug', 'request completed']]);
    const counted = (await metrics.registry.getMetricsAsJSON()).flatMap((m) => (m.values as Array<{ labels: Record<string, string>; value: number }>) ?? []);
    expect(counted.some((v) => v.labels.status === '400' && v.value >= 1)).toBe(true);
  });
});
