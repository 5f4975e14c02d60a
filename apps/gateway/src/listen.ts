import http from 'node:http';
import type { Express } from 'express';
import { answerClientErrors, type Logger } from '@usas/service-kit';

export interface RunningServer {
  server: http.Server;
  url: string;
  close: () => Promise<void>;
}

/** Listens and returns a closer that stops accepting, lets in-flight requests finish, then resolves. */
export async function listen(app: Express, port: number, host: string, logger: Logger): Promise<RunningServer> {
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const url = `http://${shownHost}:${actualPort}`;
  logger.debug({ url }, 'listening');
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      }),
  };
}
