/**
 * HTTP suite of the agency profile endpoints through the real gateway (request and response validation on).
 * Every expected value is computed here from the rows agency-seed.ts wrote.
 */
import { sql } from 'slonik';
import { startHarness, type Harness } from '@usas/test-harness';
import { CODE, FY, seedAgencyData, type AgencySeed, type SeedFileA, type SeedFileB } from './agency-seed';

let h: Harness;
let seed: AgencySeed;

beforeAll(async () => {
  h = await startHarness();
  // The first request makes the gateway compile its validators (CPU-bound, seconds on a busy machine); done
  // before seeding so that work cannot starve the seed's database connection of its connect timeout.
  await h.http.get('/api/v2/agency/0000/');
  seed = await seedAgencyData(h.db.pool);
}, 120_000);

afterAll(async () => {
  await h.close();
});

const money = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) * 100) / 100;
/** The submission that counts for FY2024: the monthly period-12 one (not the quarterly one of the same period). */
const LATEST = 999004;
const fileA = (submission = LATEST) => seed.fileA.filter((a) => a.submission === submission);
const fileB = (submission = LATEST) => seed.fileB.filter((b) => b.submission === submission);
const tasOf = (id: number) => seed.tas.find((t) => t.id === id) as AgencySeed['tas'][number];
const obligated = (rows: Array<SeedFileA | SeedFileB>) => money(rows.map((r) => r.obligated));
const outlay = (rows: Array<SeedFileA | SeedFileB>) => money(rows.map((r) => r.outlay));
const get = (path: string) => h.http.get(`/api/v2/agency/${path}`);

describe('agency overview and budgetary resources', () => {
  it('describes the agency with its subtier count and the DEF codes of its latest File B', async () => {
    const res = await get(`${CODE}/?fiscal_year=${FY}`).expect(200);
    const codes = [...new Set(fileB().map((b) => b.defc).filter((d): d is string => d !== null))].sort();
    expect(res.body).toMatchObject({
      fiscal_year: FY, toptier_code: CODE, name: 'Test Agency of Accounts', abbreviation: 'TAA', agency_id: seed.agencyId,
      icon_filename: 'TAA.jpg', website: 'https://example.gov/', congressional_justification_url: 'https://example.gov/cj',
      subtier_agency_count: seed.subtiers.length, messages: [],
    });
    expect(res.body.def_codes.map((d: { code: string }) => d.code)).toEqual(codes);
  });

  it('takes the DEF codes of the submission that is the latest at the time of the request', async () => {
    const codesOf = (submission: number) => [...new Set(fileB(submission).map((b) => b.defc).filter((d): d is string => d !== null))].sort();
    // Until the monthly P12 submission is revealed, the quarterly one of the same period is the latest.
    await h.db.pool.query(sql.unsafe`UPDATE submission_attributes SET published_date = '2999-01-01' WHERE submission_id = ${LATEST}`);
    try {
      const res = await get(`${CODE}/?fiscal_year=${FY}`).expect(200);
      expect(res.body.def_codes.map((d: { code: string }) => d.code)).toEqual(codesOf(999003));
    } finally {
      await h.db.pool.query(sql.unsafe`UPDATE submission_attributes SET published_date = '2020-01-01' WHERE submission_id = ${LATEST}`);
    }
    const after = await get(`${CODE}/?fiscal_year=${FY}`).expect(200);
    expect(after.body.def_codes.map((d: { code: string }) => d.code)).toEqual(codesOf(LATEST));
    // The only FY2025 submission is not revealed yet.
    expect((await get(`${CODE}/?fiscal_year=2025`).expect(200)).body.def_codes).toEqual([]);
  });

  it('answers every year from 2017 with File A of the latest submission, GTAS and per-period obligations', async () => {
    const res = await get(`${CODE}/budgetary_resources/`).expect(200);
    const years = res.body.agency_data_by_year as Array<Record<string, unknown>>;
    expect(years[years.length - 1]?.fiscal_year).toBe(2017);
    expect(years.map((y) => y.fiscal_year)).toEqual([...years.map((y) => y.fiscal_year)].sort((a, b) => Number(b) - Number(a)));
    const fy2024 = years.find((y) => y.fiscal_year === FY);
    expect(fy2024).toEqual({
      fiscal_year: FY,
      agency_budgetary_resources: money(fileA().map((a) => a.tbr)),
      agency_total_obligated: obligated(fileA()),
      agency_total_outlayed: outlay(fileA()),
      total_budgetary_resources: money(seed.gtas.filter((g) => g.fy === FY && g.period === 12).map((g) => g.tbr)),
      // Period 12 counts the monthly submission only, not the quarterly one of the same period as well.
      agency_obligation_by_period: [{ period: 6, obligated: obligated(fileA(999002)) }, { period: 12, obligated: obligated(fileA(LATEST)) }],
    });
    expect(years.find((y) => y.fiscal_year === 2023)).toMatchObject({ agency_total_obligated: obligated(fileA(999001)) });
    // The FY2025 submission is not revealed yet.
    expect(years.find((y) => y.fiscal_year === 2025)).toMatchObject({ agency_budgetary_resources: null, agency_obligation_by_period: [] });
  });
});

describe('account breakdowns', () => {
  it('lists federal accounts with their Treasury accounts; totals reconcile with the agency total', async () => {
    const res = await get(`${CODE}/federal_account/?fiscal_year=${FY}&limit=100`).expect(200);
    const expected = seed.federalAccounts.map((fa) => {
      const rows = fileA().filter((a) => tasOf(a.tas).fa === fa.code);
      return { code: fa.code, name: fa.title, obligated_amount: obligated(rows), gross_outlay_amount: outlay(rows), total_budgetary_resources: money(rows.map((r) => r.tbr)) };
    }).sort((a, b) => b.obligated_amount - a.obligated_amount);
    expect(res.body.results.map(({ children: _c, ...r }: Record<string, unknown>) => r)).toEqual(expected);
    for (const fa of res.body.results) {
      expect(money(fa.children.map((c: { obligated_amount: number }) => c.obligated_amount))).toBe(fa.obligated_amount);
      for (const c of fa.children) expect(tasOf(fileA().find((a) => tasOf(a.tas).label === c.code)?.tas ?? -1).fa).toBe(fa.code);
    }
    const br = (await get(`${CODE}/budgetary_resources/`).expect(200)).body.agency_data_by_year.find((y: { fiscal_year: number }) => y.fiscal_year === FY);
    expect(res.body.totals).toEqual({
      total_budgetary_resources: br.agency_budgetary_resources, obligated_amount: br.agency_total_obligated, gross_outlay_amount: br.agency_total_outlayed,
    });
    expect(res.body.page_metadata).toEqual({ page: 1, total: 3, limit: 100, next: null, previous: null, hasNext: false, hasPrevious: false });
  });

  it('pages, sorts by name and filters federal accounts', async () => {
    const res = await get(`${CODE}/federal_account/?fiscal_year=${FY}&sort=name&order=asc&limit=1&page=2`).expect(200);
    const names = seed.federalAccounts.map((f) => f.title).sort();
    expect(res.body.results.map((r: { name: string }) => r.name)).toEqual([names[1]]);
    expect(res.body.page_metadata).toEqual({ page: 2, total: 3, limit: 1, next: 3, previous: 1, hasNext: true, hasPrevious: true });
    const filtered = await get(`${CODE}/federal_account/?fiscal_year=${FY}&filter=gadget`).expect(200);
    expect(filtered.body.results.map((r: { code: string }) => r.code)).toEqual(['999-0200']);
  });

  it('counts federal and Treasury accounts of the latest submission', async () => {
    const res = await get(`${CODE}/federal_account/count/?fiscal_year=${FY}`).expect(200);
    expect(res.body).toEqual({
      toptier_code: CODE, fiscal_year: FY, messages: [],
      federal_account_count: new Set(fileA().map((a) => tasOf(a.tas).fa)).size, treasury_account_count: new Set(fileA().map((a) => a.tas)).size,
    });
  });

  it('groups File B by program activity name; object class totals equal program activity totals', async () => {
    const pa = await get(`${CODE}/program_activity/?fiscal_year=${FY}`).expect(200);
    const names = [...new Set(fileB().map((b) => b.activity))];
    const expected = names.map((name) => {
      const rows = fileB().filter((b) => b.activity === name);
      return { name, obligated_amount: obligated(rows), gross_outlay_amount: outlay(rows) };
    }).sort((a, b) => b.obligated_amount - a.obligated_amount);
    expect(pa.body.results).toEqual(expected);
    expect(pa.body.totals).toEqual({ obligated_amount: obligated(fileB()), gross_outlay_amount: outlay(fileB()) });
    const oc = await get(`${CODE}/object_class/?fiscal_year=${FY}`).expect(200);
    expect(oc.body.totals).toEqual(pa.body.totals);
    const majors = [...new Set(fileB().map((b) => seed.objectClasses.find((o) => o.id === b.objectClassId)?.major))];
    expect(oc.body.results.map((r: { name: string }) => r.name).sort()).toEqual(majors.sort());
    const bf = await get(`${CODE}/budget_function/?fiscal_year=${FY}`).expect(200);
    expect(money(bf.body.results.map((r: { obligated_amount: number }) => r.obligated_amount))).toBe(pa.body.totals.obligated_amount);
    const defence = bf.body.results.find((r: { name: string }) => r.name === 'National Defense');
    expect(defence.children.map((c: { name: string }) => c.name).sort()).toEqual(['Atomic energy defense activities', 'Department of Defense-Military']);
    expect(defence.obligated_amount).toBe(obligated(fileB().filter((b) => tasOf(b.tas).bf === '050')));
  });

  it('counts object classes, program activities and budget functions', async () => {
    const oc = await get(`${CODE}/object_class/count/?fiscal_year=${FY}`).expect(200);
    expect(oc.body.object_class_count).toBe(new Set(fileB().map((b) => b.objectClassId)).size);
    const pa = await get(`${CODE}/program_activity/count/?fiscal_year=${FY}`).expect(200);
    expect(pa.body.program_activity_count).toBe(new Set(fileB().map((b) => b.activity)).size);
    const bf = await get(`${CODE}/budget_function/count/?fiscal_year=${FY}`).expect(200);
    expect(bf.body).toMatchObject({
      budget_function_count: new Set(fileB().map((b) => tasOf(b.tas).bf)).size,
      budget_sub_function_count: new Set(fileB().map((b) => tasOf(b.tas).sbf)).size,
    });
  });

  it('lists DEF codes with File B amounts and GTAS resources of the latest period', async () => {
    const res = await get(`${CODE}/def_code/?fiscal_year=${FY}&sort=name&order=asc`).expect(200);
    const codes = [...new Set(fileB().map((b) => b.defc).filter((d): d is string => d !== null))].sort();
    expect(res.body.results).toEqual(codes.map((code) => {
      const rows = fileB().filter((b) => b.defc === code);
      const d = seed.defc.find((x) => x.code === code);
      return {
        code, public_law: d?.public_law, title: d?.title ?? null, obligated_amount: obligated(rows), gross_outlay_amount: outlay(rows),
        total_budgetary_resources: money(seed.gtas.filter((g) => g.fy === FY && g.period === 12 && g.defc === code).map((g) => g.tbr)),
      };
    }));
  });

  it('lists budget bureaus and the federal accounts of one', async () => {
    const res = await get(`${CODE}/sub_components/?fiscal_year=${FY}&sort=name&order=asc`).expect(200);
    const bureaus = [...new Set(seed.tas.map((t) => t.bureau))].sort();
    expect(res.body.results).toEqual(bureaus.map((name) => {
      const rows = fileA().filter((a) => tasOf(a.tas).bureau === name);
      return { name, id: name.toLowerCase().replace(/ /g, '_'), total_budgetary_resources: money(rows.map((r) => r.tbr)), total_obligations: obligated(rows), total_outlays: outlay(rows) };
    }));
    const one = await get(`${CODE}/sub_components/office_of_gadgets/?fiscal_year=${FY}&sort=id&order=asc`).expect(200);
    expect(one.body.results.map((r: { id: string }) => r.id)).toEqual(['999-0200', '999-0300']);
    expect(one.body.totals).toEqual({
      total_budgetary_resources: res.body.results[1].total_budgetary_resources, total_obligations: res.body.results[1].total_obligations,
      total_outlays: res.body.results[1].total_outlays,
    });
    const before = await get(`${CODE}/sub_components/office_of_gadgets/?fiscal_year=2020`).expect(200);
    expect(before.body.results).toEqual([]);
    expect(before.body.totals).toEqual({ total_budgetary_resources: 0, total_obligations: 0, total_outlays: 0 });
    const missing = await get(`${CODE}/sub_components/no_such_bureau/?fiscal_year=${FY}`).expect(404);
    expect(missing.body.detail).toMatch(/no_such_bureau/);
  });

  it('has no account rows for a year whose submission is not revealed yet', async () => {
    const res = await get(`${CODE}/federal_account/?fiscal_year=2025`).expect(200);
    expect(res.body.results).toEqual([]);
    expect(res.body.totals).toEqual({ total_budgetary_resources: 0, obligated_amount: 0, gross_outlay_amount: 0 });
  });
});

describe('award summaries', () => {
  const inFy = <T extends { date: string }>(rows: T[]) => rows.filter((t) => t.date >= `${FY - 1}-10-01` && t.date <= `${FY}-09-30`);

  it('sums transactions by award category', async () => {
    const res = await get(`${CODE}/obligations_by_award_category/?fiscal_year=${FY}`).expect(200);
    const cat: Record<string, string> = { contract: 'contracts', idv: 'idvs', grant: 'grants', loans: 'loans', 'direct payment': 'direct_payments' };
    const tx = inFy(seed.transactions);
    const groups = [...new Set(tx.map((t) => cat[t.category] as string))].map((category) => ({
      category, aggregated_amount: money(tx.filter((t) => cat[t.category] === category).map((t) => t.obligation)),
    })).sort((a, b) => b.aggregated_amount - a.aggregated_amount);
    expect(res.body).toEqual({ total_aggregated_amount: money(tx.map((t) => t.obligation)), results: groups });
  });

  it('counts transactions and new awards of the year, by award type', async () => {
    const tx = inFy(seed.transactions);
    const all = await get(`${CODE}/awards/?fiscal_year=${FY}`).expect(200);
    expect(all.body).toEqual({
      toptier_code: CODE, fiscal_year: FY, transaction_count: tx.length, obligations: money(tx.map((t) => t.obligation)),
      latest_action_date: `${tx.map((t) => t.date).sort().pop()}T00:00:00`, messages: [],
    });
    const contracts = await get(`${CODE}/awards/?fiscal_year=${FY}&award_type_codes=[A,B,C,D]`).expect(200);
    expect(contracts.body.transaction_count).toBe(tx.filter((t) => ['A', 'B', 'C', 'D'].includes(t.type)).length);
    const fresh = seed.awards.filter((a) => a.signed >= `${FY - 1}-10-01` && a.signed <= `${FY}-09-30`);
    const count = await get(`${CODE}/awards/new/count/?fiscal_year=${FY}&award_type_codes=A,IDV_B,07`).expect(200);
    expect(count.body).toEqual({ toptier_code: CODE, fiscal_year: FY, agency_type: 'awarding', award_type_codes: ['A', 'IDV_B', '07'], new_award_count: fresh.length });
  });

  it('lists subtier agencies with their offices', async () => {
    const tx = inFy(seed.transactions);
    const res = await get(`${CODE}/sub_agency/?fiscal_year=${FY}&sort=name&order=asc`).expect(200);
    expect(res.body.results.map((r: { name: string; transaction_count: number; total_obligations: number }) => [r.name, r.transaction_count, r.total_obligations])).toEqual(
      seed.subtiers.map((s) => [s.name, tx.filter((t) => t.subtier === s.code).length, money(tx.filter((t) => t.subtier === s.code).map((t) => t.obligation))]),
    );
    const count = await get(`${CODE}/sub_agency/count/?fiscal_year=${FY}`).expect(200);
    expect(count.body).toMatchObject({ sub_agency_count: new Set(tx.map((t) => t.subtier)).size, office_count: new Set(tx.map((t) => t.office)).size });
  });

  it('counts awards by category for every agency', async () => {
    const res = await get(`awards/count/?fiscal_year=${FY}&limit=100&sort=name&order=asc`).expect(200);
    const mine = res.body.results.find((r: { awarding_toptier_agency_code: string }) => r.awarding_toptier_agency_code === CODE);
    const fresh = seed.awards.filter((a) => a.signed >= `${FY - 1}-10-01` && a.signed <= `${FY}-09-30`);
    const counts = {
      contracts: fresh.filter((a) => a.category === 'contract').length, idvs: fresh.filter((a) => a.category === 'idv').length,
      grants: fresh.filter((a) => a.category === 'grant').length, loans: fresh.filter((a) => a.category === 'loans').length,
      direct_payments: fresh.filter((a) => a.category === 'direct payment').length, other: 0,
    };
    expect(mine).toEqual({ awarding_toptier_agency_name: 'Test Agency of Accounts', awarding_toptier_agency_code: CODE, award_types: counts, ...counts });
  });
});

describe('recipients', () => {
  it('gives the count, extremes and quartiles of obligations per recipient', async () => {
    const tx = seed.transactions.filter((t) => t.date >= `${FY - 1}-10-01` && t.date <= `${FY}-09-30`);
    const amounts = [...new Set(tx.map((t) => t.recipient))].map((r) => money(tx.filter((t) => t.recipient === r).map((t) => t.obligation))).sort((a, b) => a - b);
    const quantile = (q: number) => {
      const pos = q * (amounts.length - 1);
      const lo = Math.floor(pos);
      return (amounts[lo] as number) + (pos - lo) * ((amounts[Math.min(lo + 1, amounts.length - 1)] as number) - (amounts[lo] as number));
    };
    const res = await get(`${CODE}/recipients/?fiscal_year=${FY}`).expect(200);
    expect(res.body).toMatchObject({ toptier_code: CODE, fiscal_year: FY, count: amounts.length, max: amounts[amounts.length - 1], min: amounts[0] });
    expect(res.body['25th_percentile']).toBeCloseTo(quantile(0.25), 1);
    expect(res.body['50th_percentile']).toBeCloseTo(quantile(0.5), 1);
    expect(res.body['75th_percentile']).toBeCloseTo(quantile(0.75), 1);
  });
});

describe('bad input', () => {
  it.each([
    ['0000/', 404],
    ['0000/federal_account/', 404],
    [`${CODE}/federal_account/?sort=bogus`, 400],
    [`${CODE}/object_class/?order=sideways`, 400],
    [`${CODE}/?fiscal_year=2090`, 400],
    [`${CODE}/?fiscal_year=2007`, 400],
    [`${CODE}/awards/?award_type_codes=[ZZ]`, 400],
    [`${CODE}/program_activity/?page=0`, 400],
    [`${CODE}/program_activity/?limit=101`, 400],
    ['abc/', 400],
  ])('GET %s answers %i with a JSON detail', async (path, status) => {
    const res = await get(path).expect(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(typeof res.body.detail).toBe('string');
  });
});
