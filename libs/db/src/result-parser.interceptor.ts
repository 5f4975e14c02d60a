import { SchemaValidationError, type Interceptor } from 'slonik';

/**
 * Makes `sql.type(zodSchema)` real: every row is parsed by the query's zod schema, so a query that
 * drifts from its declared shape fails loudly instead of leaking unexpected values. Parsing is
 * synchronous: the async hook costs a promise per row, which dominates on wide result sets.
 */
export function createResultParserInterceptor(): Interceptor {
  return {
    name: 'result-parser',
    transformRow: (queryContext, query, row) => {
      const { resultParser } = queryContext;
      if (!resultParser) return row;
      const result = resultParser.safeParse(row);
      if (!result.success) throw new SchemaValidationError(query, row, result.error.issues);
      return result.data as typeof row;
    },
  };
}
