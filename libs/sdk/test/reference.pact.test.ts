/**
 * Consumer contract of the SDK for the reference app's autocompletes, filter trees and reference lists.
 * Adds its interactions to contracts/usas-sdk-usas-reference.json, which apps/reference verifies
 * (apps/reference/test/pact.verify.int.test.ts) with the provider state "reference fixtures are loaded"
 * (apps/reference/test/reference-fixtures.ts).
 */
import path from 'node:path';
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { executeSettled } from './execute-settled';
import { createSpendingClient, type SpendingClient } from '../src/index';

const { eachLike, like, integer, number, boolean, string, regex, nullValue } = MatchersV3;

const provider = new PactV3({
  consumer: 'usas-sdk',
  provider: 'usas-reference',
  dir: path.resolve(__dirname, '..', '..', '..', 'contracts'),
  logLevel: 'warn',
});

const FIXTURES = 'reference fixtures are loaded';
const JSON_HEADERS = { 'Content-Type': 'application/json' };

interface Case {
  description: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  status?: number;
  response: unknown;
  /** The same request made through the typed SDK; returns what the test checks. */
  call: (api: SpendingClient) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  check: (result: { data?: unknown; error?: unknown; response: Response }) => void;
}

const node = (id: string, ancestors: string[], count: number) => ({
  id: string(id),
  description: string('NATURAL RESOURCES MANAGEMENT'),
  ancestors: ancestors.length > 0 ? eachLike(ancestors[0]) : [],
  count: integer(count),
  children: nullValue(),
});

const cases: Case[] = [
  // Account components ---------------------------------------------------------------------------
  ...(
    [
      ['a', { aid: '012' }, { results: ['X', null] }],
      ['bpoa', { bpoa: '201', aid: '012' }, { results: eachLike('2018') }],
      ['epoa', { aid: '097' }, { results: ['2021', null] }],
      ['main', { main: '1' }, { results: eachLike('1106') }],
      ['sub', { sub: '00', aid: '012', main: '1106' }, { results: eachLike('000') }],
    ] as const
  ).map(
    ([component, filters, response]): Case => ({
      description: `a request to complete the ${component} account component`,
      method: 'POST',
      path: `/api/v2/autocomplete/accounts/${component}/`,
      body: { filters, limit: 10 },
      response,
      call: (api) =>
        api.POST(`/api/v2/autocomplete/accounts/${component}/` as '/api/v2/autocomplete/accounts/a/', { body: { filters, limit: 10 } }),
      check: ({ data }) => expect((data as { results: unknown[] }).results.length).toBeGreaterThan(0),
    }),
  ),
  {
    description: 'a request to complete agency identifiers',
    method: 'POST',
    path: '/api/v2/autocomplete/accounts/aid/',
    body: { filters: { aid: '01' }, limit: 3 },
    response: { results: eachLike({ aid: string('012'), agency_name: string('Department of Agriculture'), agency_abbreviation: string('USDA') }) },
    call: (api) => api.POST('/api/v2/autocomplete/accounts/aid/', { body: { filters: { aid: '01' }, limit: 3 } }),
    check: ({ data }) => expect(data).toEqual({ results: [{ aid: '012', agency_name: 'Department of Agriculture', agency_abbreviation: 'USDA' }] }),
  },
  {
    description: 'a request to complete allocation transfer agencies',
    method: 'POST',
    path: '/api/v2/autocomplete/accounts/ata/',
    body: { filters: { ata: '021' }, limit: 10 },
    response: { results: eachLike({ ata: string('021'), agency_name: string('Department of the Army'), agency_abbreviation: string('') }) },
    call: (api) => api.POST('/api/v2/autocomplete/accounts/ata/', { body: { filters: { ata: '021' }, limit: 10 } }),
    check: ({ data }) => expect((data as { results: Array<{ ata: string }> }).results[0]?.ata).toBe('021'),
  },
  {
    description: 'a request to complete an account component without filters',
    method: 'POST',
    path: '/api/v2/autocomplete/accounts/main/',
    body: { limit: 3 },
    status: 422,
    response: { detail: string("Missing value: 'filters' is a required field.") },
    call: (api) => api.POST('/api/v2/autocomplete/accounts/main/', { body: { limit: 3 } as never }),
    check: ({ response }) => expect(response.status).toBe(422),
  },

  // Agencies and offices ------------------------------------------------------------------------
  ...(['awarding', 'funding'] as const).map(
    (role): Case => ({
      description: `a request for ${role} agencies and offices matching "dla"`,
      method: 'POST',
      path: `/api/v2/autocomplete/${role}_agency_office/`,
      body: { search_text: 'dla', limit: 10 },
      response: {
        results: {
          toptier_agency: [],
          subtier_agency: eachLike({
            abbreviation: string('DLA'),
            code: string('97AS'),
            name: string('Defense Logistics Agency'),
            toptier_agency: { abbreviation: string('DOD'), code: string('097'), name: string('Department of Defense') },
            offices: eachLike({ code: string('SPE300'), name: string('DLA TROOP SUPPORT') }),
          }),
          office: eachLike({
            code: string('SPE300'),
            name: string('DLA TROOP SUPPORT'),
            toptier_agency: { abbreviation: string('DOD'), code: string('097'), name: string('Department of Defense') },
            subtier_agency: { abbreviation: string('DLA'), code: string('97AS'), name: string('Defense Logistics Agency') },
          }),
        },
        messages: [],
      },
      call: (api) =>
        api.POST(`/api/v2/autocomplete/${role}_agency_office/` as '/api/v2/autocomplete/awarding_agency_office/', { body: { search_text: 'dla', limit: 10 } }),
      check: ({ data }) => expect((data as { results: { subtier_agency: unknown[] } }).results.subtier_agency).toHaveLength(1),
    }),
  ),
  ...(['awarding', 'funding'] as const).map(
    (role): Case => ({
      description: `a request for ${role} agencies matching "defense" (deprecated endpoint)`,
      method: 'POST',
      path: `/api/v2/autocomplete/${role}_agency/`,
      body: { search_text: 'defense', limit: 5 },
      response: {
        results: eachLike({
          id: integer(108),
          toptier_flag: boolean(true),
          toptier_agency: { toptier_code: string('347'), abbreviation: string('DNFSB'), name: string('Defense Nuclear Facilities Safety Board') },
          subtier_agency: { abbreviation: string('DNFSB'), name: string('Defense Nuclear Facilities Safety Board') },
        }),
        messages: ['This endpoint is DEPRECATED. Please refer to the api contracts.'],
      },
      call: (api) =>
        api.POST(`/api/v2/autocomplete/${role}_agency/` as '/api/v2/autocomplete/awarding_agency/', { body: { search_text: 'defense', limit: 5 } }),
      check: ({ data }) => expect((data as { messages: string[] }).messages[0]).toMatch(/DEPRECATED/),
    }),
  ),
  {
    description: 'a request for funding agencies with a limit above 500',
    method: 'POST',
    path: '/api/v2/autocomplete/funding_agency/',
    body: { search_text: 'defense', limit: 501 },
    status: 400,
    response: { detail: string("Invalid value in 'limit': must be <= 500.") },
    call: (api) => api.POST('/api/v2/autocomplete/funding_agency/', { body: { search_text: 'defense', limit: 501 } }),
    check: ({ response }) => expect(response.status).toBe(400),
  },

  // Code lookups --------------------------------------------------------------------------------
  {
    description: 'a request for assistance listings matching "medic"',
    method: 'POST',
    path: '/api/v2/autocomplete/cfda/',
    body: { search_text: 'medic', limit: 10 },
    response: { results: eachLike({ popular_name: string('Medicaid'), program_number: regex('^\\d\\d\\.\\d{3}$', '93.778'), program_title: string('Medical Assistance Program') }) },
    call: (api) => api.POST('/api/v2/autocomplete/cfda/', { body: { search_text: 'medic', limit: 10 } }),
    check: ({ data }) => expect((data as { results: Array<{ program_number: string }> }).results[0]?.program_number).toBe('93.778'),
  },
  {
    description: 'a request for NAICS codes matching "potato"',
    method: 'POST',
    path: '/api/v2/autocomplete/naics/',
    body: { search_text: 'potato', limit: 10 },
    response: { results: eachLike({ naics: regex('^\\d{6}$', '111211'), naics_description: string('Potato Farming'), year_retired: integer(2017) }) },
    call: (api) => api.POST('/api/v2/autocomplete/naics/', { body: { search_text: 'potato', limit: 10 } }),
    check: ({ data }) => expect((data as { results: Array<{ naics: string }> }).results[0]?.naics).toBe('111211'),
  },
  {
    description: 'a request for product and service codes matching "guns"',
    method: 'POST',
    path: '/api/v2/autocomplete/psc/',
    body: { search_text: 'guns', limit: 2 },
    response: { results: eachLike({ product_or_service_code: string('1005'), psc_description: string('GUNS, THROUGH 30MM') }) },
    call: (api) => api.POST('/api/v2/autocomplete/psc/', { body: { search_text: 'guns', limit: 2 } }),
    check: ({ data }) => expect((data as { results: unknown[] }).results.length).toBeGreaterThan(0),
  },
  {
    description: 'a request for program activities matching "meat"',
    method: 'POST',
    path: '/api/v2/autocomplete/program_activity/',
    body: { search_text: 'meat', limit: 10 },
    response: { results: eachLike({ program_activity_code: regex('^\\d{4}$', '0001'), program_activity_name: string('Meat grading') }) },
    call: (api) => api.POST('/api/v2/autocomplete/program_activity/', { body: { search_text: 'meat', limit: 10 } }),
    check: ({ data }) => expect((data as { results: Array<{ program_activity_code: string }> }).results[0]?.program_activity_code).toBe('0001'),
  },
  {
    description: 'a request for glossary terms matching "award"',
    method: 'POST',
    path: '/api/v2/autocomplete/glossary/',
    body: { search_text: 'award', limit: 1 },
    response: {
      results: eachLike('Award'),
      count: integer(1),
      search_text: 'award',
      matched_terms: eachLike({
        term: string('Award'),
        slug: string('award'),
        data_act_term: string(''),
        plain: string('Money the federal government has promised to pay a recipient.'),
        official: string(''),
        resources: string(''),
      }),
    },
    call: (api) => api.POST('/api/v2/autocomplete/glossary/', { body: { search_text: 'award', limit: 1 } }),
    check: ({ data }) => expect((data as { results: string[] }).results[0]).toBe('Award'),
  },
  {
    description: 'a request for glossary terms with a blank search text',
    method: 'POST',
    path: '/api/v2/autocomplete/glossary/',
    body: { search_text: '   ', limit: 10 },
    status: 400,
    response: { detail: string('Missing one or more required request parameters: search_text') },
    call: (api) => api.POST('/api/v2/autocomplete/glossary/', { body: { search_text: '   ', limit: 10 } }),
    check: ({ error }) => expect(error).toMatchObject({ detail: expect.stringContaining('search_text') }),
  },

  // Recipients and places -----------------------------------------------------------------------
  {
    description: 'a request for recipients matching "lockheed" at parent level',
    method: 'POST',
    path: '/api/v2/autocomplete/recipient/',
    body: { search_text: 'lockheed', recipient_levels: ['P'] },
    response: {
      count: integer(1),
      results: eachLike({ recipient_name: string('LOCKHEED MARTIN CORPORATION'), recipient_level: 'P', uei: string('ZFN2JJXBLZT3'), duns: string('834951691') }),
      messages: [''],
    },
    call: (api) => api.POST('/api/v2/autocomplete/recipient/', { body: { search_text: 'lockheed', recipient_levels: ['P'] } }),
    check: ({ data }) => expect((data as { results: Array<{ recipient_level: string }> }).results[0]?.recipient_level).toBe('P'),
  },
  {
    description: 'a request for US recipient cities starting with "spring" in Virginia',
    method: 'POST',
    path: '/api/v2/autocomplete/city/',
    body: { search_text: 'spring', limit: 10, filter: { country_code: 'USA', scope: 'recipient_location', state_code: 'VA' } },
    response: { count: integer(1), results: eachLike({ city_name: string('SPRINGFIELD'), state_code: string('VA') }) },
    call: (api) =>
      api.POST('/api/v2/autocomplete/city/', {
        body: { search_text: 'spring', limit: 10, filter: { country_code: 'USA', scope: 'recipient_location', state_code: 'VA' } },
      }),
    check: ({ data }) => expect((data as { results: Array<{ city_name: string }> }).results[0]?.city_name).toBe('SPRINGFIELD'),
  },
  {
    description: 'a request for locations matching "den"',
    method: 'POST',
    path: '/api/v2/autocomplete/location/',
    body: { search_text: 'den', limit: 2 },
    response: {
      count: integer(5),
      results: {
        countries: eachLike({ country_name: string('DENMARK') }),
        cities: eachLike({ city_name: string('DENVER'), state_name: string('COLORADO'), country_name: string('UNITED STATES') }),
        counties: eachLike({ county_name: string('DENVER COUNTY'), county_fips: regex('^\\d{5}$', '08031'), state_name: string('COLORADO'), country_name: string('UNITED STATES') }),
      },
      messages: [''],
    },
    call: (api) => api.POST('/api/v2/autocomplete/location/', { body: { search_text: 'den', limit: 2 } }),
    check: ({ data }) => expect((data as { results: { countries: unknown[] } }).results.countries.length).toBeGreaterThan(0),
  },
  {
    description: 'a request for congressional districts matching "CA-34"',
    method: 'POST',
    path: '/api/v2/autocomplete/location/',
    body: { search_text: 'CA-34' },
    response: {
      count: integer(2),
      results: {
        districts_original: eachLike({ original_cd: 'CA-34', state_name: string('CALIFORNIA'), country_name: string('UNITED STATES') }),
        districts_current: eachLike({ current_cd: 'CA-34', state_name: string('CALIFORNIA'), country_name: string('UNITED STATES') }),
      },
      messages: [''],
    },
    call: (api) => api.POST('/api/v2/autocomplete/location/', { body: { search_text: 'CA-34' } }),
    check: ({ data }) => expect((data as { results: { districts_current: Array<{ current_cd: string }> } }).results.districts_current[0]?.current_cd).toBe('CA-34'),
  },

  // Filter trees ----------------------------------------------------------------------------------
  {
    description: 'a request for the PSC filter tree groups',
    method: 'GET',
    path: '/api/v2/references/filter_tree/psc/',
    response: {
      results: [
        { id: 'Research and Development', description: '', ancestors: [], count: integer(3), children: nullValue() },
        { id: 'Service', description: '', ancestors: [], count: integer(2), children: nullValue() },
        { id: 'Product', description: '', ancestors: [], count: integer(2), children: nullValue() },
      ],
    },
    call: (api) => api.GET('/api/v2/references/filter_tree/psc/'),
    check: ({ data }) => expect((data as { results: unknown[] }).results).toHaveLength(3),
  },
  {
    description: 'a request for the PSC service categories',
    method: 'GET',
    path: '/api/v2/references/filter_tree/psc/Service/',
    response: { results: eachLike(node('F', ['Service'], 2)) },
    call: (api) => api.GET('/api/v2/references/filter_tree/psc/{group}/', { params: { path: { group: 'Service' } } }),
    check: ({ data }) => expect((data as { results: Array<{ ancestors: string[] }> }).results[0]?.ancestors).toEqual(['Service']),
  },
  {
    description: 'a request for the PSC groups of service category F with their children',
    method: 'GET',
    path: '/api/v2/references/filter_tree/psc/Service/F/',
    query: { depth: '1' },
    response: {
      results: eachLike({
        id: string('F0'),
        description: string('NATURAL RESOURCE CONSERVATION SVCS'),
        ancestors: ['Service', 'F'],
        count: integer(2),
        children: eachLike({ id: string('F001'), description: string('AERIAL FERTILIZATION - SPRAYING'), ancestors: ['Service', 'F', 'F0'], count: 0, children: nullValue() }),
      }),
    },
    call: (api) => api.GET('/api/v2/references/filter_tree/psc/{group}/{psc}/', { params: { path: { group: 'Service', psc: 'F' }, query: { depth: 1 } } }),
    check: ({ data }) => expect((data as { results: Array<{ id: string }> }).results[0]?.id).toBe('F0'),
  },
  {
    description: 'a request for the PSC codes of service group F0',
    method: 'GET',
    path: '/api/v2/references/filter_tree/psc/Service/F/F0/',
    response: { results: eachLike({ id: string('F001'), description: string('AERIAL FERTILIZATION - SPRAYING'), ancestors: ['Service', 'F', 'F0'], count: 0, children: nullValue() }) },
    call: (api) => api.GET('/api/v2/references/filter_tree/psc/{group}/{psc}/{psc2}/', { params: { path: { group: 'Service', psc: 'F', psc2: 'F0' } } }),
    check: ({ data }) => expect((data as { results: Array<{ id: string }> }).results[0]?.id).toBe('F001'),
  },
  {
    description: 'a request for an unknown PSC group',
    method: 'GET',
    path: '/api/v2/references/filter_tree/psc/Bogus/',
    status: 400,
    response: { detail: string("Invalid value in 'group': must be equal to one of the allowed values: Research and Development, Service, Product.") },
    call: (api) => api.GET('/api/v2/references/filter_tree/psc/{group}/', { params: { path: { group: 'Bogus' as 'Service' } } }),
    check: ({ response }) => expect(response.status).toBe(400),
  },
  {
    description: 'a request for the TAS filter tree agencies',
    method: 'GET',
    path: '/api/v2/references/filter_tree/tas/',
    response: { results: eachLike({ id: string('012'), description: string('Department of Agriculture (USDA)'), ancestors: [], count: integer(2), children: nullValue() }) },
    call: (api) => api.GET('/api/v2/references/filter_tree/tas/'),
    check: ({ data }) => expect((data as { results: Array<{ id: string }> }).results[0]?.id).toBe('012'),
  },
  {
    description: 'a request for the federal accounts of agency 012',
    method: 'GET',
    path: '/api/v2/references/filter_tree/tas/012/',
    response: { results: eachLike({ id: regex('^012-\\d{4}$', '012-1106'), description: string('Forest and Rangeland Research'), ancestors: ['012'], count: integer(2), children: nullValue() }) },
    call: (api) => api.GET('/api/v2/references/filter_tree/tas/{agency}/', { params: { path: { agency: '012' } } }),
    check: ({ data }) => expect((data as { results: Array<{ ancestors: string[] }> }).results[0]?.ancestors).toEqual(['012']),
  },
  {
    description: 'a request for the Treasury accounts of federal account 012-5207',
    method: 'GET',
    path: '/api/v2/references/filter_tree/tas/012/012-5207/',
    response: { results: eachLike({ id: string('012-X-5207-000'), description: string('Range Betterment Fund'), ancestors: ['012', '012-5207'], count: 0, children: nullValue() }) },
    call: (api) => api.GET('/api/v2/references/filter_tree/tas/{agency}/{federal_account}/', { params: { path: { agency: '012', federal_account: '012-5207' } } }),
    check: ({ data }) => expect((data as { results: unknown[] }).results.length).toBeGreaterThan(0),
  },

  // Reference lists ---------------------------------------------------------------------------------
  {
    description: 'a request for the second page of glossary terms',
    method: 'GET',
    path: '/api/v2/references/glossary/',
    query: { limit: '3', page: '2' },
    response: {
      page_metadata: { page: 2, count: integer(8), next: integer(3), previous: integer(1), hasNext: boolean(true), hasPrevious: boolean(true) },
      results: eachLike({ term: string('Award Type'), slug: string('award-type'), data_act_term: string(''), plain: string('The kind of award.'), official: string(''), resources: string('') }),
    },
    call: (api) => api.GET('/api/v2/references/glossary/', { params: { query: { limit: 3, page: 2 } } }),
    check: ({ data }) => expect((data as { page_metadata: { page: number } }).page_metadata.page).toBe(2),
  },
  {
    description: 'a request for toptier agencies with their budgetary resources',
    method: 'GET',
    path: '/api/v2/references/toptier_agencies/',
    query: { sort: 'budget_authority_amount', order: 'desc' },
    response: {
      results: [
        {
          agency_id: integer(106),
          toptier_code: '012',
          abbreviation: string('USDA'),
          agency_name: string('Department of Agriculture'),
          congressional_justification_url: string(''),
          active_fy: regex('^\\d{4}$', '2021'),
          active_fq: regex('^[1-4]$', '4'),
          outlay_amount: number(350.1),
          obligated_amount: number(500.25),
          budget_authority_amount: number(1500.5),
          current_total_budget_authority_amount: number(15000),
          percentage_of_total_budget_authority: number(0.10003),
          agency_slug: string('department-of-agriculture'),
        },
        {
          agency_id: integer(101),
          toptier_code: '097',
          abbreviation: string('DOD'),
          agency_name: string('Department of Defense'),
          congressional_justification_url: string('https://comptroller.defense.gov/'),
          active_fy: regex('^\\d{4}$', '2021'),
          active_fq: regex('^[1-4]$', '4'),
          outlay_amount: number(0),
          obligated_amount: number(0),
          budget_authority_amount: number(0),
          current_total_budget_authority_amount: number(15000),
          percentage_of_total_budget_authority: number(0),
          agency_slug: string('department-of-defense'),
        },
      ],
    },
    call: (api) => api.GET('/api/v2/references/toptier_agencies/', { params: { query: { sort: 'budget_authority_amount', order: 'desc' } } }),
    check: ({ data }) => expect((data as { results: Array<{ toptier_code: string }> }).results[0]?.toptier_code).toBe('012'),
  },
  {
    description: 'a request for the overview of agency 106',
    method: 'GET',
    path: '/api/v2/references/agency/106/',
    response: {
      results: {
        agency_name: string('Department of Agriculture'),
        active_fy: regex('^\\d{4}$', '2021'),
        active_fq: regex('^[1-4]$', '4'),
        outlay_amount: regex('^-?\\d+\\.\\d{2}$', '350.10'),
        obligated_amount: regex('^-?\\d+\\.\\d{2}$', '500.25'),
        budget_authority_amount: regex('^-?\\d+\\.\\d{2}$', '1500.50'),
        current_total_budget_authority_amount: regex('^-?\\d+\\.\\d{2}$', '15000.00'),
        mission: string('Feed people.'),
        website: string('https://www.usda.gov/'),
        icon_filename: string('USDA.jpg'),
        congressional_justification_url: string(''),
      },
    },
    call: (api) => api.GET('/api/v2/references/agency/{id}/', { params: { path: { id: 106 } } }),
    check: ({ data }) => expect((data as { results: { budget_authority_amount: string } }).results.budget_authority_amount).toBe('1500.50'),
  },
  {
    description: 'a request for the overview of an unknown agency',
    method: 'GET',
    path: '/api/v2/references/agency/9999/',
    status: 404,
    response: { detail: string('No agency with id 9999.') },
    call: (api) => api.GET('/api/v2/references/agency/{id}/', { params: { path: { id: 9999 } } }),
    check: ({ response }) => expect(response.status).toBe(404),
  },
  {
    description: 'a request for revealed submission periods',
    method: 'GET',
    path: '/api/v2/references/submission_periods/',
    response: {
      available_periods: eachLike({
        period_start_date: regex('^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$', '2021-09-01T00:00:00Z'),
        period_end_date: string('2021-09-30T00:00:00Z'),
        submission_start_date: string('2021-10-19T00:00:00Z'),
        submission_due_date: string('2021-11-16T00:00:00Z'),
        certification_due_date: string('2021-11-16T00:00:00Z'),
        submission_reveal_date: string('2021-11-16T00:00:00Z'),
        submission_fiscal_year: integer(2021),
        submission_fiscal_quarter: integer(4),
        submission_fiscal_month: integer(12),
        is_quarter: boolean(false),
      }),
    },
    call: (api) => api.GET('/api/v2/references/submission_periods/'),
    check: ({ data }) => expect((data as { available_periods: unknown[] }).available_periods.length).toBeGreaterThan(0),
  },
  {
    description: 'a request for NAICS sectors',
    method: 'GET',
    path: '/api/v2/references/naics/',
    response: { results: eachLike({ naics: regex('^\\d{2}$', '11'), naics_description: string('Agriculture, Forestry, Fishing and Hunting'), year_retired: nullValue(), count: integer(3) }) },
    call: (api) => api.GET('/api/v2/references/naics/'),
    check: ({ data }) => expect((data as { results: Array<{ naics: string }> }).results[0]?.naics).toBe('11'),
  },
  {
    description: 'a request for NAICS codes whose description mentions "vegetable"',
    method: 'GET',
    path: '/api/v2/references/naics/',
    query: { filter: 'vegetable' },
    response: {
      results: eachLike({
        naics: string('11'),
        naics_description: string('Agriculture, Forestry, Fishing and Hunting'),
        year_retired: nullValue(),
        count: integer(3),
        children: eachLike({ naics: string('1112'), naics_description: string('Vegetable and Melon Farming'), year_retired: nullValue(), count: integer(1), children: [] }),
      }),
    },
    call: (api) => api.GET('/api/v2/references/naics/', { params: { query: { filter: 'vegetable' } } }),
    check: ({ data }) => expect((data as { results: unknown[] }).results).toHaveLength(1),
  },
  {
    description: 'a request for NAICS code 1112 and its children',
    method: 'GET',
    path: '/api/v2/references/naics/1112/',
    response: {
      results: [
        {
          naics: '1112',
          naics_description: string('Vegetable and Melon Farming'),
          year_retired: nullValue(),
          count: integer(1),
          children: eachLike({ naics: regex('^1112\\d\\d$', '111211'), naics_description: string('Potato Farming'), year_retired: integer(2017), count: 0 }),
        },
      ],
    },
    call: (api) => api.GET('/api/v2/references/naics/{code}/', { params: { path: { code: '1112' } } }),
    check: ({ data }) => expect((data as { results: Array<{ naics: string }> }).results[0]?.naics).toBe('1112'),
  },
  {
    description: 'a request for the award type groups',
    method: 'GET',
    path: '/api/v2/references/award_types/',
    response: {
      contracts: like({ A: 'BPA Call', B: 'Purchase Order', C: 'Delivery Order', D: 'Definitive Contract' }),
      loans: like({ '07': 'Direct Loan', '08': 'Guaranteed/Insured Loan' }),
      idvs: like({ IDV_A: 'GWAC Government Wide Acquisition Contract' }),
      grants: like({ '02': 'Block Grant', '03': 'Formula Grant', '04': 'Project Grant', '05': 'Cooperative Agreement' }),
      other_financial_assistance: like({ '09': 'Insurance', '11': 'Other Financial Assistance', '-1': 'Not Specified' }),
      direct_payments: like({ '06': 'Direct Payment for Specified Use', '10': 'Direct Payment with Unrestricted Use' }),
    },
    call: (api) => api.GET('/api/v2/references/award_types/'),
    check: ({ data }) => expect((data as { contracts: Record<string, string> }).contracts.A).toBe('BPA Call'),
  },
  {
    description: 'a request for the opportunity totals of every assistance listing',
    method: 'GET',
    path: '/api/v2/references/cfda/totals/',
    response: { results: eachLike({ cfda: string('10.001'), posted: integer(2), closed: integer(1), archived: integer(1), forecasted: integer(1) }) },
    call: (api) => api.GET('/api/v2/references/cfda/totals/'),
    check: ({ data }) => expect((data as { results: Array<{ cfda: string }> }).results[0]?.cfda).toBe('10.001'),
  },
  {
    description: 'a request for the opportunity totals of assistance listing 10.001',
    method: 'GET',
    path: '/api/v2/references/cfda/totals/10.001/',
    response: { cfda: '10.001', posted: integer(2), closed: integer(1), archived: integer(1), forecasted: integer(1) },
    call: (api) => api.GET('/api/v2/references/cfda/totals/{cfda}/', { params: { path: { cfda: '10.001' } } }),
    check: ({ data }) => expect((data as { cfda: string }).cfda).toBe('10.001'),
  },
  {
    description: 'a request for the total budgetary resources of fiscal year 2021',
    method: 'GET',
    path: '/api/v2/references/total_budgetary_resources/',
    query: { fiscal_year: '2021' },
    response: { results: eachLike({ fiscal_year: 2021, fiscal_period: integer(12), total_budgetary_resources: number(15000) }), messages: [] },
    call: (api) => api.GET('/api/v2/references/total_budgetary_resources/', { params: { query: { fiscal_year: 2021 } } }),
    check: ({ data }) => expect((data as { results: Array<{ fiscal_year: number }> }).results[0]?.fiscal_year).toBe(2021),
  },
  {
    description: 'a request for total budgetary resources by period without a fiscal year',
    method: 'GET',
    path: '/api/v2/references/total_budgetary_resources/',
    query: { fiscal_period: '6' },
    status: 400,
    response: { detail: string('fiscal_period was provided without fiscal_year.') },
    call: (api) => api.GET('/api/v2/references/total_budgetary_resources/', { params: { query: { fiscal_period: 6 } } }),
    check: ({ response }) => expect(response.status).toBe(400),
  },
];

describe('SDK contract with the reference app: autocompletes, filter trees, reference lists', () => {
  it.each(cases.map((c) => [c.description, c] as const))('%s', async (_name, c) => {
    provider
      .given(FIXTURES)
      .uponReceiving(c.description)
      .withRequest({
        method: c.method,
        path: c.path,
        ...(c.query ? { query: c.query } : {}),
        ...(c.body ? { headers: JSON_HEADERS, body: c.body } : {}),
      })
      .willRespondWith({ status: c.status ?? 200, body: c.response as never });
    await executeSettled(provider, async (mock) => {
      c.check(await c.call(createSpendingClient(mock.url)));
    });
  });
});
