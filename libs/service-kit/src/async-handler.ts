import type { operations, RequestBody, ResponseBody } from '@usas/api-types';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * The request of an operation as its handler sees it: the body typed from the generated spec types
 * (the gateway has validated it against the spec before any app code runs; unknown fields are let
 * through untouched). Path parameters and the query stay express' strings.
 */
export type OperationRequest<Op extends keyof operations> = Request<Request['params'], ResponseBody<Op>, RequestBody<Op>>;

/**
 * Wraps an async route handler so a rejected promise reaches the error handler and the resolved
 * value is sent as JSON. Handlers return their body; they never call res.json themselves.
 *
 * `jsonHandler<'operationId'>(async (req) => ...)` types `req.body` as the operation's request body
 * and the returned value as its 200 response body (a union of operation ids gives the union of both,
 * for one handler serving several operations of the same shape). A second type argument names the
 * answer's type where one answer builder serves several operations whose 200 bodies the spec narrows
 * each (say, a `category` constant per path). Without type arguments the request is express' own and the
 * body type is inferred from the handler.
 */
export function jsonHandler<Op extends keyof operations = never, Answer = ResponseBody<Op>>(
  fn: (req: OperationRequest<Op>, res: Response) => Promise<Answer>,
): RequestHandler;
export function jsonHandler<TBody>(fn: (req: Request, res: Response) => Promise<TBody>): RequestHandler;
export function jsonHandler(fn: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).then(
      (body) => {
        if (!res.headersSent) res.json(body);
      },
      (error: unknown) => next(error),
    );
  };
}
