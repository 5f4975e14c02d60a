import type { ResponseBody } from '@usas/api-types';
import { notFound } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { resolveAward } from '../common/award-ref';
import { businessCategoryName } from '../common/business-categories';
import { contractDetails } from '../common/contract-details';
import { pathValue } from '../common/request-values';
import {
  findNaicsCodes,
  findPscCodes,
  getAwardProfile,
  listAwardCfdas,
  type AwardProfileRow,
  type CodeRow,
} from '../queries/award-profile.query';

type Award = ResponseBody<'getAward'>;
type Leaf = { code?: string; description?: string };

const LOCATION_KEYS = ['address_line1', 'address_line2', 'address_line3', 'foreign_province', 'city_name', 'county_code',
  'county_name', 'state_code', 'state_name', 'zip5', 'zip4', 'foreign_postal_code', 'country_name', 'location_country_code',
  'congressional_code'] as const;

function location(values: Record<string, string | null>): Award['place_of_performance'] {
  return Object.fromEntries(LOCATION_KEYS.map((k) => [k, values[k] ?? null])) as Award['place_of_performance'];
}

function agency(row: AwardProfileRow['awarding_agency']): Award['funding_agency'] {
  if (!row) return null;
  return {
    id: row.id,
    has_agency_page: row.has_agency_page,
    toptier_agency: row.toptier_code
      ? { name: row.toptier_name, code: row.toptier_code, abbreviation: row.toptier_abbreviation, slug: row.toptier_slug }
      : null,
    subtier_agency: row.subtier_code
      ? { name: row.subtier_name, code: row.subtier_code, abbreviation: row.subtier_abbreviation }
      : null,
    office_agency_name: row.office_agency_name,
  };
}

function leaf(rows: readonly CodeRow[], code: string | undefined): Leaf {
  const row = code === undefined ? undefined : rows.find((r) => r.code === code);
  return row ? { code: row.code, ...(row.description === null ? {} : { description: row.description }) } : {};
}

/** NAICS levels: sector (2 digits), industry group (4 digits), the code itself. */
async function naicsHierarchy(db: CommonQueryMethods, code: string | null): Promise<NonNullable<Award['naics_hierarchy']>> {
  if (!code) return { toptier_code: {}, midtier_code: {}, base_code: {} };
  const rows = await findNaicsCodes(db, [code.slice(0, 2), code.slice(0, 4), code]);
  return { toptier_code: leaf(rows, code.slice(0, 2)), midtier_code: leaf(rows, code.slice(0, 4)), base_code: leaf(rows, code) };
}

/**
 * PSC levels: products (numeric codes) have a 2-character group and the code; services and R&D (letters)
 * have a 1-character category, 2- and 3-character groups and the code. A level the PSC table lacks is empty.
 */
async function pscHierarchy(db: CommonQueryMethods, code: string | null): Promise<NonNullable<Award['psc_hierarchy']>> {
  const empty = { toptier_code: {}, midtier_code: {}, subtier_code: {}, base_code: {} };
  if (!code) return empty;
  const rows = await findPscCodes(db, [code.slice(0, 1), code.slice(0, 2), code.slice(0, 3), code]);
  const product = /^[0-9]/.test(code);
  return {
    toptier_code: product || code.length <= 1 ? {} : leaf(rows, code.slice(0, 1)),
    midtier_code: code.length <= 2 ? {} : leaf(rows, code.slice(0, 2)),
    subtier_code: product || code.length <= 3 ? {} : leaf(rows, code.slice(0, 3)),
    base_code: leaf(rows, code),
  };
}

function officers(row: AwardProfileRow): NonNullable<Award['executive_details']>['officers'] {
  const list = (row.officers ?? []).slice(0, 5).map((o) => ({ name: o.name, amount: o.amount }));
  while (list.length < 5) list.push({ name: null, amount: null });
  return list;
}

function textOf(detail: Record<string, unknown> | null, key: string): string | null {
  const v = detail?.[key];
  return v === undefined || v === null ? null : String(v);
}

/** GET /api/v2/awards/{award_id}/: the award profile of a contract, IDV or assistance award. */
export const awardRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<Award> => {
    const ref = await resolveAward(db, pathValue(req, 'award_id'));
    const row = await getAwardProfile(db, ref.award_id);
    if (!row) throw notFound(`No award with id '${pathValue(req, 'award_id')}'.`);
    const common: Award = {
      id: row.id,
      generated_unique_award_id: row.generated_unique_award_id,
      category: row.category,
      type: row.type,
      type_description: row.type_description,
      description: row.description,
      total_obligation: row.total_obligation,
      base_exercised_options: row.base_exercised_options,
      base_and_all_options: row.base_and_all_options,
      date_signed: row.date_signed,
      subaward_count: row.subaward_count,
      total_subaward_amount: row.total_subaward_amount,
      awarding_agency: agency(row.awarding_agency),
      funding_agency: agency(row.funding_agency),
      recipient: {
        recipient_name: row.recipient_name,
        recipient_hash: row.recipient_hash,
        recipient_uei: row.recipient_uei,
        recipient_unique_id: row.recipient_unique_id,
        parent_recipient_name: row.parent_recipient_name,
        parent_recipient_hash: row.parent_recipient_hash,
        parent_recipient_uei: row.parent_recipient_uei,
        parent_recipient_unique_id: row.parent_recipient_unique_id,
        location: location(row.recipient_location),
        business_categories: (row.business_categories ?? []).map(businessCategoryName).sort(),
      },
      period_of_performance: {
        start_date: row.start_date,
        end_date: row.end_date,
        last_modified_date: row.last_modified_date,
        ...(row.category === 'contract' || row.category === 'idv' ? { potential_end_date: row.potential_end_date } : {}),
      },
      place_of_performance: location(row.place_of_performance),
      executive_details: { officers: officers(row) },
      total_account_outlay: row.total_account_outlay,
      total_account_obligation: row.total_account_obligation,
      account_obligations_by_defc: row.account_obligations_by_defc,
      account_outlays_by_defc: row.account_outlays_by_defc,
      total_outlay: row.has_file_c ? row.total_account_outlay : null,
    };
    if (row.category === 'contract' || row.category === 'idv') {
      const [naics, psc] = await Promise.all([naicsHierarchy(db, row.naics_code), pscHierarchy(db, row.psc_code)]);
      return {
        ...common,
        piid: row.piid,
        parent_award: row.parent_award,
        latest_transaction_contract_data: contractDetails(row),
        naics_hierarchy: naics,
        psc_hierarchy: psc,
      };
    }
    const cfdas = await listAwardCfdas(db, row.id);
    const opportunity = {
      number: textOf(row.latest_detail, 'funding_opportunity_number'),
      goals: textOf(row.latest_detail, 'funding_opportunity_goals'),
    };
    const recordType = textOf(row.latest_detail, 'record_type_code');
    return {
      ...common,
      fain: row.fain,
      uri: row.uri,
      record_type: recordType !== null && /^\d+$/.test(recordType) ? Number(recordType) : null,
      transaction_obligated_amount: row.has_file_c ? row.total_account_obligation : null,
      total_subsidy_cost: row.category === 'loans' ? row.total_subsidy_cost : null,
      total_loan_value: row.category === 'loans' ? row.total_loan_value : null,
      non_federal_funding: row.non_federal_funding,
      total_funding: row.total_funding,
      cfda_info: cfdas.map((c) => ({ ...c, cfda_obligations: null })),
      funding_opportunity: opportunity,
      funding_opportunty: opportunity,
    };
  });


