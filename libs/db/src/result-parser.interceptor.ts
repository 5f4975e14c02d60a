import { SchemaValidationError, type Interceptor } from 'slonik';

/**
 * Makes `sql.type(zodSchema)` real: every row is parsed by the query's zod schema, so a query that
 * drifts from its declared shape fails loudly instead of leaking unexpected values.
 */
export function createResultParserInterceptor(): Interceptor {
  return {
    name: 'result-parser',
    transformRowAsync: async (queryContext, query, row) => {
      const { resultParser } = queryContext;
      if (!resultParser) return row;
      const result = await resultParser.safeParseAsync(row);
      if (!result.success) throw new SchemaValidationError(query, row, result.error.issues);
      return result.data as typeof row;
    },
  };
}
