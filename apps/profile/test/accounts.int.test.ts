/**
 * Federal account, Treasury account, agency account-data and v1 TAS endpoints through the real gateway (request and
 * response validation on). Expected values are computed here from the rows accounts-seed.ts wrote.
 */
import { startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';
import { z } from 'zod';
import { FY, OLD_FY, seedAccountData, type AccountSeed, type SeedFileA, type SeedFileB } from './accounts-seed';

let h: Harness;
let seed: AccountSeed;

beforeAll(async () => {
  h = await startHarness();
  seed = await seedAccountData(h.db.pool);
}, 120_000);

afterAll(async () => {
  await h.close();
});

const round = (n: number) => Math.round(n * 100) / 100;
const sum = (xs: number[]) => round(xs.reduce((s, x) => s + x, 0));
/** The submission counted for a fiscal year: the latest period's latest certification. */
const counted = (fy: number) => seed.submissions.filter((s) => s.fy === fy && s.counts).map((s) => s.id);
const fileA = (tas: number[], fy: number): SeedFileA[] => seed.fileA.filter((a) => tas.includes(a.tas) && counted(fy).includes(a.submission));
const fileB = (tas: number[], fy: number): SeedFileB[] => seed.fileB.filter((b) => tas.includes(b.tas) && counted(fy).includes(b.submission));
const acct = (i: number) => seed.accounts[i] as AccountSeed['accounts'][number];
const tasOf = (i: number) => acct(i).tas.map((t) => t.id);
const allTas = () => seed.accounts.flatMap((a) => a.tas.map((t) => t.id));

describe('federal account figures', () => {
  it('fiscal_year_snapshot sums File A of the latest certified submission of the year', async () => {
    const rows = fileA(tasOf(0), FY);
    const res = await h.http.get(`/api/v2/federal_accounts/${acct(0).id}/fiscal_year_snapshot/${FY}`).expect(200);
    expect(res.body).toEqual({
      results: {
        name: acct(0).title,
        outlay: sum(rows.map((r) => r.outlay)),
        budget_authority: sum(rows.map((r) => r.tbr)),
        obligated: sum(rows.map((r) => r.obligated)),
        unobligated: sum(rows.map((r) => r.tbr - r.obligated)),
        balance_brought_forward: sum(rows.map((r) => r.bf)),
        other_budgetary_resources: sum(rows.map((r) => r.other)),
        appropriations: sum(rows.map((r) => r.appropriated)),
      },
    });
    // Without a year: the latest fiscal year with a revealed submission.
    const { fy: latestFy } = await h.db.pool.one(sql.type(z.object({ fy: z.number() }))`SELECT max(fiscal_year) AS fy FROM account_period_submission`);
    const latest = await h.http.get(`/api/v2/federal_accounts/${acct(0).id}/fiscal_year_snapshot/`).expect(200);
    const ofLatest = await h.http.get(`/api/v2/federal_accounts/${acct(0).id}/fiscal_year_snapshot/${latestFy}/`).expect(200);
    expect(latest.body).toEqual(ofLatest.body);
    const old = await h.http.get(`/api/v2/federal_accounts/${acct(0).id}/fiscal_year_snapshot/${OLD_FY}/`).expect(200);
    expect(old.body.results.obligated).toBe(sum(fileA(tasOf(0), OLD_FY).map((r) => r.obligated)));
    // An account without data answers {} as upstream.
    expect((await h.http.get('/api/v2/federal_accounts/2147483000/fiscal_year_snapshot/').expect(200)).body).toEqual({});
  });

  it('federal_accounts/{code} lists the Treasury accounts and their sums', async () => {
    const res = await h.http.get(`/api/v2/federal_accounts/${acct(0).code}/?fiscal_year=${FY}`).expect(200);
    const rows = fileA(tasOf(0), FY);
    expect(res.body).toMatchObject({
      fiscal_year: FY,
      id: acct(0).id,
      federal_account_code: acct(0).code,
      total_obligated_amount: sum(rows.map((r) => r.obligated)),
      total_gross_outlay_amount: sum(rows.map((r) => r.outlay)),
      total_budgetary_resources: sum(rows.map((r) => r.tbr)),
    });
    const byCode = Object.fromEntries(acct(0).tas.map((t) => [t.label, t.id]));
    for (const c of res.body.children as Array<{ code: string; obligated_amount: number }>) {
      expect(c.obligated_amount).toBe(sum(fileA([byCode[c.code] as number], FY).map((r) => r.obligated)));
    }
    expect(res.body.children).toHaveLength(acct(0).tas.length);
  });

  it('object class totals equal program activity totals, and both equal File B of the counted submissions', async () => {
    const body = { filters: { time_period: [{ start_date: `${FY - 1}-10-01`, end_date: `${FY}-09-30` }] }, limit: 100 };
    const oc = await h.http.post(`/api/v2/federal_accounts/${acct(0).code}/object_classes/total`).send(body).expect(200);
    const pa = await h.http.post(`/api/v2/federal_accounts/${acct(0).code}/program_activities/total`).send(body).expect(200);
    const rows = fileB(tasOf(0), FY);
    for (const o of seed.objectClasses) {
      const r = (oc.body.results as Array<{ code: string; obligations: number }>).find((x) => x.code === o.code);
      expect(r?.obligations).toBe(sum(rows.filter((b) => b.oc === o.id).map((b) => b.obligated)));
    }
    const total = sum(rows.map((b) => b.obligated));
    expect(sum(oc.body.results.map((r: { obligations: number }) => r.obligations))).toBe(total);
    expect(sum(pa.body.results.map((r: { obligations: number }) => r.obligations))).toBe(total);
    expect(pa.body.results[0].type).toBe('PAC/PAN');
    // Filtered to one program activity.
    const one = seed.programActivities[0] as { id: number; code: string };
    const f = await h.http.post(`/api/v2/federal_accounts/${acct(0).code}/object_classes/total`)
      .send({ ...body, filters: { ...body.filters, program_activity: [one.code] } }).expect(200);
    expect(sum(f.body.results.map((r: { obligations: number }) => r.obligations))).toBe(sum(rows.filter((b) => b.pa === one.id).map((b) => b.obligated)));
    expect(f.body.page_metadata).toMatchObject({ page: 1, total: seed.objectClasses.length, hasNext: false });
  });

  it('available object classes and program activities come from File B', async () => {
    const oc = await h.http.get(`/api/v2/federal_accounts/${acct(0).id}/available_object_classes`).expect(200);
    const minors = (oc.body.results as Array<{ minor_object_class: Array<{ id: string }> }>).flatMap((m) => m.minor_object_class.map((x) => x.id)).sort();
    expect(minors).toEqual(seed.objectClasses.map((o) => o.code).sort());
    const pa = await h.http.get(`/api/v2/federal_accounts/${acct(0).id}/available_program_activities`).expect(200);
    expect(pa.body.count).toBe(seed.programActivities.length);
    const list = await h.http.get(`/api/v2/federal_accounts/${acct(0).code}/program_activities/?order=asc&limit=1`).expect(200);
    expect(list.body.results[0].code).toBe([...seed.programActivities].sort((a, b) => a.code.localeCompare(b.code))[0]?.code);
    expect(list.body.page_metadata).toMatchObject({ total: seed.programActivities.length, hasNext: seed.programActivities.length > 1, limit: 1 });
  });

  it('lists federal accounts with the budgetary resources of the year', async () => {
    const aid = acct(0).code.split('-')[0];
    const res = await h.http.post('/api/v2/federal_accounts/').send({ filters: { agency_identifier: aid, fy: String(FY) }, limit: 500 }).expect(200);
    expect(res.body.fy).toBe(String(FY));
    for (const i of [0, 1]) {
      if (acct(i).code.split('-')[0] !== aid) continue;
      const row = res.body.results.find((r: { account_id: number }) => r.account_id === acct(i).id);
      expect(row.budgetary_resources).toBe(sum(fileA(tasOf(i), FY).map((r) => r.tbr)));
    }
    // Sorted by budgetary resources, descending, nulls last.
    const values = res.body.results.map((r: { budgetary_resources: number | null }) => r.budgetary_resources);
    const nonNull = values.filter((v: number | null) => v !== null);
    expect(nonNull).toEqual([...nonNull].sort((a: number, b: number) => b - a));
    expect(values.slice(0, nonNull.length).every((v: number | null) => v !== null)).toBe(true);
  });
});

describe('agency account totals reconcile', () => {
  it('agency balances = sum of federal accounts = sum of Treasury accounts', async () => {
    const q = `fiscal_year=${FY}&funding_agency_id=${seed.agencyId}`;
    const balances = await h.http.get(`/api/v2/financial_balances/agencies/?${q}`).expect(200);
    const obligations = await h.http.get(`/api/v2/federal_obligations/?${q}&limit=100`).expect(200);
    const expected = sum(fileA(allTas(), FY).map((r) => r.obligated));
    expect(Number(balances.body.results[0].obligated_amount)).toBe(expected);
    expect(Number(balances.body.results[0].outlay_amount)).toBe(sum(fileA(allTas(), FY).map((r) => r.outlay)));
    expect(sum(obligations.body.results.map((r: { obligated_amount: string }) => Number(r.obligated_amount)))).toBe(expected);
    expect(obligations.body.page_metadata).toMatchObject({ count: seed.accounts.length, page: 1, has_next_page: false });
    let tasTotal = 0;
    for (const a of seed.accounts) {
      const fa = await h.http.get(`/api/v2/federal_accounts/${a.code}/?fiscal_year=${FY}`).expect(200);
      tasTotal += fa.body.children.reduce((s: number, c: { obligated_amount: number }) => s + c.obligated_amount, 0);
    }
    expect(round(tasTotal)).toBe(expected);
  });

  it('major object class totals sum the File B obligations; minor classes sum to their major', async () => {
    const q = `fiscal_year=${FY}&funding_agency_id=${seed.agencyId}`;
    const major = await h.http.get(`/api/v2/financial_spending/major_object_class/?${q}`).expect(200);
    expect(sum(major.body.results.map((r: { obligated_amount: string }) => Number(r.obligated_amount)))).toBe(sum(fileB(allTas(), FY).map((b) => b.obligated)));
    const first = major.body.results[0];
    const minor = await h.http.get(`/api/v2/financial_spending/object_class/?${q}&major_object_class_code=${first.major_object_class_code}`).expect(200);
    expect(sum(minor.body.results.map((r: { obligated_amount: string }) => Number(r.obligated_amount)))).toBe(Number(first.obligated_amount));
  });

  it('Treasury account object classes carry their program activities', async () => {
    const tas = acct(0).tas[0] as { id: number; label: string };
    const res = await h.http.get(`/api/v2/agency/treasury_account/${encodeURIComponent(tas.label)}/object_class/?fiscal_year=${FY}&limit=100`).expect(200);
    const rows = fileB([tas.id], FY);
    expect(res.body.treasury_account_symbol).toBe(tas.label);
    expect(sum(res.body.results.map((r: { obligated_amount: number }) => r.obligated_amount))).toBe(sum(rows.map((b) => b.obligated)));
    for (const r of res.body.results as Array<{ obligated_amount: number; children: Array<{ obligated_amount: number }> }>) {
      expect(sum(r.children.map((c) => c.obligated_amount))).toBe(r.obligated_amount);
    }
    const pa = await h.http.get(`/api/v2/agency/treasury_account/${encodeURIComponent(tas.label)}/program_activity/?fiscal_year=${FY}&limit=100`).expect(200);
    expect(sum(pa.body.results.map((r: { obligated_amount: number }) => r.obligated_amount))).toBe(sum(rows.map((b) => b.obligated)));
  });

  it('takes a Treasury account symbol with a slash unencoded, as upstream does', async () => {
    const tas = acct(0).tas[0] as { id: number; label: string };
    // A multi-year period of availability renders with a slash: give this account one for the test.
    const label = '999-2020/2021-9999-000';
    await h.db.pool.query(sql.unsafe`UPDATE treasury_appropriation_account SET tas_rendering_label = ${label} WHERE treasury_account_identifier = ${tas.id}`);
    try {
      for (const kind of ['object_class', 'program_activity']) {
        const plain = await h.http.get(`/api/v2/agency/treasury_account/${label}/${kind}/?fiscal_year=${FY}&limit=100`).expect(200);
        const encoded = await h.http.get(`/api/v2/agency/treasury_account/${encodeURIComponent(label)}/${kind}/?fiscal_year=${FY}&limit=100`).expect(200);
        expect(plain.body.treasury_account_symbol).toBe(label);
        expect(plain.body).toEqual(encoded.body);
        expect(sum(plain.body.results.map((r: { obligated_amount: number }) => r.obligated_amount))).toBe(sum(fileB([tas.id], FY).map((b) => b.obligated)));
      }
      await h.http.get(`/api/v2/agency/treasury_account/999-2020/2021-9999-001/object_class/`).expect(404);
    } finally {
      await h.db.pool.query(sql.unsafe`UPDATE treasury_appropriation_account SET tas_rendering_label = ${tas.label} WHERE treasury_account_identifier = ${tas.id}`);
    }
  });
});

describe('v1 TAS aggregations', () => {
  it('balances/total per fiscal year counts each year once', async () => {
    const res = await h.http.post('/api/v1/tas/balances/total/').send({
      field: 'obligations_incurred_total_by_tas_cpe', group: 'submission__reporting_fiscal_year', aggregate: 'sum',
      filters: [{ field: 'treasury_account_identifier__federal_account_id', operation: 'equals', value: acct(0).id }],
    }).expect(200);
    expect(res.body.results).toEqual([OLD_FY, FY].map((fy) => ({ item: fy, aggregate: sum(fileA(tasOf(0), fy).map((r) => r.obligated)).toFixed(2) })));
  });

  it('orders by the aggregate or a group field and pages with limit and page (upstream v1 paging)', async () => {
    const request = (extra: Record<string, unknown>) => h.http.post('/api/v1/tas/balances/total/').send({
      field: 'obligations_incurred_total_by_tas_cpe', group: 'submission__reporting_fiscal_year',
      filters: [{ field: 'treasury_account_identifier__federal_account_id', operation: 'equals', value: acct(0).id }], ...extra,
    }).expect(200);
    const years = [OLD_FY, FY].map((fy) => ({ item: fy, aggregate: sum(fileA(tasOf(0), fy).map((r) => r.obligated)) }));
    const byAmount = [...years].sort((a, b) => b.aggregate - a.aggregate).map((y) => ({ item: y.item, aggregate: y.aggregate.toFixed(2) }));
    expect(byAmount[0]!.aggregate).not.toBe(byAmount[1]!.aggregate);
    const first = await request({ order: ['-aggregate'], limit: 1, page: 1 });
    expect(first.body.results).toEqual([byAmount[0]]);
    expect(first.body.page_metadata).toEqual({ count: 2, page: 1, has_next_page: true, has_previous_page: false, next: '?limit=1&page=2', current: '?limit=1&page=1', previous: null });
    const second = await request({ order: ['-aggregate'], limit: 1, page: 2 });
    expect(second.body.results).toEqual([byAmount[1]]);
    expect(second.body.page_metadata).toMatchObject({ count: 2, page: 2, has_next_page: false, has_previous_page: true, next: null, previous: '?limit=1&page=1' });
    const past = await request({ limit: 1, page: 3 });
    expect(past.body.results).toEqual([]);
    expect(past.body.page_metadata).toMatchObject({ count: 2, page: 3 });
    const descending = await request({ order: ['-submission__reporting_fiscal_year'] });
    expect(descending.body.results.map((r: { item: number }) => r.item)).toEqual([FY, OLD_FY]);
    expect(descending.body.page_metadata).toMatchObject({ count: 2, page: 1, has_next_page: false });
    const bad = await h.http.post('/api/v1/tas/balances/total/').send({
      field: 'obligations_incurred_total_by_tas_cpe', group: 'submission__reporting_fiscal_year', order: ['unobligated_balance_cpe'],
    }).expect(400);
    expect(bad.body.detail).toMatch(/order/);
  });

  it('categories/quarters/total gives each quarter its own activity', async () => {
    const res = await h.http.post('/api/v1/tas/categories/quarters/total/').send({
      field: 'obligations_incurred_by_program_object_class_cpe', group: ['submission__reporting_fiscal_year', 'submission__reporting_fiscal_quarter'],
      filters: [
        { field: 'treasury_account__federal_account_id', operation: 'equals', value: acct(0).id },
        { field: 'submission__reporting_fiscal_year', operation: 'in', value: [FY] },
      ],
    }).expect(200);
    const p9 = sum(seed.fileB.filter((b) => tasOf(0).includes(b.tas) && b.submission === 880001).map((b) => b.obligated));
    const p12 = sum(fileB(tasOf(0), FY).map((b) => b.obligated));
    const byQuarter = Object.fromEntries(res.body.results.map((r: { item: { submission__reporting_fiscal_quarter: number }; aggregate: string }) => [r.item.submission__reporting_fiscal_quarter, r.aggregate]));
    expect(byQuarter).toEqual({ 3: p9.toFixed(2), 4: round(p12 - p9).toFixed(2) });
  });

  it('filters the categories by object class and by a fiscal-year range', async () => {
    const oc = seed.objectClasses[0] as { id: number; code: string };
    const res = await h.http.post('/api/v1/tas/categories/total/').send({
      field: 'obligations_incurred_by_program_object_class_cpe', group: 'object_class__object_class',
      filters: [
        { field: 'treasury_account__federal_account_id', operation: 'equals', value: acct(0).id },
        { field: 'object_class__object_class', operation: 'in', value: [oc.code] },
        { field: ['reporting_period_start', 'reporting_period_end'], operation: 'range_intersect', value: FY, value_format: 'fy' },
      ],
    }).expect(200);
    expect(res.body.results).toEqual([{ item: oc.code, aggregate: sum(fileB(tasOf(0), FY).filter((b) => b.oc === oc.id).map((b) => b.obligated)).toFixed(2) }]);
  });
});

describe('bad input', () => {
  it('answers JSON 4xx', async () => {
    await h.http.get('/api/v2/federal_accounts/999-9999/').expect(404);
    await h.http.post('/api/v2/federal_accounts/999-9999/object_classes/total').send({}).expect(404);
    await h.http.get(`/api/v2/federal_accounts/${acct(0).code}/?fiscal_year=2016`).expect(400);
    await h.http.get(`/api/v2/federal_accounts/${acct(0).id}/fiscal_year_snapshot/2099/`).expect(400);
    await h.http.post('/api/v2/federal_accounts/').send({ sort: { field: 'nope' } }).expect(400);
    await h.http.get('/api/v2/agency/treasury_account/999-X-9999-999/object_class/').expect(404);
    await h.http.get(`/api/v2/financial_balances/agencies/?fiscal_year=${FY}&funding_agency_id=2147483000`).expect(404);
    const bad = await h.http.post('/api/v1/tas/balances/total/').send({ field: 'nope', group: 'submission__reporting_fiscal_year' }).expect(400);
    expect(bad.body.detail).toMatch(/nope/);
    await h.http.post('/api/v1/tas/balances/total/').send({
      field: 'obligations_incurred_total_by_tas_cpe', group: 'submission__reporting_fiscal_year',
      filters: [{ field: 'treasury_account_identifier__federal_account_id', operation: 'like', value: 1 }],
    }).expect(400);
    await h.http.post('/api/v1/tas/categories/total/').send({
      field: 'obligations_incurred_by_program_object_class_cpe', group: 'unknown_group',
    }).expect(400);
  });
});
