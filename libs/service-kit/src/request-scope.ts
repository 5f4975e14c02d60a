import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler, Response } from 'express';

/** What a request's scope holds: its response, and its abort signal once somebody asked for it. */
interface Scope {
  res: Response;
  controller?: AbortController;
}

const scope = new AsyncLocalStorage<Scope>();

/**
 * Gives every request an AbortSignal that fires when the client goes away before the response is
 * complete, and makes it reachable from any code the request runs (`requestSignal()`), so the database
 * layer can cancel queries nobody waits for without every handler passing the signal along. The signal
 * (an AbortController and a 'close' listener) is made on first use only: most requests (cached
 * answers) never ask for it.
 */
export const requestScope: RequestHandler = (_req, res, next) => {
  scope.run({ res }, next);
};

const CONTROLLER = Symbol('request abort controller');

/** Aborts a scope's controller when its response closes before it was complete (the client left). */
function onClose(this: Response & { [CONTROLLER]?: AbortController }): void {
  if (!this.writableFinished) this[CONTROLLER]?.abort();
}

/** The abort signal of the request being served, or undefined outside a request. */
export function requestSignal(): AbortSignal | undefined {
  const s = scope.getStore();
  if (!s) return undefined;
  if (!s.controller) {
    const res = s.res as Response & { [CONTROLLER]?: AbortController };
    s.controller = new AbortController();
    // The response closes with the connection; before the response is complete that means the client left.
    if (res.closed) {
      if (!res.writableFinished) s.controller.abort();
    } else {
      res[CONTROLLER] = s.controller;
      res.once('close', onClose);
    }
  }
  return s.controller.signal;
}
