import { openapiDocument } from '@usas/api-types';
import { EARLIEST_DATE_MESSAGE } from '@usas/filters';

/** Deprecation note of the `subawards` flag (upstream text of over_time, geography and the award endpoints). */
export const SUBAWARDS_DEPRECATION_MESSAGE =
  "The 'subawards' field will be deprecated in the future. Set 'spending_level' to 'subawards' instead. " +
  'See documentation for more information.';

/** The spending_by_category variant of the same note (upstream words it differently, curly quotes included). */
export const CATEGORY_SUBAWARDS_DEPRECATION_MESSAGE =
  "'subawards' will be deprecated in the future. Set ‘spending_level’ to ‘subawards’ instead. See documentation for more information. ";

/** spending_over_time explains why award and subaward levels can show periods outside the time filter. */
export const OVER_TIME_OVERLAP_MESSAGE =
  'You may see additional month, quarter and year results when searching for Awards or Subawards. This is due to ' +
  "Awards or Subawards overlapping with the time period specified but having an 'action date' outside of that time period.";

type SchemaNode = { $ref?: string; properties?: Record<string, unknown>; allOf?: SchemaNode[] };

/** Property names of the bundled AdvancedFilterObject schema, following the bundler's `$ref` aliases. */
function advancedFilterKeys(): Set<string> {
  const schemas = ((openapiDocument as { components?: { schemas?: Record<string, SchemaNode> } }).components?.schemas ?? {}) as Record<
    string,
    SchemaNode
  >;
  let node: SchemaNode | undefined = schemas.AdvancedFilterObject;
  for (let hops = 0; node?.$ref && hops < 5; hops += 1) node = schemas[node.$ref.split('/').pop() ?? ''];
  return new Set(Object.keys(node?.properties ?? {}));
}

const KNOWN_FILTER_KEYS = advancedFilterKeys();

/** Python-style set literal, as upstream prints the unused filter names: {'a', 'b'}. */
const pySet = (names: string[]) => `{${names.map((n) => `'${n}'`).join(', ')}}`;

/**
 * The `messages` of a search response: the earliest-date note first (every search response has it),
 * a note naming filters the endpoint did not use (unknown keys, or known ones it ignores), then extras.
 */
export function searchMessages(filters: object | undefined, extras: string[] = [], ignoredKeys: readonly string[] = []): string[] {
  const keys = Object.keys(filters ?? {});
  const unused = keys.filter((k) => !KNOWN_FILTER_KEYS.has(k) || ignoredKeys.includes(k)).sort();
  const messages = [EARLIEST_DATE_MESSAGE];
  if (unused.length > 0) {
    messages.push(
      `The following filters from the request were not used: ${pySet(unused)}. ` +
        'See https://api.usaspending.gov/docs/endpoints for a list of appropriate filters',
    );
  }
  return [...messages, ...extras];
}
