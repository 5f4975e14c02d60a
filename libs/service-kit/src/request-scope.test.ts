import http from 'node:http';
import express from 'express';
import { requestScope, requestSignal } from './request-scope';

describe('requestSignal', () => {
  it('is undefined outside a request', () => {
    expect(requestSignal()).toBeUndefined();
  });

  it('fires when the client leaves before the answer, and not after a complete one', async () => {
    const signals: AbortSignal[] = [];
    let aborted!: () => void;
    const abortedOnce = new Promise<void>((resolve) => (aborted = resolve));
    const app = express();
    app.use(requestScope);
    app.get('/slow', (_req, _res) => {
      const signal = requestSignal();
      if (signal) signal.addEventListener('abort', () => aborted());
    });
    app.get('/fast', (_req, res) => {
      const signal = requestSignal();
      if (signal) signals.push(signal);
      expect(requestSignal()).toBe(signal); // the same signal for the whole request
      res.json({ ok: true });
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      expect((await fetch(`${base}/fast`)).status).toBe(200);
      const controller = new AbortController();
      const slow = fetch(`${base}/slow`, { signal: controller.signal }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
      controller.abort();
      await slow;
      await abortedOnce;
      expect(signals).toHaveLength(1);
      expect(signals[0]?.aborted).toBe(false);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
