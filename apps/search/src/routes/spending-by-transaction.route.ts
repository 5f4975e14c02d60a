import type { RequestBody, ResponseBody } from '@usas/api-types';
import { ApiError, badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import { sql, type FragmentSqlToken } from 'slonik';
import { searchMessages } from '../common/messages';
import { pageMetadata, paging } from '../common/paging';
import type { SearchContext } from '../common/search-context';
import { slugify } from '../common/slugify';
import { awardDates, listTransactions, type TransactionRow } from '../queries/spending-by-transaction.query';
import { MAX_RESULT_WINDOW } from './spending-by-award.route';

type Body = RequestBody<'spendingByTransaction'>;
type Response = ResponseBody<'spendingByTransaction'>;
type Field = Body['fields'][number];

const col = (name: string) => sql.fragment`${sql.identifier([name])}`;
/** A date of the transaction's award, for sorting on Issued Date / Last Date to Order. */
const awardColumn = (name: string) =>
  sql.fragment`(SELECT a.${sql.identifier([name])} FROM award_search AS a WHERE a.award_id = transaction_search.award_id)`;

/** Sort expression of each field (composite fields sort by their first part, as upstream's first sort key). */
const SORT: Record<Field, FragmentSqlToken> = {
  'Action Date': col('action_date'),
  'Action Type': col('action_type'),
  'Assistance Listing': col('cfda_number'),
  'Award ID': col('display_award_id'),
  'Award Type': col('type_description'),
  'Awarding Agency': col('awarding_toptier_agency_name'),
  'Awarding Sub Agency': col('awarding_subtier_agency_name'),
  awarding_agency_id: col('awarding_agency_id'),
  awarding_agency_slug: col('awarding_toptier_agency_name'),
  'Funding Agency': col('funding_toptier_agency_name'),
  'Funding Sub Agency': col('funding_subtier_agency_name'),
  funding_agency_slug: col('funding_toptier_agency_name'),
  internal_id: col('award_id'),
  generated_internal_id: col('generated_unique_award_id'),
  'Issued Date': awardColumn('period_of_performance_start_date'),
  'Last Date to Order': awardColumn('ordering_period_end_date'),
  'Loan Value': col('face_value_loan_guarantee'),
  Mod: col('modification_number'),
  NAICS: col('naics_code'),
  PSC: col('product_or_service_code'),
  'Primary Place of Performance': col('pop_city_name'),
  recipient_id: col('recipient_hash'),
  'Recipient Location': col('recipient_location_city_name'),
  'Recipient Name': col('recipient_name'),
  'Recipient UEI': col('recipient_uei'),
  'Subsidy Cost': col('original_loan_subsidy_cost'),
  'Transaction Amount': col('federal_action_obligation'),
  'Transaction Description': col('transaction_description'),
  def_codes: sql.fragment`array_to_string(disaster_emergency_fund_codes, ',')`,
};

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Single preferred level of a transaction's recipient: child, then parent, then recipient without parent. */
function recipientId(r: TransactionRow): string | null {
  const levels = r.recipient_levels ?? [];
  const level = ['C', 'P', 'R'].find((l) => levels.includes(l));
  return r.recipient_hash && level ? `${String(r.recipient_hash)}-${level}` : null;
}

function fieldValue(field: Field, r: TransactionRow, dates: Awaited<ReturnType<typeof awardDates>>): unknown {
  switch (field) {
    case 'Action Date':
      return str(r.action_date);
    case 'Action Type':
      return str(r.action_type);
    case 'Assistance Listing':
      return { cfda_number: str(r.cfda_number), cfda_title: str(r.cfda_title) };
    case 'Award ID':
      return str(r.display_award_id);
    case 'Award Type':
      return str(r.type_description);
    case 'Awarding Agency':
      return str(r.awarding_toptier_agency_name);
    case 'Awarding Sub Agency':
      return str(r.awarding_subtier_agency_name);
    case 'awarding_agency_id':
      return r.awarding_agency_id;
    case 'awarding_agency_slug':
      return r.awarding_toptier_agency_name ? slugify(String(r.awarding_toptier_agency_name)) : null;
    case 'Funding Agency':
      return str(r.funding_toptier_agency_name);
    case 'Funding Sub Agency':
      return str(r.funding_subtier_agency_name);
    case 'funding_agency_slug':
      return r.funding_toptier_agency_name ? slugify(String(r.funding_toptier_agency_name)) : null;
    case 'internal_id':
      return r.award_id;
    case 'generated_internal_id':
      return r.generated_unique_award_id;
    case 'Issued Date':
      return dates.get(r.award_id)?.period_of_performance_start_date ?? null;
    case 'Last Date to Order':
      return dates.get(r.award_id)?.ordering_period_end_date ?? null;
    case 'Loan Value':
      return r.face_value_loan_guarantee ?? null;
    case 'Mod':
      return str(r.modification_number);
    case 'NAICS':
      return { code: str(r.naics_code), description: str(r.naics_description) };
    case 'PSC':
      return { code: str(r.product_or_service_code), description: str(r.product_or_service_description) };
    case 'Primary Place of Performance':
      return {
        location_country_code: str(r.pop_country_code),
        country_name: str(r.pop_country_name),
        state_code: str(r.pop_state_code),
        state_name: str(r.pop_state_name),
        city_name: str(r.pop_city_name),
        county_code: str(r.pop_county_code),
        county_name: str(r.pop_county_name),
        congressional_code: str(r.pop_congressional_code),
        zip4: null,
        zip5: str(r.pop_zip5),
      };
    case 'recipient_id':
      return recipientId(r);
    case 'Recipient Location':
      return {
        location_country_code: str(r.recipient_location_country_code),
        country_name: str(r.recipient_location_country_name),
        state_code: str(r.recipient_location_state_code),
        state_name: str(r.recipient_location_state_name),
        city_name: str(r.recipient_location_city_name),
        county_code: str(r.recipient_location_county_code),
        county_name: str(r.recipient_location_county_name),
        address_line1: str(r.recipient_location_address_line1),
        address_line2: null,
        address_line3: null,
        congressional_code: str(r.recipient_location_congressional_code),
        zip4: null,
        zip5: str(r.recipient_location_zip5),
        foreign_postal_code: null,
        foreign_province: str(r.recipient_location_foreign_province),
      };
    case 'Recipient Name':
      return str(r.recipient_name);
    case 'Recipient UEI':
      return str(r.recipient_uei);
    case 'Subsidy Cost':
      return r.original_loan_subsidy_cost ?? null;
    case 'Transaction Amount':
      return r.federal_action_obligation ?? null;
    case 'Transaction Description':
      return str(r.transaction_description);
    case 'def_codes':
      return r.disaster_emergency_fund_codes;
  }
}

/**
 * POST /api/v2/search/spending_by_transaction/. A page of transactions with the requested fields; the
 * (federal_action_obligation, transaction_id) index serves the default Transaction Amount order.
 */
export const spendingByTransactionRoute = (ctx: SearchContext) =>
  jsonHandler<'spendingByTransaction'>(async (req) => {
    const body = req.body;
    const page = paging(body);
    const order = body.order ?? 'desc';
    if (page.offset >= MAX_RESULT_WINDOW) {
      throw new ApiError(
        'unprocessable',
        `Page #${page.page} of size ${page.limit} is over the maximum result limit (${MAX_RESULT_WINDOW}). ` +
          'Consider using custom data downloads to obtain large data sets.',
      );
    }
    if (!body.fields.includes(body.sort)) {
      throw badRequest(`Sort value not found in fields: ${body.sort}`, [{ path: '/body/sort', message: 'not one of the requested fields', code: 'enum' }]);
    }
    const messages = searchMessages(body.filters);
    if ((body.filters.award_type_codes ?? []).includes('no intersection')) {
      return { limit: page.limit, results: [], page_metadata: pageMetadata(0, { ...page, page: page.page }), messages };
    }
    const where = await ctx.compile(body.filters, 'transactions');
    const rows = await listTransactions(ctx.db, where, { expression: SORT[body.sort], type: 'text', order }, page);
    const shown = rows.slice(0, page.limit);
    const needsDates = body.fields.some((f) => f === 'Issued Date' || f === 'Last Date to Order');
    const dates = needsDates ? await awardDates(ctx.db, [...new Set(shown.map((r) => r.award_id))]) : new Map();
    const results = shown.map((r) => {
      const row: Record<string, unknown> = {};
      for (const field of body.fields) row[field] = fieldValue(field, r, dates);
      row.generated_internal_id = r.generated_unique_award_id;
      row.internal_id = r.award_id;
      return row;
    });
    return { limit: page.limit, results: results as Response['results'], page_metadata: pageMetadata(rows.length, page), messages };
  });
