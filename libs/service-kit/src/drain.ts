import type http from 'node:http';

/**
 * Stops accepting connections, lets in-flight requests finish for up to `timeoutMs`, then closes
 * whatever is left. Idle keep-alive connections are closed as soon as they become idle, so a client
 * holding one open cannot delay the exit.
 */
export function drainServer(server: http.Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
