import type { RequestBody, ResponseBody } from '@usas/api-types';
import { ApiError, badRequest } from '@usas/errors';
import { AWARD_TYPE_GROUPS, awardTypeGroupOf, type AdvancedFilter, type AwardTypeGroup } from '@usas/filters';
import { jsonHandler } from '@usas/service-kit';
import { sql, type FragmentSqlToken } from 'slonik';
import { AWARD_FIELD_MAPS, AWARD_GROUP_LABELS, OBJECT_SORT_COLUMNS, SUBAWARD_FIELD_MAP, sortColumnType } from '../awards/award-fields';
import { buildAwardRow, buildSubawardRow, defcGroupCodes } from '../awards/award-rows';
import { searchMessages, SUBAWARDS_DEPRECATION_MESSAGE } from '../common/messages';
import { paging } from '../common/paging';
import type { SearchContext } from '../common/search-context';
import {
  agencyPages,
  awardTypeDescriptions,
  listAwards,
  listSubawards,
  type ListCursor,
  type ListSort,
} from '../queries/spending-by-award.query';

type Body = RequestBody<'spendingByAward'>;
type Response = ResponseBody<'spendingByAward'>;

/** Offset paging stops here; later rows need the search-after cursor (upstream ES max result window). */
export const MAX_RESULT_WINDOW = 50_000;

const GROUP_MESSAGE = "'award_type_codes' must only contain types from one group.";
const SUBAWARD_GROUPS: Record<'procurement' | 'assistance', AwardTypeGroup[]> = {
  procurement: ['contracts', 'idvs'],
  assistance: ['grants', 'direct_payments', 'loans', 'other_financial_assistance'],
};

/**
 * 422 for award types from several groups: the detail is the JSON object upstream answers with
 * (`message` and `award_type_groups`, each group listing its codes and descriptions).
 */
async function mixedGroupsError(ctx: SearchContext, subawards: boolean): Promise<ApiError> {
  const described = new Map((await awardTypeDescriptions(ctx.db)).map((r) => [r.code, r.description]));
  const listing = (groups: AwardTypeGroup[]) =>
    Object.fromEntries(groups.flatMap((g) => AWARD_TYPE_GROUPS[g].filter((code) => described.has(code)).map((code) => [code, described.get(code)])));
  const award_type_groups = subawards
    ? { procurement: listing(SUBAWARD_GROUPS.procurement), assistance: listing(SUBAWARD_GROUPS.assistance) }
    : Object.fromEntries((Object.keys(AWARD_TYPE_GROUPS) as AwardTypeGroup[]).map((g) => [g, listing([g])]));
  return new ApiError('unprocessable', JSON.stringify({ message: GROUP_MESSAGE, award_type_groups }), {
    errors: [{ path: '/body/filters/award_type_codes', message: GROUP_MESSAGE, code: 'award_type_groups' }],
  });
}

/** Subawards: all codes on one side of procurement / assistance. */
function subawardGroupOf(codes: readonly string[]): 'procurement' | 'assistance' | null {
  const groups = new Set(codes.filter((c) => c !== 'no intersection').map((c) => awardTypeGroupOf([c])));
  if (groups.has(null) || groups.size === 0) return null;
  for (const [side, members] of Object.entries(SUBAWARD_GROUPS) as Array<['procurement' | 'assistance', AwardTypeGroup[]]>) {
    if ([...groups].every((g) => members.includes(g!))) return side;
  }
  return null;
}

/** Reads the cursor pair; both or neither must be given, and the value must fit the sort column's type. */
function readCursor(body: Body, type: ListSort['type']): ListCursor | null {
  const id = body.last_record_unique_id ?? null;
  const raw = body.last_record_sort_value ?? null;
  if (id === null && raw === null) return null;
  if (id === null || raw === null) {
    throw badRequest('Using search-after paging requires both last_record_sort_value and last_record_unique_id.', [
      { path: id === null ? '/body/last_record_unique_id' : '/body/last_record_sort_value', message: 'required with its pair', code: 'required' },
    ]);
  }
  if (raw === 'None') return { value: null, id };
  const invalid = () =>
    badRequest(`Invalid last_record_sort_value '${raw}' for the sort field.`, [
      { path: '/body/last_record_sort_value', message: `expected a ${type} value`, code: 'format' },
    ]);
  if (type === 'numeric') {
    if (raw.trim() === '' || !Number.isFinite(Number(raw))) throw invalid();
    return { value: String(Number(raw)), id };
  }
  if (type === 'date') {
    // Elasticsearch cursors carry dates as epoch milliseconds; this service returns ISO dates.
    if (/^\d{10,}$/.test(raw)) return { value: new Date(Number(raw)).toISOString().slice(0, 10), id };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(raw))) throw invalid();
    return { value: raw, id };
  }
  return { value: raw, id };
}

/** SQL of a DEF code group's total (obligation or outlay) from spending_by_defc, for sorting. */
function defcTotalSql(codes: readonly string[], field: 'obligation' | 'outlay'): FragmentSqlToken {
  return sql.fragment`(SELECT coalesce(sum((e->>${field})::numeric), 0) FROM jsonb_array_elements(coalesce(spending_by_defc, '[]'::jsonb)) AS e
    WHERE e->>'defc' = ANY(${sql.array([...codes], 'text')}))`;
}

const DEFC_FIELDS: Record<string, { group: 'covid_19' | 'infrastructure'; field: 'obligation' | 'outlay' }> = {
  'COVID-19 Obligations': { group: 'covid_19', field: 'obligation' },
  'COVID-19 Outlays': { group: 'covid_19', field: 'outlay' },
  'Infrastructure Obligations': { group: 'infrastructure', field: 'obligation' },
  'Infrastructure Outlays': { group: 'infrastructure', field: 'outlay' },
};

/** Python's list repr, as upstream prints field lists in messages. */
const pyList = (items: readonly string[]) => `[${items.map((i) => `'${i}'`).join(', ')}]`;

/**
 * POST /api/v2/search/spending_by_award/. Validates the award type group and the sort field the way
 * upstream does, then lists awards (or subawards) from the base tables: an index on the default sort
 * (Award Amount) lets the first pages stop early; deep pages go through the search-after cursor.
 */
export const spendingByAwardRoute = (ctx: SearchContext) =>
  jsonHandler<'spendingByAward'>(async (req) => {
    const body = req.body;
    const subawards = body.subawards === true || body.spending_level === 'subawards';
    const level = subawards ? 'subawards' : 'awards';
    const page = paging(body);
    const fields = body.fields;
    const order = body.order ?? 'desc';
    const sortKey = body.sort ?? fields[0]!;
    const original = body.filters as AdvancedFilter & Record<string, unknown>;
    // recipient_id is not a filter of this endpoint upstream: reported as unused, not applied.
    const { recipient_id: _ignored, ...filters } = original;
    const messages = searchMessages(original, [SUBAWARDS_DEPRECATION_MESSAGE], ['recipient_id']);
    const empty = (): Response => ({
      spending_level: level,
      limit: page.limit,
      results: [],
      page_metadata: { page: page.page, hasNext: false, last_record_unique_id: null, last_record_sort_value: 'None' },
      messages,
    });
    const codes = filters.award_type_codes ?? [];
    if (codes.includes('no intersection')) return empty();

    // Group check and the field map the sort key is validated against.
    let fieldMap: Record<string, string | null>;
    let mapLabel: string;
    let group: AwardTypeGroup | null = null;
    if (subawards) {
      if (subawardGroupOf(codes) === null) throw await mixedGroupsError(ctx, true);
      fieldMap = SUBAWARD_FIELD_MAP;
      mapLabel = 'Sub-Award';
    } else {
      group = awardTypeGroupOf(codes);
      if (group === null) throw await mixedGroupsError(ctx, false);
      fieldMap = AWARD_FIELD_MAPS[group];
      mapLabel = AWARD_GROUP_LABELS[group];
    }

    const defcGroups = await defcGroupCodes(ctx, filters.def_codes);
    let sortColumn: string | null;
    let expression: FragmentSqlToken;
    const objectSort = OBJECT_SORT_COLUMNS[sortKey];
    if (objectSort) {
      sortColumn = subawards ? objectSort.subawards : objectSort.awards;
      expression = sortColumn ? sql.fragment`${sql.identifier([sortColumn])}` : sql.fragment`NULL::text`;
    } else {
      if (!(sortKey in fieldMap)) {
        throw badRequest(`Sort value '${sortKey}' not found in ${mapLabel} mappings: ${pyList(Object.keys(fieldMap))}`, [
          { path: '/body/sort', message: 'not a field of this award type group', code: 'enum' },
        ]);
      }
      if (!fields.includes(sortKey)) {
        throw badRequest(`Sort value '${sortKey}' not found in requested fields: ${pyList(fields)}`, [
          { path: '/body/sort', message: 'not one of the requested fields', code: 'enum' },
        ]);
      }
      sortColumn = fieldMap[sortKey] ?? null;
      const defc = DEFC_FIELDS[sortKey];
      if (defc) expression = defcTotalSql(defcGroups[defc.group], defc.field);
      else if (sortColumn === 'disaster_emergency_fund_codes') expression = sql.fragment`array_to_string(disaster_emergency_fund_codes, ',')`;
      else expression = sortColumn ? sql.fragment`${sql.identifier([sortColumn])}` : sql.fragment`NULL::text`;
    }
    const type = DEFC_FIELDS[sortKey] ? 'numeric' : sortColumn && sortColumn !== 'disaster_emergency_fund_codes' ? sortColumnType(sortColumn) : 'text';
    const sort: ListSort = { expression, type, order };

    const cursor = readCursor(body, type);
    if (cursor === null && page.offset >= MAX_RESULT_WINDOW) {
      throw new ApiError(
        'unprocessable',
        `Page #${page.page} with limit ${page.limit} is over the maximum result limit ${MAX_RESULT_WINDOW}. Please provide the ` +
          "'last_record_sort_value' and 'last_record_unique_id' to paginate sequentially.",
      );
    }
    const window = { limit: page.limit, offset: cursor ? 0 : page.offset, cursor };
    const where = await ctx.compile(filters, level);

    let results: Response['results'];
    let last: { id: number; sort: string | null } | undefined;
    let hasNext: boolean;
    if (subawards) {
      const rows = await listSubawards(ctx.db, where, sort, window);
      hasNext = rows.length > page.limit;
      const shown = rows.slice(0, page.limit);
      results = shown.map((r) => buildSubawardRow(r, fields)) as Response['results'];
      const tail = shown[shown.length - 1];
      if (tail) last = { id: tail.broker_subaward_id, sort: tail.sort_value };
    } else {
      const rows = await listAwards(ctx.db, where, group!, sort, window);
      hasNext = rows.length > page.limit;
      const shown = rows.slice(0, page.limit);
      const pages = fields.includes('Awarding Agency')
        ? await agencyPages(ctx.db, [...new Set(shown.map((r) => r.awarding_toptier_agency_code).filter((c): c is string => typeof c === 'string'))])
        : new Map();
      results = shown.map((r) => buildAwardRow(r, fields, group!, pages, defcGroups, filters.def_codes)) as Response['results'];
      const tail = shown[shown.length - 1];
      if (tail) last = { id: tail.award_id, sort: tail.sort_value };
    }
    return {
      spending_level: level,
      limit: page.limit,
      results,
      page_metadata: {
        page: page.page,
        hasNext,
        last_record_unique_id: hasNext && last ? last.id : null,
        last_record_sort_value: hasNext && last && last.sort !== null ? last.sort : 'None',
      },
      messages,
    };
  });
