import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

const scope = new AsyncLocalStorage<AbortSignal>();

/**
 * Gives every request an AbortSignal that fires when the client goes away before the response is
 * complete, and makes it reachable from any code the request runs (`requestSignal()`), so the database
 * layer can cancel queries nobody waits for without every handler passing the signal along.
 */
export const requestScope: RequestHandler = (_req, res, next) => {
  const controller = new AbortController();
  // The response closes with the connection; before the response is complete that means the client left.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  scope.run(controller.signal, () => next());
};

/** The abort signal of the request being served, or undefined outside a request. */
export function requestSignal(): AbortSignal | undefined {
  return scope.getStore();
}
