import type { SpendingLevel } from './types';

/** Location columns of one side (place of performance or recipient) of a read-model table. */
export interface LocationColumns {
  country: string;
  state: string;
  county: string;
  districtOriginal: string;
  districtCurrent: string;
  city: string;
  zip: string;
}

/** An immutable SQL function joining a level's searched columns, and its arguments in order. */
export interface KeywordDocument {
  fn: 'search_award_keyword_document' | 'subaward_keyword_document';
  /** The function's arguments: columns of the document's table, in order. */
  columns: string[];
  /**
   * Set when the document is the row's award's (transactions, the baseline): award_search's document
   * also holds every value the award's transactions have in these columns of the level's table
   * (award_search.transaction_keyword_text), so a row matches through its `award_id`.
   */
  viaAward?: { covers: string[] };
}

/** Column names a filter reads, per spending level. `null` = the level's table has no such column. */
export interface LevelColumns {
  table: string;
  type: string;
  /** Default date of the level (awards: latest action date; subawards: sub_action_date). */
  actionDate: string;
  /** Base (signing) date of the award the row belongs to. */
  dateSigned: string | null;
  lastModifiedDate: string | null;
  description: string;
  /** Identifier-like columns searched by `keywords` (ids, UEI/DUNS, codes). */
  keywordIdColumns: string[];
  /** Free-text columns searched by `keywords` (names, descriptions). */
  keywordTextColumns: string[];
  /**
   * The keyword document whose trigram index serves the level's text filters as a prefilter: an SQL
   * function of the searched columns (the baseline), called with `columns` in this order so
   * that the index expression matches.
   */
  keywordDocument: KeywordDocument;
  /** Exact-id columns of `award_ids`. */
  awardIdColumns: string[];
  /** Amount column of `award_amounts`. */
  amount: string;
  /**
   * Set when the level's table has no award amount (transactions): `award_amounts` reads `amount` of the row's
   * award in award_search through `award_id`, as upstream compares a transaction's award amount.
   */
  amountOnAward: boolean;
  recipientName: string;
  recipientUei: string;
  recipientDuns: string;
  parentRecipientName: string | null;
  parentUei: string | null;
  parentDuns: string | null;
  pop: LocationColumns;
  recipientLocation: LocationColumns;
  /** `true` when program_numbers is a single code column, `false` when it is a text list (subawards). */
  cfdaIsList: boolean;
  cfda: string;
  /** Contract detail codes; absent on subawards, where the prime award's values are used. */
  contractDetailsOnPrime: boolean;
}

const PRIME_POP: LocationColumns = {
  country: 'pop_country_code',
  state: 'pop_state_code',
  county: 'pop_county_code',
  districtOriginal: 'pop_congressional_code',
  districtCurrent: 'pop_congressional_code_current',
  city: 'pop_city_name',
  zip: 'pop_zip5',
};

const PRIME_RECIPIENT_LOCATION: LocationColumns = {
  country: 'recipient_location_country_code',
  state: 'recipient_location_state_code',
  county: 'recipient_location_county_code',
  districtOriginal: 'recipient_location_congressional_code',
  districtCurrent: 'recipient_location_congressional_code_current',
  city: 'recipient_location_city_name',
  zip: 'recipient_location_zip5',
};

const PRIME_KEYWORD_IDS = [
  'piid',
  'fain',
  'uri',
  'display_award_id',
  'recipient_uei',
  'recipient_unique_id',
  'parent_uei',
  'parent_recipient_unique_id',
  'naics_code',
  'product_or_service_code',
];

/** Arguments of search_award_keyword_document (the baseline): award_search's searched columns, then what its transactions add. */
const AWARD_KEYWORD_DOCUMENT: KeywordDocument = {
  fn: 'search_award_keyword_document',
  columns: [...PRIME_KEYWORD_IDS, 'recipient_name', 'parent_recipient_name', 'description', 'naics_description', 'product_or_service_description',
    'transaction_keyword_text'],
};

const PRIME_RECIPIENT = {
  recipientName: 'recipient_name',
  recipientUei: 'recipient_uei',
  recipientDuns: 'recipient_unique_id',
  parentRecipientName: 'parent_recipient_name',
  parentUei: 'parent_uei',
  parentDuns: 'parent_recipient_unique_id',
};

/** The columns of award_search, transaction_search and subaward_search that filters use. */
export const LEVEL_COLUMNS: Record<SpendingLevel, LevelColumns> = {
  awards: {
    table: 'award_search',
    type: 'type',
    actionDate: 'action_date',
    dateSigned: 'date_signed',
    lastModifiedDate: 'last_modified_date',
    description: 'description',
    keywordIdColumns: PRIME_KEYWORD_IDS,
    keywordTextColumns: ['recipient_name', 'description', 'naics_description', 'product_or_service_description'],
    keywordDocument: AWARD_KEYWORD_DOCUMENT,
    awardIdColumns: ['display_award_id', 'piid', 'fain', 'uri'],
    amount: 'award_amount',
    amountOnAward: false,
    ...PRIME_RECIPIENT,
    pop: PRIME_POP,
    recipientLocation: PRIME_RECIPIENT_LOCATION,
    cfdaIsList: false,
    cfda: 'cfda_number',
    contractDetailsOnPrime: false,
  },
  transactions: {
    table: 'transaction_search',
    type: 'type',
    actionDate: 'action_date',
    dateSigned: 'award_date_signed',
    lastModifiedDate: 'last_modified_date',
    description: 'transaction_description',
    keywordIdColumns: PRIME_KEYWORD_IDS,
    keywordTextColumns: ['recipient_name', 'transaction_description', 'naics_description', 'product_or_service_description'],
    keywordDocument: {
      ...AWARD_KEYWORD_DOCUMENT,
      // the transaction columns derive_award_keyword_text reads (the baseline), in its order
      viaAward: { covers: [...PRIME_KEYWORD_IDS, 'recipient_name', 'parent_recipient_name', 'transaction_description', 'naics_description', 'product_or_service_description'] },
    },
    awardIdColumns: ['display_award_id', 'piid', 'fain', 'uri'],
    amount: 'award_amount',
    amountOnAward: true,
    ...PRIME_RECIPIENT,
    pop: PRIME_POP,
    recipientLocation: PRIME_RECIPIENT_LOCATION,
    cfdaIsList: false,
    cfda: 'cfda_number',
    contractDetailsOnPrime: false,
  },
  subawards: {
    table: 'subaward_search',
    type: 'prime_award_type',
    actionDate: 'sub_action_date',
    // subaward_search has neither column: the prime award's values are read through award_id.
    dateSigned: null,
    lastModifiedDate: null,
    description: 'subaward_description',
    keywordIdColumns: [
      'subaward_number',
      'award_piid_fain',
      'sub_awardee_or_recipient_uei',
      'sub_awardee_or_recipient_uniqu',
      'sub_ultimate_parent_uei',
      'naics_code',
      'product_or_service_code',
    ],
    keywordTextColumns: [
      'sub_awardee_or_recipient_legal',
      'sub_ultimate_parent_legal_enti',
      'subaward_description',
      'naics_description',
      'product_or_service_description',
    ],
    keywordDocument: {
      fn: 'subaward_keyword_document',
      columns: [
        'subaward_number',
        'award_piid_fain',
        'sub_awardee_or_recipient_uei',
        'sub_awardee_or_recipient_uniqu',
        'sub_ultimate_parent_uei',
        'naics_code',
        'product_or_service_code',
        'sub_awardee_or_recipient_legal',
        'sub_ultimate_parent_legal_enti',
        'subaward_description',
        'naics_description',
        'product_or_service_description',
      ],
    },
    awardIdColumns: ['award_piid_fain', 'subaward_number'],
    amount: 'subaward_amount',
    amountOnAward: false,
    recipientName: 'sub_awardee_or_recipient_legal',
    recipientUei: 'sub_awardee_or_recipient_uei',
    recipientDuns: 'sub_awardee_or_recipient_uniqu',
    parentRecipientName: null,
    parentUei: null,
    parentDuns: null,
    pop: {
      country: 'sub_place_of_perform_country_code',
      state: 'sub_place_of_perform_state_code',
      county: 'sub_place_of_perform_county_code',
      districtOriginal: 'sub_place_of_perform_congressio',
      districtCurrent: 'sub_place_of_perform_congressional_current',
      city: 'sub_place_of_perform_city_name',
      zip: 'sub_place_of_perform_zip5',
    },
    recipientLocation: {
      country: 'sub_legal_entity_country_code',
      state: 'sub_legal_entity_state_code',
      county: 'sub_legal_entity_county_code',
      districtOriginal: 'sub_legal_entity_congressional',
      districtCurrent: 'sub_legal_entity_congressional_current',
      city: 'sub_legal_entity_city_name',
      zip: 'sub_legal_entity_zip5',
    },
    cfdaIsList: true,
    cfda: 'cfda_numbers',
    contractDetailsOnPrime: true,
  },
};
