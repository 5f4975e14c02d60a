/**
 * Every value a client sends is bounded in the spec: each array of a request (body, query or path) has
 * a maxItems, each free string a maxLength, each number a maximum, so validation stops oversized input
 * before it reaches a handler or PostgreSQL's parameter limit. (The filter-hash body of
 * /references/filter/ is stored as given, bounded by its 512 KB limit, and is not walked here.)
 */
import { openapiDocument } from '@usas/api-types';

type Schema = Record<string, unknown>;
const doc = openapiDocument as unknown as Schema;
const UNBOUNDED_BODIES = new Set(['createFilterHash']);

function resolve(s: unknown): Schema {
  let node = (s ?? {}) as Schema;
  while (typeof node.$ref === 'string') {
    node = (node.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<Schema>((acc, p) => (acc[p] ?? {}) as Schema, doc);
  }
  return node;
}

function unbounded(raw: unknown, where: string, out: string[], seen = new Set<unknown>()): void {
  const s = resolve(raw);
  if (seen.has(s)) return;
  seen.add(s);
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  if ((types.includes('array') || s.items) && s.maxItems === undefined) out.push(`${where}: array without maxItems`);
  if (types.includes('string') && s.maxLength === undefined && s.enum === undefined && s.const === undefined) out.push(`${where}: string without maxLength`);
  if ((types.includes('integer') || types.includes('number')) && s.maximum === undefined && s.enum === undefined) out.push(`${where}: number without maximum`);
  for (const [k, v] of Object.entries((s.properties ?? {}) as Schema)) unbounded(v, `${where}.${k}`, out, seen);
  if (s.items) unbounded(s.items, `${where}[]`, out, seen);
  for (const key of ['allOf', 'anyOf', 'oneOf']) for (const sub of (s[key] as unknown[] | undefined) ?? []) unbounded(sub, where, out, seen);
}

describe('request limits in the spec', () => {
  it('bound every array, string and number a client sends', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
      for (const method of ['get', 'post']) {
        const op = item[method] as Schema | undefined;
        if (!op) continue;
        checked += 1;
        for (const p of [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])]) {
          const param = resolve(p);
          unbounded(param.schema, `${method} ${path} ${String(param.in)} ${String(param.name)}`, problems);
        }
        if (UNBOUNDED_BODIES.has(String(op.operationId))) continue;
        const body = ((op.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined)?.['application/json']?.schema;
        if (body) unbounded(body, `${method} ${path} body`, problems);
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(problems).toEqual([]);
  });

  it('document each limit in the field description', () => {
    const filters = resolve({ $ref: '#/components/schemas/advanced-filter-object' }).properties as Record<string, Schema>;
    expect(filters.keywords).toMatchObject({ maxItems: 100, description: expect.stringMatching(/At most 100 items of at most 1,000 characters\.$/) });
    expect(filters.award_ids).toMatchObject({ maxItems: 1000, description: expect.stringMatching(/At most 1,000 items/) });
  });
});
