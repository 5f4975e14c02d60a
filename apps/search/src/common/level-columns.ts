import type { SpendingLevel } from './spending-level';

/** Location columns of one side of a search table, as the category and geography queries read them. */
export interface LocationColumnNames {
  countryCode: string;
  countryName: string;
  stateCode: string;
  stateName: string;
  stateFips: string;
  countyCode: string;
  countyName: string;
  districtCurrent: string;
}

const primeLocation = (prefix: string): LocationColumnNames => ({
  countryCode: `${prefix}_country_code`,
  countryName: `${prefix}_country_name`,
  stateCode: `${prefix}_state_code`,
  stateName: `${prefix}_state_name`,
  stateFips: `${prefix}_state_fips`,
  countyCode: `${prefix}_county_code`,
  countyName: `${prefix}_county_name`,
  districtCurrent: `${prefix}_congressional_code_current`,
});

const subawardLocation = (prefix: string, district: string): LocationColumnNames => ({
  countryCode: `${prefix}_country_code`,
  countryName: `${prefix}_country_name`,
  stateCode: `${prefix}_state_code`,
  stateName: `${prefix}_state_name`,
  stateFips: `${prefix}_state_fips`,
  countyCode: `${prefix}_county_code`,
  countyName: `${prefix}_county_name`,
  districtCurrent: district,
});

/** Column names of a level's table that the aggregations read (the filter columns are libs/filters' business). */
export interface AggregationColumns {
  obligation: string;
  /** Outlays are summed at the award level only. */
  outlays: string | null;
  cfda: string;
  cfdaTitle: string;
  recipientHash: string;
  recipientName: string;
  placeOfPerformance: LocationColumnNames;
  recipientLocation: LocationColumnNames;
}

/** Per spending level. */
export const AGGREGATION_COLUMNS: Record<SpendingLevel, AggregationColumns> = {
  transactions: {
    obligation: 'generated_pragmatic_obligation',
    outlays: null,
    cfda: 'cfda_number',
    cfdaTitle: 'cfda_title',
    recipientHash: 'recipient_hash',
    recipientName: 'recipient_name',
    placeOfPerformance: primeLocation('pop'),
    recipientLocation: primeLocation('recipient_location'),
  },
  awards: {
    obligation: 'generated_pragmatic_obligation',
    outlays: 'total_outlays',
    cfda: 'cfda_number',
    cfdaTitle: 'cfda_program_title',
    recipientHash: 'recipient_hash',
    recipientName: 'recipient_name',
    placeOfPerformance: primeLocation('pop'),
    recipientLocation: primeLocation('recipient_location'),
  },
  subawards: {
    obligation: 'subaward_amount',
    outlays: null,
    cfda: 'cfda_numbers',
    cfdaTitle: 'cfda_titles',
    recipientHash: 'subaward_recipient_hash',
    recipientName: 'sub_awardee_or_recipient_legal',
    placeOfPerformance: subawardLocation('sub_place_of_perform', 'sub_place_of_perform_congressional_current'),
    recipientLocation: subawardLocation('sub_legal_entity', 'sub_legal_entity_congressional_current'),
  },
};
