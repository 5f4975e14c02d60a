/**
 * The official website's pages, replayed: the calls each page makes (its route component's imports, in the order
 * the page makes them, with the bodies and query strings the site sends: `auditTrail`, no trailing slash where the
 * site leaves it off, `X-Requested-With`), chained the way the page chains them (an award picked from the results
 * table opens the award page, and so on). Each answer is checked against the others: a page shows totals from
 * several endpoints side by side, so they have to agree.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { allPages as pageThrough, startHarness, type Harness } from '@usas/test-harness';

let h: Harness;
const downloadDir = mkdtempSync(join(tmpdir(), 'usas-journeys-'));
beforeAll(async () => {
  // The download app's read routes (counts, agency lists) need no Temporal; nothing here starts a job.
  const temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1' }) });
  h = await startHarness({ download: { temporal, taskQueue: 'journeys-unused', downloadDir } });
});
afterAll(async () => {
  await h.close();
  rmSync(downloadDir, { recursive: true, force: true });
});

const SITE = { 'X-Requested-With': 'USASpendingFrontend' };
/** A request body. Answers are read as supertest gives them: the harness checks each against the spec. */
type Json = Record<string, unknown>;
interface CategoryRow { id: number | null; code: string | null; name: string; amount: number }
interface Amounts { aggregated_amount: number }
interface DefCode { code: string; disaster: string | null }

async function get(path: string) {
  const res = await h.http.get(`/api/${path}`).set(SITE);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function post(path: string, body: Json) {
  const res = await h.http.post(`/api/${path}`).set(SITE).send(body);
  if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
const cents = (x: number): number => Math.round(x * 100);

/** The search page's default period (every fiscal year the site offers). */
const ALL_YEARS = [{ start_date: '2007-10-01', end_date: '2027-09-30' }];
const CONTRACTS = ['A', 'B', 'C', 'D'];
const IDVS = ['IDV_A', 'IDV_B', 'IDV_B_A', 'IDV_B_B', 'IDV_B_C', 'IDV_C', 'IDV_D', 'IDV_E'];
/** The columns the results table asks for on the contracts tab. */
const CONTRACT_FIELDS = ['Award ID', 'Recipient Name', 'Start Date', 'End Date', 'Award Amount', 'Total Outlays', 'Description',
  'def_codes', 'COVID-19 Obligations', 'COVID-19 Outlays', 'Infrastructure Obligations', 'Infrastructure Outlays',
  'Awarding Agency', 'Awarding Sub Agency', 'Contract Award Type', 'recipient_id', 'prime_award_recipient_id',
  'Recipient UEI', 'Recipient Location', 'Primary Place of Performance', 'NAICS', 'PSC'];

/** Every row of a paged POST answer (`page_metadata.hasNext`); `bodyOf` places the page number. */
const allPages = <Row>(path: string, bodyOf: (page: number) => Json): Promise<Row[]> => pageThrough<Row>(post, path, bodyOf);

/** Every page of a paged category answer, fetched the way the site pages it. */
function allCategoryRows(category: string, filters: Json): Promise<CategoryRow[]> {
  return allPages(`v2/search/spending_by_category/${category}`, (page) => ({
    category, filters, limit: 100, page, auditTrail: 'Categories Visualization', spending_level: 'transactions',
  }));
}

describe('every page', () => {
  it('loads the glossary the way the header does', async () => {
    const body = await get('v2/references/glossary/?limit=500');
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBe(Math.min(500, body.page_metadata.count));
    expect(Object.keys(body.results[0])).toEqual(expect.arrayContaining(['term', 'slug', 'plain', 'official']));
  });
});

describe('search page', () => {
  it('tab counts, results table, time chart, categories and map agree with each other', async () => {
    const counts = await post('v2/search/spending_by_award_count/', {
      filters: { time_period: ALL_YEARS }, spending_level: 'awards', auditTrail: 'Results View - Tab Counts',
    });
    expect(counts.results.contracts).toBeGreaterThan(0);
    expect(counts.results.idvs).toBeGreaterThan(0);

    // The contracts tab, paged to the end with the site's page size: as many rows as the tab count says.
    const filters = { time_period: ALL_YEARS, award_type_codes: CONTRACTS };
    const tab = await allPages('v2/search/spending_by_award/', (page) => ({
      filters, fields: CONTRACT_FIELDS, page, limit: 100, sort: 'Award Amount', order: 'desc', subawards: false,
      spending_level: 'awards', auditTrail: 'Results Table - Spending by award search',
    }));
    const seen = tab.length;
    expect(seen).toBe(counts.results.contracts);
    expect(tab[0]).toEqual(expect.objectContaining({ 'Award Amount': expect.any(Number), generated_internal_id: expect.any(String) }));

    // Time chart and categories: the same obligations, grouped two ways.
    const chart = await post('v2/search/spending_over_time/', {
      group: 'fiscal_year', filters, subawards: false, spending_level: 'transactions', auditTrail: 'Spending Over Time Visualization',
    });
    const chartTotal = sum(chart.results.map((r: Amounts) => cents(r.aggregated_amount)));
    expect(chartTotal).not.toBe(0);
    for (const category of ['awarding_agency', 'recipient', 'naics']) {
      const rows = await allCategoryRows(category, filters);
      expect({ category, total: sum(rows.map((r) => cents(r.amount))) }).toEqual({ category, total: chartTotal });
    }

    // The map by state: the states' amounts add up to the country category's United States row.
    const map = await post('v2/search/spending_by_geography/', {
      scope: 'place_of_performance', geo_layer: 'state', filters, subawards: false, spending_level: 'transactions',
      auditTrail: 'Map Visualization',
    });
    expect(map.results.length).toBeGreaterThan(0);
    const usa = (await allCategoryRows('country', filters)).find((r) => r.code === 'USA');
    expect(sum(map.results.map((r: Amounts) => cents(r.aggregated_amount)))).toBe(cents(usa?.amount ?? 0));

    // The transactions tab and the download modal's count.
    const txns = await post('v2/search/spending_by_transaction/', {
      filters, fields: ['Award ID', 'Mod', 'Recipient Name', 'Action Date', 'Transaction Amount', 'Awarding Agency', 'internal_id', 'generated_internal_id'],
      page: 1, limit: 10, sort: 'Transaction Amount', order: 'desc', auditTrail: 'Results Table - Spending by transaction search',
    });
    expect(txns.results).toHaveLength(10);
    const amounts = txns.results.map((r: { 'Transaction Amount': number }) => r['Transaction Amount']);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const count = await post('v2/download/count/', { filters, auditTrail: 'Download Count' });
    expect(count.transaction_rows_gt_limit).toBe(false);
    expect(count.calculated_transaction_count).toBeGreaterThanOrEqual(seen);
  });

  it('stores the filter state for a shared link and restores it from the hash', async () => {
    const filter = { filters: { timePeriodType: 'fy', timePeriodFY: ['2026'], selectedLocations: {}, keyword: {} }, version: '2020-06-01' };
    const stored = await post('v2/references/filter/', filter);
    expect(stored.hash).toMatch(/^[0-9a-f]{32}$/);
    const restored = await post('v2/references/hash/', { hash: stored.hash });
    expect(restored.filter).toEqual(filter);
  });

  it('type-aheads and filter trees answer from the reference data', async () => {
    const agencies = await post('v2/autocomplete/awarding_agency/', { search_text: 'Dep', limit: 10 });
    expect(agencies.results.length).toBeGreaterThan(0);
    for (const a of agencies.results) expect(JSON.stringify(a).toLowerCase()).toContain('dep');
    const tas = await get('v2/references/filter_tree/tas/');
    expect(tas.results.length).toBeGreaterThan(0);
    const agency = tas.results[0].id;
    const accounts = await get(`v2/references/filter_tree/tas/${agency}/`);
    expect(accounts.results.length).toBe(tas.results[0].count);
    const psc = await get('v2/references/filter_tree/psc/');
    expect(psc.results.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['Product', 'Service', 'Research and Development']));
    const naics = await get('v2/references/naics/');
    const sector = naics.results[0];
    const children = await get(`v2/references/naics/${sector.naics}/`);
    expect(children.results[0].naics).toBe(sector.naics);
    for (const child of children.results[0].children) expect(child.naics.startsWith(sector.naics)).toBe(true);
    const defc = await get('v2/references/def_codes/');
    expect(defc.codes.some((c: DefCode) => c.disaster === 'covid_19')).toBe(true);
  });
});

describe('award page', () => {
  /** The results table's first row, and the award page it opens. */
  async function topAward(codes: string[]): Promise<string> {
    const body = await post('v2/search/spending_by_award/', {
      filters: { time_period: ALL_YEARS, award_type_codes: codes }, fields: ['Award ID', 'Award Amount', 'generated_internal_id'],
      page: 1, limit: 1, sort: 'Award Amount', order: 'desc', spending_level: 'awards',
    });
    const row = body.results[0];
    const award = await get(`v2/awards/${row.generated_internal_id}/`);
    expect({ id: award.generated_unique_award_id, amount: cents(award.total_obligation) }).toEqual({ id: row.generated_internal_id, amount: cents(row['Award Amount']) });
    return row.generated_internal_id as string;
  }

  it('a contract: summary, tab counts and history tables agree', async () => {
    const id = await topAward(CONTRACTS);
    const award = await get(`v2/awards/${id}/`);
    expect(award.generated_unique_award_id).toBe(id);
    await get('v2/references/def_codes/');
    const { transactions } = await get(`v2/awards/count/transaction/${id}/`);
    const history = await post('v2/transactions/', { award_id: id, page: 1, sort: 'action_date', order: 'desc', limit: 5000 });
    expect(history.results).toHaveLength(transactions);
    expect(sum(history.results.map((t: { federal_action_obligation: number }) => cents(t.federal_action_obligation)))).toBe(cents(award.total_obligation));
    const { subawards } = await get(`v2/awards/count/subaward/${id}/`);
    const subs = await post('v2/subawards/', { award_id: id, page: 1, sort: 'subaward_number', order: 'desc', limit: 100 });
    expect(subs.results).toHaveLength(Math.min(subawards, 100));
    const { federal_accounts } = await get(`v2/awards/count/federal_account/${id}/`);
    const rollup = await post('v2/awards/funding_rollup/', { award_id: id });
    expect(rollup.federal_account_count).toBe(federal_accounts);
    const accounts = await post('v2/awards/accounts/', { award_id: id, page: 1, limit: 100, sort: 'total_transaction_obligated_amount', order: 'desc' });
    expect(accounts.results).toHaveLength(Math.min(federal_accounts, 100));
    const funding = await post('v2/awards/funding/', { award_id: id, page: 1, limit: 100, sort: 'reporting_fiscal_date', order: 'desc' });
    expect(cents(sum(funding.results.map((r: { transaction_obligated_amount: number | null }) => r.transaction_obligated_amount ?? 0))))
      .toBe(funding.page_metadata.hasNext ? expect.any(Number) : cents(rollup.total_transaction_obligated_amount));
  });

  it('an IDV: amounts, child awards, activity and funding', async () => {
    const id = await topAward(IDVS);
    const award = await get(`v2/awards/${id}/`);
    expect(award.category).toBe('idv');
    const amounts = await get(`v2/idvs/amounts/${id}/`);
    expect(amounts.generated_unique_award_id).toBe(id);
    const children = await post('v2/idvs/awards/', { award_id: id, type: 'child_awards', page: 1, limit: 100, sort: 'period_of_performance_start_date', order: 'desc' });
    expect(children.results).toHaveLength(Math.min(amounts.child_award_count, 100));
    const idvKids = await post('v2/idvs/awards/', { award_id: id, type: 'child_idvs', page: 1, limit: 100, sort: 'period_of_performance_start_date', order: 'desc' });
    expect(idvKids.results).toHaveLength(Math.min(amounts.child_idv_count, 100));
    const activity = await post('v2/idvs/activity/', { award_id: id, page: 1, limit: 100 });
    expect(activity.page_metadata.total).toBe(amounts.child_award_count + amounts.grandchild_award_count);
    await post('v2/idvs/funding/', { award_id: id, page: 1, limit: 10, sort: 'reporting_fiscal_date', order: 'desc' });
    const rollup = await post('v2/idvs/funding_rollup/', { award_id: id });
    const { count: federal_accounts } = await get(`v2/idvs/count/federal_account/${id}/`);
    expect(rollup.federal_account_count).toBe(federal_accounts);
    const accounts = await post('v2/idvs/accounts/', { award_id: id, page: 1, limit: 100, sort: 'total_transaction_obligated_amount', order: 'desc' });
    expect(accounts.results).toHaveLength(Math.min(federal_accounts, 100));
  });
});

describe('recipient profile', () => {
  it('the overview, its children, and the charts filtered by recipient agree', async () => {
    const list = await post('v2/recipient/', { order: 'desc', sort: 'amount', page: 1, limit: 50, award_type: 'all' });
    const parent = list.results.find((r: { recipient_level: string }) => r.recipient_level === 'P') ?? list.results[0];
    const recipientId = `${parent.id}`;
    const profile = await get(`v2/recipient/${recipientId}/?year=all`);
    expect(profile.recipient_id).toBe(recipientId);
    const latest = await get(`v2/recipient/${recipientId}/?year=latest`);
    expect(latest.recipient_id).toBe(recipientId);
    // The landing page's amount is the last 12 months, which the profile shows for year=latest.
    expect(cents(latest.total_transaction_amount)).toBe(cents(parent.amount));
    if (parent.recipient_level === 'P') {
      const key = profile.uei ?? profile.duns;
      const children = await get(`v2/recipient/children/${key}/?year=all`);
      expect(children.length).toBeGreaterThan(0);
    }
    const filters = { recipient_id: recipientId, time_period: ALL_YEARS };
    const chart = await post('v2/search/spending_over_time/', { group: 'fiscal_year', filters, auditTrail: 'Recipient Spending Over Time' });
    const chartTotal = sum(chart.results.map((r: Amounts) => cents(r.aggregated_amount)));
    // The chart, as upstream's, counts only transactions with an award category (type -1 has none); the
    // categories of the same transactions add up to it, and the profile's total counts every transaction.
    const typed = await allCategoryRows('awarding_agency', { ...filters, award_type_codes: [...CONTRACTS, ...IDVS, '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'] });
    expect(sum(typed.map((r) => cents(r.amount)))).toBe(chartTotal);
    const everything = await allCategoryRows('awarding_agency', filters);
    expect(sum(everything.map((r) => cents(r.amount)))).toBe(cents(profile.total_transaction_amount));
    const newAwards = await post('v2/search/new_awards_over_time/', { group: 'fiscal_year', filters });
    expect(sum(newAwards.results.map((r: { new_award_count_in_period: number }) => r.new_award_count_in_period))).toBeGreaterThan(0);
    const top = await post('v2/search/spending_by_category/awarding_agency', { category: 'awarding_agency', filters, limit: 5, page: 1 });
    expect(top.results.length).toBeGreaterThan(0);
  });
});

describe('agency profile', () => {
  it('the overview, award totals, sub-agencies and budgetary resources agree', async () => {
    const fy = 2026;
    const agencies = await get('v2/references/toptier_agencies/');
    await get('v2/references/submission_periods/');
    const top = await allCategoryRows('awarding_agency', { time_period: [{ start_date: '2025-10-01', end_date: '2026-09-30' }] });
    const agencyId = top.sort((a, b) => b.amount - a.amount)[0]?.id;
    const agency = agencies.results.find((a: { agency_id: number }) => a.agency_id === agencyId);
    expect(agency).toBeDefined();
    const code = agency.toptier_code as string;
    const overview = await get(`v2/agency/${code}/?fiscal_year=${fy}`);
    expect(overview.toptier_code).toBe(code);
    const budget = await get(`v2/agency/${code}/budgetary_resources`);
    expect(budget.agency_data_by_year.length).toBeGreaterThan(0);
    const byCategory = await get(`v2/agency/${code}/obligations_by_award_category/?fiscal_year=${fy}`);
    expect(cents(byCategory.total_aggregated_amount)).toBe(sum(byCategory.results.map((r: Amounts) => cents(r.aggregated_amount))));
    const awards = await get(`v2/agency/${code}/awards/?fiscal_year=${fy}`);
    expect(cents(awards.obligations)).toBe(cents(byCategory.total_aggregated_amount));
    const subAgencies = await get(`v2/agency/${code}/sub_agency/?fiscal_year=${fy}&limit=100`);
    expect(sum(subAgencies.results.map((r: { total_obligations: number }) => cents(r.total_obligations)))).toBe(cents(awards.obligations));
    const recipients = await get(`v2/agency/${code}/recipients/?fiscal_year=${fy}`);
    expect(recipients.count).toBeGreaterThan(0);
    const newCount = await get(`v2/agency/${code}/awards/new/count/?fiscal_year=${fy}&award_type_codes=[A,B,C,D]`);
    expect(newCount.new_award_count).toBeGreaterThanOrEqual(0);
    const components = await get(`v2/agency/${code}/sub_components/?fiscal_year=${fy}`);
    for (const c of components.results) expect(c.id).toEqual(expect.any(String));
  });
});

describe('federal account page', () => {
  it('the account, its snapshot and object classes', async () => {
    const list = await post('v2/federal_accounts/', { filters: { fy: '2026' }, sort: { field: 'budgetary_resources', direction: 'desc' }, page: 1, limit: 10 });
    expect(list.results.length).toBeGreaterThan(0);
    const acct = list.results[0];
    const account = await get(`v2/federal_accounts/${acct.account_number}/`);
    expect(account.federal_account_code).toBe(acct.account_number);
    const snapshot = await get(`v2/federal_accounts/${account.id}/fiscal_year_snapshot/2026`);
    expect(snapshot.results.name).toBe(account.account_title);
    const classes = await get(`v2/federal_accounts/${account.id}/available_object_classes`);
    expect(Array.isArray(classes.results)).toBe(true);
    const balances = await post('v1/tas/balances/total/', {
      field: 'budget_authority_available_amount_total_cpe', group: 'reporting_period_start',
      order: ['reporting_period_start'], filters: [{ field: 'treasury_account_identifier__federal_account_id', operation: 'equals', value: account.id }],
    });
    expect(Array.isArray(balances.results)).toBe(true);
    // The page's chart (v1, File A by fiscal year) and its snapshot (File A of the year) show the same obligations.
    const byYear = await post('v1/tas/balances/total/', {
      field: 'obligations_incurred_total_by_tas_cpe', group: 'submission__reporting_fiscal_year',
      filters: [{ field: 'treasury_account_identifier__federal_account_id', operation: 'equals', value: account.id }],
    });
    const fy2026 = byYear.results.find((r: { item: number | string }) => `${r.item}` === '2026');
    expect(snapshot.results.obligated).not.toBe(0);
    expect(cents(fy2026?.aggregate ?? 0)).toBe(cents(snapshot.results.obligated));
  });
});

describe('COVID-19 page', () => {
  it('the overview and the spending tables agree on the award obligations', async () => {
    const defc = await get('v2/references/def_codes/');
    const covid = defc.codes.filter((c: DefCode) => c.disaster === 'covid_19').map((c: DefCode) => c.code).sort();
    await get('v2/references/toptier_agencies/');
    const overview = await get(`v2/disaster/overview/?def_codes=${covid.join(',')}`);
    expect(overview.spending.award_obligations).toEqual(expect.any(Number));
    const filter = { def_codes: covid };
    const amount = await post('v2/disaster/award/amount/', { filter });
    const agencies = await post('v2/disaster/agency/spending/', { filter, spending_type: 'award', pagination: { page: 1, limit: 100, sort: 'obligation', order: 'desc' } });
    expect(sum(agencies.results.map((r: { obligation: number }) => cents(r.obligation)))).toBe(cents(amount.obligation));
    for (const kind of ['agency', 'cfda', 'recipient', 'federal_account', 'object_class']) {
      const count = await post(`v2/disaster/${kind}/count/`, { filter });
      expect(count.count).toBeGreaterThanOrEqual(0);
    }
    const map = await post('v2/disaster/spending_by_geography/', { filter, geo_layer: 'state', scope: 'recipient_location', spending_type: 'obligation' });
    expect(Array.isArray(map.results)).toBe(true);
  });
});

describe('download center, state profile, keyword page, home', () => {
  it('list their choices and totals from the data', async () => {
    const agencies = await post('v2/bulk_download/list_agencies/', { type: 'award_agencies', agency: 0 });
    expect(agencies.agencies.cfo_agencies.length + agencies.agencies.other_agencies.length).toBeGreaterThan(0);
    const functions = await get('v2/budget_functions/list_budget_functions/');
    expect(functions.results.length).toBeGreaterThan(0);

    const states = await get('v2/recipient/state/');
    const state = states.sort((a: { amount: number }, b: { amount: number }) => b.amount - a.amount)[0];
    const profile = await get(`v2/recipient/state/${state.fips}/?year=latest`);
    expect(profile.code).toBe(state.code);
    const stateAwards = await get(`v2/recipient/state/awards/${state.fips}/?year=all`);
    expect(stateAwards.length).toBeGreaterThan(0);
    // The page's year switch: the award types of a year add up to the state's total for that year.
    const year = await get(`v2/recipient/state/${state.fips}/?year=2026`);
    const yearAwards: { amount: number; count: number }[] = await get(`v2/recipient/state/awards/${state.fips}/?year=2026`);
    expect(year.total_prime_amount).not.toBe(0);
    expect(sum(yearAwards.map((a) => cents(a.amount)))).toBe(cents(year.total_prime_amount));
    expect(sum(yearAwards.map((a) => a.count))).toBe(year.total_prime_awards);
    // ... and the state's figure on the search page's map by place of performance (upstream's state totals use it).
    const map = await post('v2/search/spending_by_geography/', {
      scope: 'place_of_performance', geo_layer: 'state', filters: { time_period: [{ start_date: '2025-10-01', end_date: '2026-09-30' }] },
    });
    const onMap = map.results.find((r: { shape_code: string }) => r.shape_code === state.code);
    expect(cents(onMap?.aggregated_amount ?? 0)).toBe(cents(year.total_prime_amount));

    const keyword = { keyword: 'support' };
    const kwCount = await post('v2/search/spending_by_transaction_count/', { filters: keyword });
    const summary = await post('v2/search/transaction_spending_summary/', { filters: keyword });
    expect(summary.results.prime_awards_count).toBe(kwCount.results.contracts + kwCount.results.idvs + kwCount.results.grants
      + kwCount.results.direct_payments + kwCount.results.loans + kwCount.results.other);
    // The keyword page's table, every tab paged to the end, adds up to the summary above it.
    let rows = 0;
    let amount = 0;
    for (const codes of [CONTRACTS, IDVS, ['02', '03', '04', '05'], ['06', '10'], ['07', '08'], ['09', '11', '-1']]) {
      const table = await allPages<{ 'Transaction Amount': number | null }>('v2/search/spending_by_transaction/', (page) => ({
        filters: { ...keyword, award_type_codes: codes }, fields: ['Award ID', 'Transaction Amount'], page, limit: 100, sort: 'Transaction Amount', order: 'desc',
      }));
      rows += table.length;
      amount += sum(table.map((r) => cents(r['Transaction Amount'] ?? 0)));
    }
    expect(rows).toBeGreaterThan(0);
    expect({ rows, amount }).toEqual({ rows: summary.results.prime_awards_count, amount: cents(summary.results.prime_awards_obligation_amount) });

    const periods = await get('v2/references/submission_periods/');
    expect(periods.available_periods.length).toBeGreaterThan(0);
    const home = await post('v2/spending/', { type: 'agency', filters: { fy: '2026', period: 12 } });
    expect(home.results.length).toBeGreaterThan(0);
  });
});

describe('agency status of funds', () => {
  it('bureau, federal account and Treasury account figures agree down the drill-down', async () => {
    const fy = 2026;
    const agencies = await get('v2/references/toptier_agencies/');
    const code = agencies.results.sort((a: { obligated_amount: number }, b: { obligated_amount: number }) => b.obligated_amount - a.obligated_amount)[0].toptier_code as string;
    const bureaus = await get(`v2/agency/${code}/sub_components/?fiscal_year=${fy}`);
    const bureau = bureaus.results[0];
    expect(bureau).toBeDefined();
    const accounts = await get(`v2/agency/${code}/sub_components/${bureau.id}/?fiscal_year=${fy}&limit=100`);
    expect(cents(accounts.totals.total_obligations)).toBe(cents(bureau.total_obligations));
    expect(cents(accounts.totals.total_budgetary_resources)).toBe(cents(bureau.total_budgetary_resources));
    if (!accounts.page_metadata.hasNext) {
      const byAccount = accounts.results.map((r: { total_obligations: number }) => cents(r.total_obligations));
      expect(sum(byAccount)).toBe(cents(bureau.total_obligations));
    }
    const first = accounts.results[0];
    const account = await get(`v2/federal_accounts/${first.id}/?fiscal_year=${fy}`);
    expect(account.federal_account_code).toBe(first.id);
    expect(cents(account.total_obligated_amount ?? 0)).toBe(cents(first.total_obligations));
    const children: { code: string; obligated_amount: number }[] = account.children;
    expect(sum(children.map((c) => cents(c.obligated_amount)))).toBe(cents(first.total_obligations));
    const tas = children.sort((a, b) => b.obligated_amount - a.obligated_amount)[0];
    expect(tas).toBeDefined();
    const activities = await get(`v2/agency/treasury_account/${encodeURIComponent(tas?.code ?? '')}/program_activity/?fiscal_year=${fy}&limit=100`);
    expect(activities.results.length).toBeGreaterThan(0);
    await get(`v2/agency/treasury_account/${encodeURIComponent(tas?.code ?? '')}/object_class/?fiscal_year=${fy}`);
  });
});

describe('submission statistics', () => {
  it('lists the agencies of the latest period with the same ids as the agency list', async () => {
    const periods = await get('v2/references/submission_periods/');
    const revealed = periods.available_periods
      .filter((p: { submission_reveal_date: string }) => p.submission_reveal_date <= new Date().toISOString())
      .sort((a: { submission_fiscal_year: number; submission_fiscal_month: number }, b: { submission_fiscal_year: number; submission_fiscal_month: number }) =>
        b.submission_fiscal_year - a.submission_fiscal_year || b.submission_fiscal_month - a.submission_fiscal_month)[0];
    const fy = revealed.submission_fiscal_year as number;
    const period = revealed.submission_fiscal_month as number;
    const overview = await get(`v2/reporting/agencies/overview/?fiscal_year=${fy}&fiscal_period=${period}&page=1&limit=100`);
    expect(overview.results.length).toBeGreaterThan(0);
    const agencies = await get('v2/references/toptier_agencies/');
    const idOf = new Map(agencies.results.map((a: { toptier_code: string; agency_id: number }) => [a.toptier_code, a.agency_id]));
    for (const row of overview.results) expect({ code: row.toptier_code, id: row.agency_id }).toEqual({ code: row.toptier_code, id: idOf.get(row.toptier_code) });
    const dates = await get(`v2/reporting/agencies/publish_dates?fiscal_year=${fy}`);
    expect(dates.results.length).toBeGreaterThan(0);
    const resources = await get('v2/references/total_budgetary_resources/');
    expect(resources.results.length).toBeGreaterThan(0);
    const dictionary = await get('v2/references/data_dictionary/');
    expect(dictionary.document.rows.length).toBeGreaterThan(0);
  });
});

describe('answers that different pages show for the same thing', () => {
  const FY2025 = [{ start_date: '2024-10-01', end_date: '2025-09-30' }];
  const TABS: Record<string, string[]> = {
    contracts: CONTRACTS, idvs: IDVS, grants: ['02', '03', '04', '05'], direct_payments: ['06', '10'], loans: ['07', '08'], other: ['09', '11', '-1'],
  };

  it('each results tab pages through exactly as many awards and transactions as its tab count says', async () => {
    const filters = { time_period: FY2025 };
    const awardCounts = await post('v2/search/spending_by_award_count/', { filters, spending_level: 'awards' });
    const txnCounts = await post('v2/search/spending_by_transaction_count/', { filters });
    for (const [tab, codes] of Object.entries(TABS)) {
      const awards = (await allPages('v2/search/spending_by_award/', (page) => ({
        filters: { ...filters, award_type_codes: codes }, fields: ['Award ID'], page, limit: 100, sort: 'Award ID', order: 'asc', spending_level: 'awards',
      }))).length;
      const transactions = (await allPages('v2/search/spending_by_transaction/', (page) => ({
        filters: { ...filters, award_type_codes: codes }, fields: ['Award ID'], page, limit: 100, sort: 'Award ID', order: 'asc',
      }))).length;
      expect({ tab, awards, transactions }).toEqual({ tab, awards: awardCounts.results[tab], transactions: txnCounts.results[tab] });
    }
    const download = await post('v2/download/count/', { filters: { ...filters, award_type_codes: Object.values(TABS).flat() } });
    const allTabs = Object.keys(TABS).reduce((n, tab) => n + (txnCounts.results[tab] as number), 0);
    expect(download.calculated_transaction_count).toBe(allTabs);
  });

  it('the map by state and the state category agree state by state', async () => {
    const filters = { time_period: FY2025 };
    const map = await post('v2/search/spending_by_geography/', { scope: 'place_of_performance', geo_layer: 'state', filters });
    const states = await allCategoryRows('state_territory', filters);
    const byCode = (rows: { code: string | null; amount: number }[]) => Object.fromEntries(rows.filter((r) => r.amount !== 0).map((r) => [r.code, cents(r.amount)]));
    const mapped = byCode(map.results.map((r: { shape_code: string; aggregated_amount: number }) => ({ code: r.shape_code, amount: r.aggregated_amount })));
    expect(Object.keys(mapped).length).toBeGreaterThan(5);
    expect(mapped).toEqual(byCode(states));
  });

  it("an agency profile's award obligations are the search page's figure for that agency and year", async () => {
    const rows = await allCategoryRows('awarding_agency', { time_period: FY2025 });
    const agencies = await get('v2/references/toptier_agencies/');
    // (the agency list, like upstream's, has only agencies that submitted account data: those have a profile page)
    const listed = rows.flatMap((row) => {
      const agency = agencies.results.find((a: { agency_id: number }) => a.agency_id === row.id);
      return agency ? [{ row, agency }] : [];
    });
    expect(listed.length).toBeGreaterThan(2);
    for (const { row, agency } of listed.slice(0, 3)) {
      const profile = await get(`v2/agency/${agency.toptier_code}/obligations_by_award_category/?fiscal_year=2025`);
      expect({ agency: row.name, amount: cents(profile.total_aggregated_amount) }).toEqual({ agency: row.name, amount: cents(row.amount) });
    }
  });
});

describe('COVID-19 page totals', () => {
  it('every breakdown of award spending adds up to the award amount', async () => {
    const defc = await get('v2/references/def_codes/');
    const def_codes = defc.codes.filter((c: DefCode) => c.disaster === 'covid_19').map((c: DefCode) => c.code);
    const filter = { def_codes };
    const amount = await post('v2/disaster/award/amount/', { filter });
    const assistance = await post('v2/disaster/award/amount/', { filter: { ...filter, award_type: 'assistance' } });
    const procurement = await post('v2/disaster/award/amount/', { filter: { ...filter, award_type: 'procurement' } });
    expect(cents(assistance.obligation) + cents(procurement.obligation)).toBe(cents(amount.obligation));
    expect(assistance.award_count + procurement.award_count).toBe(amount.award_count);
    const overview = await get(`v2/disaster/overview/?def_codes=${[...def_codes].sort().join(',')}`);
    expect(cents(overview.spending.award_obligations)).toBe(cents(amount.obligation));

    const pages = (path: string, body: Json) =>
      allPages<{ obligation: number; award_count: number }>(path, (page) => ({ ...body, pagination: { page, limit: 100, sort: 'obligation', order: 'desc' } }));
    const total = (rows: { obligation: number }[]) => sum(rows.map((r) => cents(r.obligation)));
    for (const kind of ['agency', 'federal_account', 'object_class']) {
      const rows = await pages(`v2/disaster/${kind}/spending/`, { filter, spending_type: 'award' });
      expect({ kind, obligation: total(rows) }).toEqual({ kind, obligation: cents(amount.obligation) });
    }
    // All spending (File B, award or not) is the same sum whether by agency, account or object class. (The
    // overview's total obligations come from GTAS, as upstream's: another source, not compared here.)
    const totals = [];
    for (const kind of ['agency', 'federal_account', 'object_class']) {
      totals.push(total(await pages(`v2/disaster/${kind}/spending/`, { filter, spending_type: 'total' })));
    }
    expect(totals[0]).not.toBe(0);
    expect(totals).toEqual([totals[0], totals[0], totals[0]]);
    const cfda = await pages('v2/disaster/cfda/spending/', { filter, spending_type: 'award' });
    expect(total(cfda)).toBe(cents(assistance.obligation));
    const recipients = await pages('v2/disaster/recipient/spending/', { filter, spending_type: 'award' });
    const recipientCount = await post('v2/disaster/recipient/count/', { filter });
    expect(recipients).toHaveLength(recipientCount.count);
    expect(total(recipients)).toBe(cents(amount.obligation));
  });
});

describe('recipient children and the spending explorer', () => {
  it("a parent's children add up to the parent's total, and each explorer level adds up to its total", async () => {
    const list = await post('v2/recipient/', { order: 'desc', sort: 'amount', page: 1, limit: 100, award_type: 'all' });
    const parents = list.results.filter((r: { recipient_level: string }) => r.recipient_level === 'P').slice(0, 3);
    expect(parents.length).toBeGreaterThan(0);
    for (const parent of parents) {
      const profile = await get(`v2/recipient/${parent.id}/?year=all`);
      const children: { amount: number }[] = await get(`v2/recipient/children/${profile.uei ?? profile.duns}/?year=all`);
      expect({ parent: parent.name, total: sum(children.map((c) => cents(c.amount))) }).toEqual({ parent: parent.name, total: cents(profile.total_transaction_amount) });
    }
    for (const type of ['agency', 'budget_function', 'object_class', 'federal_account']) {
      const explorer = await post('v2/spending/', { type, filters: { fy: '2026', period: 12 } });
      expect(explorer.results.length).toBeGreaterThan(0);
      expect({ type, total: sum(explorer.results.map((r: { amount: number }) => cents(r.amount))) }).toEqual({ type, total: cents(explorer.total) });
    }
  });
});

describe('type-aheads and code trees the filters use', () => {
  it('answer with matches, and each tree level lists children of the level above', async () => {
    const location = await post('v2/autocomplete/location/', { search_text: 'san', limit: 20 });
    const found = Object.values(location.results as Record<string, { city_name?: string; state_name?: string; county_name?: string; country_name: string }[]>).flat();
    expect(found.length).toBeGreaterThan(0);
    const cfda = await post('v2/autocomplete/cfda/', { search_text: '10.', limit: 10 });
    expect(cfda.results.length).toBeGreaterThan(0);
    for (const r of cfda.results) expect(`${r.program_number} ${r.program_title} ${r.popular_name}`.toLowerCase()).toContain('10.');
    const recipient = await post('v2/autocomplete/recipient/', { search_text: 'inc', limit: 10 });
    expect(recipient.results.length).toBeGreaterThan(0);
    for (const r of recipient.results) expect(`${r.recipient_name} ${r.uei} ${r.duns}`.toLowerCase()).toContain('inc');

    const totals = await get('v2/references/cfda/totals/');
    const program = totals.results.find((r: { posted: number; closed: number; archived: number; forecasted: number }) => r.posted + r.closed + r.archived + r.forecasted > 0);
    expect(program).toBeDefined();
    const one = await get(`v2/references/cfda/totals/${program.cfda}/`);
    expect(one).toEqual(program);

    const products = await get('v2/references/filter_tree/psc/Product/');
    const group = products.results[0];
    const pscs = await get(`v2/references/filter_tree/psc/Product/${encodeURIComponent(group.id)}/`);
    expect(pscs.results.length).toBeGreaterThan(0);
    for (const psc of pscs.results) expect(psc.id.startsWith(group.id)).toBe(true);

    const months = await post('v2/bulk_download/list_monthly_files/', { agency: 'all', fiscal_year: 2026, type: 'contracts' });
    expect(Array.isArray(months.monthly_files)).toBe(true);
  });
});

describe('search page, subaward view', () => {
  it("the awards grouped with their subawards add up to the subaward tab's count and the award page's subaward counts", async () => {
    const filters = { time_period: ALL_YEARS, award_type_codes: CONTRACTS };
    const counts = await post('v2/search/spending_by_award_count/', { filters, spending_level: 'subawards' });
    const groups = await allPages<{ award_generated_internal_id: string; subaward_count: number; subaward_obligation: number }>(
      'v2/search/spending_by_subaward_grouped/', (page) => ({ filters, page, limit: 100, sort: 'subaward_obligation', order: 'desc' }));
    expect(groups.length).toBeGreaterThan(0);
    expect(sum(groups.map((g) => g.subaward_count))).toBe(counts.results.subcontracts);
    for (const g of groups.slice(0, 3)) {
      const { subawards } = await get(`v2/awards/count/subaward/${g.award_generated_internal_id}/`);
      expect({ award: g.award_generated_internal_id, subawards }).toEqual({ award: g.award_generated_internal_id, subawards: g.subaward_count });
    }
  });
});

describe('award page of a loan', () => {
  it("shows the loan value and subsidy cost the loans tab showed", async () => {
    const body = await post('v2/search/spending_by_award/', {
      filters: { time_period: ALL_YEARS, award_type_codes: ['07', '08'] }, fields: ['Award ID', 'Loan Value', 'Subsidy Cost', 'generated_internal_id'],
      page: 1, limit: 5, sort: 'Loan Value', order: 'desc', spending_level: 'awards',
    });
    expect(body.results.length).toBeGreaterThan(0);
    for (const row of body.results) {
      const award = await get(`v2/awards/${row.generated_internal_id}/`);
      expect({ loan: cents(award.total_loan_value), subsidy: cents(award.total_subsidy_cost) })
        .toEqual({ loan: cents(row['Loan Value']), subsidy: cents(row['Subsidy Cost']) });
    }
  });
});

describe('COVID-19 page, loans', () => {
  it('the loan tables agree with each other and with the award amount of loans', async () => {
    const defc = await get('v2/references/def_codes/');
    const filter = { def_codes: defc.codes.filter((c: DefCode) => c.disaster === 'covid_19').map((c: DefCode) => c.code) };
    const amount = await post('v2/disaster/award/amount/', { filter: { ...filter, award_type_codes: ['07', '08'] } });
    expect(amount.award_count).toBeGreaterThan(0);
    const faceValues: Record<string, number> = {};
    for (const kind of ['agency', 'recipient', 'cfda', 'federal_account', 'object_class']) {
      const rows = await allPages<{ face_value_of_loan: number | null; obligation: number }>(`v2/disaster/${kind}/loans/`,
        (page) => ({ filter, pagination: { page, limit: 100, sort: 'face_value_of_loan', order: 'desc' } }));
      faceValues[kind] = sum(rows.map((r) => cents(r.face_value_of_loan ?? 0)));
    }
    // Every loan has one recipient and one assistance listing; the agency and account tables count a loan under each
    // agency, account and object class that funds it.
    expect(amount.face_value_of_loan).toBeGreaterThan(0);
    expect(faceValues.recipient).toBe(cents(amount.face_value_of_loan));
    expect(faceValues.cfda).toBe(cents(amount.face_value_of_loan));
    for (const kind of ['agency', 'federal_account', 'object_class']) {
      expect({ kind, atLeast: (faceValues[kind] ?? 0) >= cents(amount.face_value_of_loan) }).toEqual({ kind, atLeast: true });
    }
  });
});
