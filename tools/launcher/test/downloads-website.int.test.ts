/**
 * The official website's downloads, replayed with the real Temporal server: the download each page offers (the
 * search page's download bar, the award page's button, the COVID-19 page's recipient table, the download center's
 * custom award and account data), asked for as the site asks (`X-Requested-With`, `auditTrail`, no trailing slash
 * where the site leaves it off), polled on the status route until finished, and the zip's rows checked against
 * the figures the same page shows from the search, award, disaster and profile endpoints.
 */
import { parse } from 'csv-parse/sync';
import type supertest from 'supertest';
import { allPages as pageThrough } from '@usas/test-harness';
import { startDownloadStack, type DownloadStack } from './download-stack';
import { fetchZip, waitForStatus } from './download-zip';

jest.setTimeout(240_000);

let stack: DownloadStack;
let http: ReturnType<typeof supertest>;

beforeAll(async () => {
  stack = await startDownloadStack('site-downloads');
  ({ http } = stack);
});

afterAll(() => stack?.close());

const SITE = { 'X-Requested-With': 'USASpendingFrontend' };
type Json = Record<string, unknown>;

async function get(p: string) {
  const res = await http.get(`/api/${p}`).set(SITE);
  if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function post(p: string, body: Json) {
  const res = await http.post(`/api/${p}`).set(SITE).send(body);
  if (res.status !== 200) throw new Error(`POST ${p}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
/** Money as whole cents: a CSV value (empty is 0) or a JSON number. */
const cents = (x: number | string | null | undefined): number => Math.round(Number(x || 0) * 100);

/** Every row of a paged POST answer (`page_metadata.hasNext`); `bodyOf` places the page number. */
const allPages = <Row>(path: string, bodyOf: (page: number) => Json): Promise<Row[]> => pageThrough<Row>(post, path, bodyOf);

/** A file of the zip: its header and its records, each record as an object by column name. */
interface DownloadFile { header: string[]; rows: Array<Record<string, string>> }

/**
 * Starts a download the way the site does, waits for it on the status route the site polls, and reads the zip:
 * each entry under its name without the job's timestamp and part number (`Contracts_PrimeAwardSummaries`).
 */
async function download(p: string, body: Json, statusPath = '/api/v2/download/status'): Promise<{ status: Record<string, unknown>; files: Record<string, DownloadFile> }> {
  const started = await post(p, body);
  const status = await waitForStatus(http, started.file_name, ['finished', 'failed'], statusPath);
  expect({ file: started.file_name, status: status.status, message: status.message }).toEqual({ file: started.file_name, status: 'finished', message: null });
  const entries = await fetchZip(http, started.file_url);
  const files: Record<string, DownloadFile> = {};
  for (const [name, text] of Object.entries(entries)) {
    // (the timestamp has microseconds, or not: the COVID-19 profile's files leave them off)
    const key = name.replace(/_\d{4}-\d{2}-\d{2}_H\d{2}M\d{2}S\d+/, '').replace(/(_\d+)?\.(csv|tsv|txt)$/, '');
    const [header = [], ...records] = parse(text) as string[][];
    files[key] = { header, rows: records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))) };
  }
  return { status, files };
}

const CONTRACTS = ['A', 'B', 'C', 'D'];
const IDVS = ['IDV_A', 'IDV_B', 'IDV_B_A', 'IDV_B_B', 'IDV_B_C', 'IDV_C', 'IDV_D', 'IDV_E'];
const ASSISTANCE = ['02', '03', '04', '05', '06', '07', '08', '09', '10', '11'];
const ALL_YEARS = [{ start_date: '2007-10-01', end_date: '2027-09-30' }];

describe('search page: the download bar', () => {
  it('the awards, transactions and subawards of a search are the rows the tabs count and the table and chart show', async () => {
    // The search the download follows: every year the site offers, the largest awarding agency.
    const top = await post('v2/search/spending_by_category/awarding_agency', {
      category: 'awarding_agency', filters: { time_period: ALL_YEARS }, limit: 10, page: 1, auditTrail: 'Categories Visualization', spending_level: 'transactions',
    });
    const agency = top.results[0];
    const filters = {
      time_period: ALL_YEARS,
      agencies: [{ type: 'awarding', tier: 'toptier', name: agency.name, toptier_id: agency.id }],
      award_type_codes: [...CONTRACTS, ...IDVS, ...ASSISTANCE],
    };
    const tabs = (await post('v2/search/spending_by_award_count/', { filters, spending_level: 'awards', auditTrail: 'Results View - Tab Counts' })).results;
    const subTabs = (await post('v2/search/spending_by_award_count/', { filters, spending_level: 'subawards', auditTrail: 'Results View - Tab Counts' })).results;
    const txnCount = await post('v2/search/spending_by_transaction_count/', { filters });
    const count = await post('v2/download/count/', { filters, auditTrail: 'Download Count' });
    expect(count.calculated_transaction_count).toBe(sum(Object.values(txnCount.results as Record<string, number>)));

    const { status, files } = await download('v2/download/search/', { filters, columns: [], file_format: 'csv', spending_level: ['awards', 'transactions', 'subawards'], auditTrail: 'Download' });
    expect(Object.keys(files).sort()).toEqual([
      'Assistance_PrimeAwardSummaries', 'Assistance_PrimeTransactions', 'Assistance_Subawards',
      'Contracts_PrimeAwardSummaries', 'Contracts_PrimeTransactions', 'Contracts_Subawards',
    ]);
    const rows = (name: string) => files[name]!.rows;
    expect(status.total_rows).toBe(sum(Object.values(files).map((f) => f.rows.length)));
    expect(status.total_columns).toBe(sum(Object.values(files).map((f) => f.header.length)));

    // Awards: the contract file holds the contracts and IDVs tabs, the assistance file the other four.
    expect(rows('Contracts_PrimeAwardSummaries')).toHaveLength(tabs.contracts + tabs.idvs);
    expect(rows('Assistance_PrimeAwardSummaries')).toHaveLength(tabs.grants + tabs.direct_payments + tabs.loans + tabs.other);
    expect(rows('Contracts_PrimeAwardSummaries').every((r) => r.awarding_agency_name === agency.name)).toBe(true);
    // The contracts tab of the results table: the same awards with the same amounts.
    const table = await allPages<{ generated_internal_id: string; 'Award Amount': number }>('v2/search/spending_by_award/', (page) => ({
      filters: { ...filters, award_type_codes: CONTRACTS }, fields: ['Award ID', 'Award Amount', 'generated_internal_id'],
      page, limit: 100, sort: 'Award Amount', order: 'desc', spending_level: 'awards', auditTrail: 'Results Table - Spending by award search',
    }));
    const contractRows = rows('Contracts_PrimeAwardSummaries').filter((r) => CONTRACTS.includes(r.award_type_code!));
    const byKey = (list: Array<[string, number]>) => Object.fromEntries(list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(byKey(contractRows.map((r) => [r.contract_award_unique_key!, cents(r.total_obligated_amount)])))
      .toEqual(byKey(table.map((r) => [r.generated_internal_id, cents(r['Award Amount'])])));

    // Transactions: the transactions tab's count, and the time chart's obligations.
    const txns = [...rows('Contracts_PrimeTransactions'), ...rows('Assistance_PrimeTransactions')];
    expect(txns).toHaveLength(count.calculated_transaction_count);
    const chart = await post('v2/search/spending_over_time/', { group: 'fiscal_year', filters, spending_level: 'transactions', auditTrail: 'Spending Over Time Visualization' });
    const chartTotal = sum(chart.results.map((r: { aggregated_amount: number }) => cents(r.aggregated_amount)));
    expect(chartTotal).not.toBe(0);
    expect(sum(txns.map((r) => cents(r.federal_action_obligation)))).toBe(chartTotal);

    // Subawards: the subaward tabs' counts and the subaward table's amounts.
    const subs = [...rows('Contracts_Subawards'), ...rows('Assistance_Subawards')];
    expect(subs).toHaveLength(sum(Object.values(subTabs as Record<string, number>)));
    // (the subaward table shows one group of prime award types at a time: procurement, then assistance)
    const subTable = [];
    for (const group of [[...CONTRACTS, ...IDVS], ASSISTANCE]) {
      subTable.push(...await allPages<{ 'Sub-Award Amount': number }>('v2/search/spending_by_award/', (page) => ({
        filters: { ...filters, award_type_codes: group }, fields: ['Sub-Award ID', 'Sub-Award Amount'], page, limit: 100, sort: 'Sub-Award Amount', order: 'desc',
        spending_level: 'subawards', subawards: true,
      })));
    }
    expect(subTable).toHaveLength(subs.length);
    expect(sum(subs.map((r) => cents(r.subaward_amount)))).toBe(sum(subTable.map((r) => cents(r['Sub-Award Amount']))));
  });
});

describe('award page: the download button', () => {
  /** The award of these types the results table lists first, among those with subawards and federal accounts. */
  async function topAward(codes: string[]): Promise<string> {
    const body = await post('v2/search/spending_by_award/', {
      filters: { time_period: ALL_YEARS, award_type_codes: codes }, fields: ['Award ID', 'Award Amount', 'generated_internal_id'],
      page: 1, limit: 100, sort: 'Award Amount', order: 'desc', spending_level: 'awards',
    });
    // the largest one whose page has subawards and a federal account section, so that every file has rows
    for (const { generated_internal_id: id } of body.results as Array<{ generated_internal_id: string }>) {
      const { subawards } = await get(`v2/awards/count/subaward/${id}/`);
      const { federal_accounts } = await get(`v2/awards/count/federal_account/${id}/`);
      if (subawards > 0 && federal_accounts > 0) return id;
    }
    throw new Error(`no award of ${codes.join(',')} with subawards and federal accounts`);
  }

  /** The award page's transaction history table, every row. */
  async function history(id: string) {
    return allPages<{ modification_number: string; action_date: string; federal_action_obligation: number }>('v2/transactions/', (page) => ({
      award_id: id, page, sort: 'action_date', order: 'desc', limit: 100,
    }));
  }

  const historyKeys = (list: Array<{ modification_number: string; action_date: string; federal_action_obligation: number }>) =>
    list.map((t) => `${t.action_date}|${t.modification_number}|${cents(t.federal_action_obligation)}`).sort();

  it('a contract: its transactions are the history table, its subawards the subaward table', async () => {
    const id = await topAward(CONTRACTS);
    const award = await get(`v2/awards/${id}/`);
    const { files } = await download('v2/download/contract/', { award_id: id });
    const slug = award.piid.replace(/[^\w]/g, '');
    expect(Object.keys(files)).toEqual([`Contract_${slug}_TransactionHistory`, `Contract_${slug}_Sub-Awards`, `Contract_${slug}_FederalAccountFunding`]);
    const txns = files[`Contract_${slug}_TransactionHistory`]!.rows;
    const { transactions } = await get(`v2/awards/count/transaction/${id}/`);
    expect(txns).toHaveLength(transactions);
    expect(txns.map((t) => `${t.action_date}|${t.modification_number}|${cents(t.federal_action_obligation)}`).sort()).toEqual(historyKeys(await history(id)));
    expect(sum(txns.map((t) => cents(t.federal_action_obligation)))).toBe(cents(award.total_obligation));
    expect(new Set(txns.map((t) => t.contract_award_unique_key))).toEqual(new Set([id]));

    const subs = files[`Contract_${slug}_Sub-Awards`]!.rows;
    const { subawards } = await get(`v2/awards/count/subaward/${id}/`);
    expect(subs).toHaveLength(subawards);
    expect(award.subaward_count).toBe(subawards);
    const table = await allPages<{ subaward_number: string; amount: number }>('v2/subawards/', (page) => ({ award_id: id, page, sort: 'subaward_number', order: 'desc', limit: 100 }));
    expect(subs.map((s) => `${s.subaward_number}|${cents(s.subaward_amount)}`).sort()).toEqual(table.map((s) => `${s.subaward_number}|${cents(s.amount)}`).sort());
    expect(cents(award.total_subaward_amount)).toBe(sum(subs.map((s) => cents(s.subaward_amount))));

    // The federal account section: the File C rows of the award add up to its funding rollup.
    const funding = files[`Contract_${slug}_FederalAccountFunding`]!.rows;
    const rollup = await post('v2/awards/funding_rollup/', { award_id: id });
    expect(funding.length).toBeGreaterThan(0);
    expect(sum(funding.map((r) => cents(r.transaction_obligated_amount)))).toBe(cents(rollup.total_transaction_obligated_amount));
    expect(new Set(funding.map((r) => r.federal_account_symbol)).size).toBe(rollup.federal_account_count);
  });

  it('an assistance award: its transactions are the history table, its subawards and funding the page\'s counts', async () => {
    const id = await topAward(['02', '03', '04', '05']);
    const award = await get(`v2/awards/${id}/`);
    const { files } = await download('v2/download/assistance/', { award_id: id });
    const slug = award.fain ? award.fain.replace(/[^\w]/g, '') : Object.keys(files)[0]!.split('_')[1];
    expect(Object.keys(files)).toEqual([`Assistance_${slug}_TransactionHistory`, `Assistance_${slug}_Sub-Awards`, `Assistance_${slug}_FederalAccountFunding`]);
    const { subawards } = await get(`v2/awards/count/subaward/${id}/`);
    expect(files[`Assistance_${slug}_Sub-Awards`]!.rows).toHaveLength(subawards);
    const rollup = await post('v2/awards/funding_rollup/', { award_id: id });
    expect(sum(files[`Assistance_${slug}_FederalAccountFunding`]!.rows.map((r) => cents(r.transaction_obligated_amount)))).toBe(cents(rollup.total_transaction_obligated_amount));
    const txns = files[`Assistance_${slug}_TransactionHistory`]!.rows;
    const { transactions } = await get(`v2/awards/count/transaction/${id}/`);
    expect(txns).toHaveLength(transactions);
    expect(txns.map((t) => `${t.action_date}|${t.modification_number}|${cents(t.federal_action_obligation)}`).sort()).toEqual(historyKeys(await history(id)));
    expect(sum(txns.map((t) => cents(t.federal_action_obligation)))).toBe(cents(award.total_obligation));
  });

  it("an IDV: its orders are the page's child awards and IDVs and the awards under those", async () => {
    // The first IDV of the results table with child IDVs (so that it has grandchildren).
    const table = await post('v2/search/spending_by_award/', {
      filters: { time_period: ALL_YEARS, award_type_codes: IDVS }, fields: ['Award ID', 'Award Amount', 'generated_internal_id'],
      page: 1, limit: 100, sort: 'Award Amount', order: 'desc', spending_level: 'awards',
    });
    let id = '';
    let amounts: Record<string, number> = {};
    for (const row of table.results as Array<{ generated_internal_id: string }>) {
      amounts = await get(`v2/idvs/amounts/${row.generated_internal_id}/`);
      id = row.generated_internal_id;
      if (amounts.child_idv_count! > 0 && amounts.grandchild_award_count! > 0) break;
    }
    expect(amounts.grandchild_award_count).toBeGreaterThan(0);
    const award = await get(`v2/awards/${id}/`);
    const { files } = await download('v2/download/idv/', { award_id: id });
    const slug = award.piid.replace(/[^\w]/g, '');
    const orders = files[`IDV_${slug}_Orders`]!.rows;
    const children = await allPages<{ generated_unique_award_id: string; obligated_amount: number }>('v2/idvs/awards/', (page) => ({
      award_id: id, type: 'child_awards', page, limit: 100, sort: 'period_of_performance_start_date', order: 'desc',
    }));
    expect(children).toHaveLength(amounts.child_award_count!);
    const childIdvs = await allPages<{ generated_unique_award_id: string }>('v2/idvs/awards/', (page) => ({
      award_id: id, type: 'child_idvs', page, limit: 100, sort: 'period_of_performance_start_date', order: 'desc',
    }));
    expect(childIdvs).toHaveLength(amounts.child_idv_count!);
    // Upstream's Orders file: the awards and IDVs under the IDV, and the awards under its child IDVs.
    const childKeys = new Set(children.map((c) => c.generated_unique_award_id));
    const direct = orders.filter((o) => childKeys.has(o.contract_award_unique_key!));
    expect(direct).toHaveLength(amounts.child_award_count!);
    const idvKeys = new Set(childIdvs.map((c) => c.generated_unique_award_id));
    expect(orders.filter((o) => idvKeys.has(o.contract_award_unique_key!))).toHaveLength(amounts.child_idv_count!);
    expect(orders).toHaveLength(amounts.child_award_count! + amounts.child_idv_count! + amounts.grandchild_award_count!);
    expect(sum(direct.map((o) => cents(o.total_obligated_amount)))).toBe(sum(children.map((c) => cents(c.obligated_amount))));
    const awardsOnly = orders.filter((o) => !idvKeys.has(o.contract_award_unique_key!));
    expect(sum(awardsOnly.map((o) => cents(o.total_obligated_amount)))).toBe(cents(amounts.child_award_total_obligation) + cents(amounts.grandchild_award_total_obligation));
    // The federal account section: the File C rows of the IDV and everything under it add up to its funding rollup.
    const funding = files[`IDV_${slug}_FederalAccountFunding`]!.rows;
    const rollup = await post('v2/idvs/funding_rollup/', { award_id: id });
    expect(sum(funding.map((r) => cents(r.transaction_obligated_amount)))).toBe(cents(rollup.total_transaction_obligated_amount));
    const own = files[`IDV_${slug}_TransactionHistory`]!.rows;
    const { transactions } = await get(`v2/awards/count/transaction/${id}/`);
    expect(own).toHaveLength(transactions);
  });
});

describe('COVID-19 page: the recipient table download', () => {
  it('the recipients file adds up to the award amounts and the recipient table the page shows', async () => {
    const defc = await get('v2/references/def_codes/');
    const def_codes = defc.codes.filter((c: { disaster: string | null }) => c.disaster === 'covid_19').map((c: { code: string }) => c.code);
    const filter = { def_codes };
    // Every award type (the site's default: no award_type_codes, the file is "All"), then the loans tab.
    for (const types of [null, ['07', '08']]) {
      const spendingFilter = types ? { ...filter, award_type_codes: types } : filter;
      // The site's path has no trailing slash here.
      const { files } = await download('v2/download/disaster/recipients', { filters: types ? { def_codes, award_type_codes: types } : { def_codes } });
      const [name] = Object.keys(files);
      const file = files[name!]!;
      const amount = await post('v2/disaster/award/amount/', { filter: spendingFilter });
      expect({ name, obligation: sum(file.rows.map((r) => cents(r.award_obligations))), outlay: sum(file.rows.map((r) => cents(r.award_outlays))), awards: sum(file.rows.map((r) => Number(r.number_of_awards))) })
        .toEqual({ name, obligation: cents(amount.obligation), outlay: cents(amount.outlay), awards: amount.award_count });
      if (types) {
        expect(name).toBe('COVID-19_Recipients_Loans');
        expect(sum(file.rows.map((r) => cents(r.face_value_of_loans)))).toBe(cents(amount.face_value_of_loan));
      } else {
        expect(name).toBe('COVID-19_Recipients_All');
        const table = await allPages<{ obligation: number; outlay: number }>('v2/disaster/recipient/spending/', (page) => ({
          filter, spending_type: 'award', pagination: { page, limit: 100, sort: 'obligation', order: 'desc' },
        }));
        expect(sum(table.map((r) => cents(r.obligation)))).toBe(sum(file.rows.map((r) => cents(r.award_obligations))));
      }
    }
  });
});

describe('COVID-19 page: the profile download', () => {
  it("the zip's prime awards are the awards the page counts, with the obligations of their codes", async () => {
    const defc = await get('v2/references/def_codes/');
    const def_codes = defc.codes.filter((c: { disaster: string | null }) => c.disaster === 'covid_19').map((c: { code: string }) => c.code);
    const { files } = await download('v2/download/disaster/', { filters: { def_codes } });
    expect(Object.keys(files).filter((k) => !k.includes('_TAS_'))).toEqual(['Contracts_PrimeAwardSummaries', 'Assistance_PrimeAwardSummaries', 'Contracts_Subawards', 'Assistance_Subawards']);
    const amount = await post('v2/disaster/award/amount/', { filter: { def_codes } });
    const awards = [...files.Contracts_PrimeAwardSummaries!.rows, ...files.Assistance_PrimeAwardSummaries!.rows];
    expect(awards).toHaveLength(amount.award_count);
    expect(sum(awards.map((r) => cents(r['obligated_amount_from_COVID-19_supplementals'])))).toBe(cents(amount.obligation));
    expect(sum(awards.map((r) => cents(r['outlayed_amount_from_COVID-19_supplementals'])))).toBe(cents(amount.outlay));
  });
});

describe('download center', () => {
  it("custom award data for an agency and a fiscal year: the agency page's award obligations, the search's transaction count", async () => {
    const fy = 2026;
    const choices = await post('v2/bulk_download/list_agencies/', { type: 'award_agencies', agency: 0 });
    const agencies = (await get('v2/references/toptier_agencies/')).results as Array<{ toptier_code: string; agency_name: string; agency_id: number }>;
    // The agency with the most award obligations in the year, as the agency page shows them.
    const byAgency = await post('v2/search/spending_by_category/awarding_agency', {
      category: 'awarding_agency', filters: { time_period: [{ start_date: `${fy - 1}-10-01`, end_date: `${fy}-09-30` }] }, limit: 10, page: 1,
    });
    const agency = agencies.find((a) => a.agency_id === byAgency.results[0].id)!;
    const listed = [...choices.agencies.cfo_agencies, ...choices.agencies.other_agencies].find((a: { toptier_agency_id: number; name: string }) => a.name === agency.agency_name);
    expect(listed).toBeDefined();
    const { files } = await download('v2/bulk_download/awards/', {
      filters: {
        prime_award_types: [...CONTRACTS, ...IDVS, ...ASSISTANCE, '-1'],
        date_type: 'action_date',
        date_range: { start_date: `${fy - 1}-10-01`, end_date: `${fy}-09-30` },
        agencies: [{ type: 'awarding', tier: 'toptier', name: agency.agency_name }],
      },
      file_format: 'csv',
    }, '/api/v2/bulk_download/status');
    // (upstream's names for a custom award download: the agency part is always `All`)
    expect(Object.keys(files).sort()).toEqual(['All_Assistance_PrimeTransactions', 'All_Contracts_PrimeTransactions']);
    const txns = [...files.All_Contracts_PrimeTransactions!.rows, ...files.All_Assistance_PrimeTransactions!.rows];
    const page = await get(`v2/agency/${agency.toptier_code}/awards/?fiscal_year=${fy}`);
    expect(sum(txns.map((r) => cents(r.federal_action_obligation)))).toBe(cents(page.obligations));
    expect(txns.every((r) => r.awarding_agency_name === agency.agency_name && r.action_date_fiscal_year === `${fy}`)).toBe(true);
    const searchCount = await post('v2/search/spending_by_transaction_count/', {
      filters: { time_period: [{ start_date: `${fy - 1}-10-01`, end_date: `${fy}-09-30` }], agencies: [{ type: 'awarding', tier: 'toptier', name: agency.agency_name }], award_type_codes: [...CONTRACTS, ...IDVS, ...ASSISTANCE] },
    });
    const typed = txns.filter((r) => (r.award_type_code || r.assistance_type_code || r.idv_type_code) !== '');
    expect(typed.length).toBe(sum(Object.values(searchCount.results as Record<string, number>)));
  });

  it("custom account data for a federal account: the account page's snapshot of the year", async () => {
    const fy = 2026;
    const list = await post('v2/federal_accounts/', { filters: { fy: `${fy}` }, sort: { field: 'budgetary_resources', direction: 'desc' }, page: 1, limit: 10 });
    const acct = list.results[0];
    const account = await get(`v2/federal_accounts/${acct.account_number}/`);
    const snapshot = (await get(`v2/federal_accounts/${account.id}/fiscal_year_snapshot/${fy}`)).results;
    const { files } = await download('v2/download/accounts/', {
      account_level: 'federal_account',
      filters: { agency: 'all', federal_account: `${account.id}`, submission_types: ['account_balances'], fy: `${fy}`, period: 12 },
      file_format: 'csv',
    });
    const [name] = Object.keys(files);
    const rows = files[name!]!.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.federal_account_symbol === acct.account_number)).toBe(true);
    const total = (column: string) => sum(rows.map((r) => cents(r[column])));
    expect({ resources: total('total_budgetary_resources'), obligated: total('obligations_incurred'), outlay: total('gross_outlay_amount'), unobligated: total('unobligated_balance') })
      .toEqual({ resources: cents(snapshot.budget_authority), obligated: cents(snapshot.obligated), outlay: cents(snapshot.outlay), unobligated: cents(snapshot.unobligated) });
    expect(cents(acct.budgetary_resources)).toBe(total('total_budgetary_resources'));
  });
});
