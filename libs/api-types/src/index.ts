import openapiDocumentJson from '../generated/openapi.json';
import type { components, operations, paths } from '../generated/openapi';

export type { components, operations, paths };

/** The bundled OpenAPI document (generated from openapi/ by `npm run codegen`). */
export const openapiDocument = openapiDocumentJson as unknown as Record<string, unknown> & {
  paths: Record<string, Record<string, { operationId?: string; 'x-app'?: string }>>;
};

/** Request body type of an operation. */
export type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** JSON body of the 200 response of an operation. */
export type ResponseBody<Op extends keyof operations> = operations[Op] extends {
  responses: { 200: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

/** Query parameters of an operation. */
export type QueryParams<Op extends keyof operations> = operations[Op] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

/** Path parameters of an operation. */
export type PathParams<Op extends keyof operations> = operations[Op] extends { parameters: { path?: infer P } }
  ? NonNullable<P>
  : never;

/** Names of the schemas under components. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
