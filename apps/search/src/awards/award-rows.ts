import type { AwardTypeGroup } from '@usas/filters';
import type { SearchContext } from '../common/search-context';
import type { AwardRow, SubawardRow } from '../queries/spending-by-award.query';
import { AWARD_FIELD_MAPS, SUBAWARD_FIELD_MAP } from './award-fields';

type Row = Record<string, unknown>;

/** DEF codes of the COVID-19 and IIJA groups, narrowed to the request's def_codes filter when it has one. */
export async function defcGroupCodes(
  ctx: SearchContext,
  filterCodes: readonly string[] | undefined,
): Promise<Record<'covid_19' | 'infrastructure', string[]>> {
  const { context } = await ctx.defCodes();
  const wanted = filterCodes && filterCodes.length > 0 ? new Set(filterCodes.map((c) => c.trim().toUpperCase())) : null;
  const out: Record<'covid_19' | 'infrastructure', string[]> = { covid_19: [], infrastructure: [] };
  for (const [code, group] of Object.entries(context.defCodeGroup ?? {})) {
    if (wanted === null || wanted.has(code)) out[group].push(code);
  }
  return out;
}

/** One recipient level for an award: child, then recipient without parent, then parent (upstream return_one_level). */
function oneLevel(levels: readonly string[] | null): string | null {
  if (!levels || levels.length === 0) return null;
  for (const l of ['C', 'R', 'P']) if (levels.includes(l)) return l;
  return null;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : 0);

/** Sum of one field (obligation or outlay) of the spending_by_defc entries of some DEF codes. */
function defcTotal(entries: AwardRow['spending_by_defc'], codes: readonly string[], field: 'obligation' | 'outlay'): number {
  let total = 0;
  for (const e of entries ?? []) if (codes.includes(String(e.defc))) total += num(e[field]);
  return Math.round(total * 100) / 100;
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * The result object of an award: `internal_id`, `generated_internal_id`, then each requested label from
 * the award group's field map (labels outside it are null) and the composite labels (locations, NAICS,
 * PSC, assistance listings, DEF code totals). Requesting "Awarding Agency" adds awarding_agency_id and
 * agency_slug (the agency's profile page, null when it has none).
 */
export function buildAwardRow(
  r: AwardRow,
  fields: readonly string[],
  group: AwardTypeGroup,
  pages: Map<string, { id: number; slug: string | null }>,
  defcGroups: Record<'covid_19' | 'infrastructure', string[]>,
  filterDefCodes: readonly string[] | undefined,
): Row {
  const map = AWARD_FIELD_MAPS[group];
  const row: Row = { internal_id: r.award_id };
  for (const field of fields) {
    const column = map[field];
    row[field] = column ? (r[column] ?? null) : null;
  }
  for (const field of fields) {
    switch (field) {
      case 'Award ID':
        row[field] = str(r.display_award_id);
        break;
      case 'recipient_id': {
        const level = oneLevel(r.recipient_levels);
        row[field] = r.recipient_hash && level ? `${String(r.recipient_hash)}-${level}` : null;
        break;
      }
      case 'def_codes': {
        const codes = r.disaster_emergency_fund_codes;
        const wanted = filterDefCodes && filterDefCodes.length > 0 ? new Set(filterDefCodes.map((c) => c.trim().toUpperCase())) : null;
        row[field] = codes ? (wanted ? codes.filter((c) => wanted.has(c)) : codes) : null;
        break;
      }
      case 'COVID-19 Obligations':
        row[field] = defcTotal(r.spending_by_defc, defcGroups.covid_19, 'obligation');
        break;
      case 'COVID-19 Outlays':
        row[field] = defcTotal(r.spending_by_defc, defcGroups.covid_19, 'outlay');
        break;
      case 'Infrastructure Obligations':
        row[field] = defcTotal(r.spending_by_defc, defcGroups.infrastructure, 'obligation');
        break;
      case 'Infrastructure Outlays':
        row[field] = defcTotal(r.spending_by_defc, defcGroups.infrastructure, 'outlay');
        break;
      case 'Assistance Listings':
        row[field] = map[field] && r.cfda_number ? [{ cfda_number: str(r.cfda_number), cfda_program_title: str(r.cfda_program_title) }] : map[field] ? [] : null;
        break;
      case 'primary_assistance_listing':
        row[field] = { cfda_number: str(r.cfda_number), cfda_program_title: str(r.cfda_program_title) };
        break;
      case 'NAICS':
        row[field] = { code: str(r.naics_code), description: str(r.naics_description) };
        break;
      case 'PSC':
        row[field] = { code: str(r.product_or_service_code), description: str(r.product_or_service_description) };
        break;
      case 'Recipient Location':
        row[field] = {
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
        break;
      case 'Primary Place of Performance':
        row[field] = {
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
        break;
      case 'Awarding Agency': {
        const page = typeof r.awarding_toptier_agency_code === 'string' ? pages.get(r.awarding_toptier_agency_code) : undefined;
        row.awarding_agency_id = page?.id ?? null;
        row.agency_slug = page?.slug ?? null;
        break;
      }
      default:
        break;
    }
  }
  row.generated_internal_id = r.generated_unique_award_id;
  return row;
}

/** The result object of a subaward (labels of the subaward map plus the composite subaward labels). */
export function buildSubawardRow(r: SubawardRow, fields: readonly string[]): Row {
  const row: Row = { internal_id: r.subaward_number, prime_award_internal_id: r.award_id };
  for (const field of fields) {
    const column = SUBAWARD_FIELD_MAP[field];
    row[field] = column ? (r[column] ?? null) : null;
    switch (field) {
      case 'NAICS':
        row[field] = { code: str(r.naics_code), description: str(r.naics_description) };
        break;
      case 'PSC':
        row[field] = { code: str(r.product_or_service_code), description: str(r.product_or_service_description) };
        break;
      case 'Assistance Listing':
        row[field] = { cfda_number: str(r.cfda_numbers), cfda_program_title: str(r.cfda_titles) };
        break;
      case 'Sub-Recipient Location':
        row[field] = {
          location_country_code: str(r.sub_legal_entity_country_code),
          country_name: str(r.sub_legal_entity_country_name),
          state_code: str(r.sub_legal_entity_state_code),
          state_name: str(r.sub_legal_entity_state_name),
          city_name: str(r.sub_legal_entity_city_name),
          county_code: str(r.sub_legal_entity_county_code),
          county_name: str(r.sub_legal_entity_county_name),
          address_line1: null,
          congressional_code: str(r.sub_legal_entity_congressional),
          zip4: null,
          zip5: str(r.sub_legal_entity_zip5),
          foreign_postal_code: null,
        };
        break;
      case 'Sub-Award Primary Place of Performance':
        row[field] = {
          location_country_code: str(r.sub_place_of_perform_country_code),
          country_name: str(r.sub_place_of_perform_country_name),
          state_code: str(r.sub_place_of_perform_state_code),
          state_name: str(r.sub_place_of_perform_state_name),
          city_name: str(r.sub_place_of_perform_city_name),
          county_code: str(r.sub_place_of_perform_county_code),
          county_name: str(r.sub_place_of_perform_county_name),
          congressional_code: str(r.sub_place_of_perform_congressio),
          zip4: null,
          zip5: str(r.sub_place_of_perform_zip5),
        };
        break;
      case 'sub_award_recipient_id':
        row[field] = r.subaward_recipient_hash && r.subaward_recipient_level ? `${String(r.subaward_recipient_hash)}-${String(r.subaward_recipient_level)}` : null;
        break;
      default:
        break;
    }
  }
  row.prime_award_generated_internal_id = str(r.unique_award_key);
  return row;
}
