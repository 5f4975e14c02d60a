import http from 'node:http';
import { drainServer } from './drain';

function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` });
    }),
  );
}

describe('drainServer', () => {
  it('refuses new connections, finishes the request in flight, then resolves', async () => {
    let finish: () => void = () => undefined;
    let arrived: () => void = () => undefined;
    const inHandler = new Promise<void>((r) => (arrived = r));
    const { server, url } = await listen((_req, res) => {
      arrived();
      finish = () => res.end('done');
    });
    const inFlight = fetch(`${url}/slow`).then((r) => r.text());
    await inHandler;
    let drained = false;
    const draining = drainServer(server, 30_000).then(() => (drained = true));
    await expect(fetch(`${url}/new`)).rejects.toThrow();
    expect(drained).toBe(false);
    finish();
    expect(await inFlight).toBe('done');
    await draining;
    expect(drained).toBe(true);
  });

  it('closes connections still busy when the bound passes', async () => {
    let arrived: () => void = () => undefined;
    const inHandler = new Promise<void>((r) => (arrived = r));
    const { server, url } = await listen(() => arrived()); // never answers
    const stuck = fetch(`${url}/stuck`).then(
      () => 'answered',
      () => 'closed',
    );
    await inHandler;
    await drainServer(server, 200);
    expect(await stuck).toBe('closed');
  });
});
