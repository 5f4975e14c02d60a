import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Wraps an async route handler so a rejected promise reaches the error handler and the resolved
 * value is sent as JSON. Handlers return their body; they never call res.json themselves.
 */
export function jsonHandler<TBody>(fn: (req: Request, res: Response) => Promise<TBody>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).then(
      (body) => {
        if (!res.headersSent) res.json(body);
      },
      (error: unknown) => next(error),
    );
  };
}
