import { startHarness, type Harness } from '@usas/test-harness';
import { FILE_C, GTAS, SUBMISSIONS, seedDisasterData } from './disaster-seed';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await seedDisasterData(h.db.pool);
});
afterAll(async () => {
  await h.close();
});

const round = (v: number) => Math.round(v * 100) / 100;
const counted = new Set(SUBMISSIONS.filter((s) => s.counted).map((s) => s.submission_id));
const latest = new Set(SUBMISSIONS.filter((s) => s.latest).map((s) => s.submission_id));

/** File C totals of the codes, from the seed rows and the hand-written flags. */
function expectedFileC(codes: string[]) {
  const rows = FILE_C.filter((r) => r.disaster_emergency_fund_code !== null && codes.includes(r.disaster_emergency_fund_code) && counted.has(r.submission_id));
  const outlay = (r: (typeof rows)[number]) =>
    r.gross_outlay_amount_by_award_cpe + (r.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe ?? 0) + (r.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe ?? 0);
  return {
    obligation: round(rows.reduce((t, r) => t + r.transaction_obligated_amount, 0)),
    outlay: round(rows.filter((r) => latest.has(r.submission_id)).reduce((t, r) => t + outlay(r), 0)),
  };
}

function expectedGtas(codes: string[]) {
  const rows = GTAS.filter((r) => r.counted && codes.includes(r.disaster_emergency_fund_code));
  const byCode = [...new Set(rows.map((r) => r.disaster_emergency_fund_code))].sort();
  return {
    funding: byCode.map((c) => ({ def_code: c, amount: round(rows.filter((r) => r.disaster_emergency_fund_code === c).reduce((t, r) => t + r.total_budgetary_resources_cpe, 0)) })),
    total_budget_authority: round(rows.reduce((t, r) => t + r.total_budgetary_resources_cpe, 0)),
    total_obligations: round(rows.reduce((t, r) => t + r.obligations_incurred_total_cpe - r.deobligations_or_recoveries_or_refunds_from_prior_year_cpe, 0)),
    total_outlays: round(rows.reduce((t, r) => t + r.gross_outlay_amount_by_tas_cpe - r.prior_year_paid_obligation_recoveries, 0)),
  };
}

describe('disaster/overview', () => {
  it('sums GTAS funding per requested code over the latest period of each year, and File C award spending', async () => {
    const res = await h.http.get('/api/v2/disaster/overview/?def_codes=L,M').expect(200);
    const gtas = expectedGtas(['L', 'M']);
    const fileC = expectedFileC(['L', 'M']);
    expect(res.body).toEqual({
      funding: gtas.funding,
      total_budget_authority: gtas.total_budget_authority,
      spending: {
        award_obligations: fileC.obligation,
        award_outlays: fileC.outlay,
        total_obligations: gtas.total_obligations,
        total_outlays: gtas.total_outlays,
      },
    });
    // Hand check of the model: L = 1500.5 + 700, M = 400; File C: 100.25 + 200 + 40 + 300 + 60, outlays 55 + 4 + 30 + 5.
    expect(res.body.funding).toEqual([{ def_code: 'L', amount: 2200.5 }, { def_code: 'M', amount: 400 }]);
    expect(res.body.spending.award_obligations).toBe(700.25);
    expect(res.body.spending.award_outlays).toBe(94);
  });

  it('counts only the codes asked for', async () => {
    const res = await h.http.get('/api/v2/disaster/overview/?def_codes=Z9').expect(200);
    expect(res.body.funding).toEqual([{ def_code: 'Z9', amount: 9999 }]);
    expect(res.body.spending.award_obligations).toBe(expectedFileC(['Z9']).obligation);
  });

  it('defaults to the COVID-19 codes', async () => {
    const res = await h.http.get('/api/v2/disaster/overview/').expect(200);
    const all = await h.http.get('/api/v2/disaster/overview/?def_codes=L,M,N').expect(200);
    expect(res.body).toEqual(all.body);
  });

  it('answers nulls for spending when no row matches', async () => {
    const res = await h.http.get('/api/v2/disaster/overview/?def_codes=N').expect(200);
    expect(res.body).toEqual({
      funding: [],
      total_budget_authority: 0,
      spending: { award_obligations: null, award_outlays: null, total_obligations: null, total_outlays: null },
    });
  });

  it('refuses an unknown DEF code with 400', async () => {
    const res = await h.http.get('/api/v2/disaster/overview/?def_codes=L,NOPE').expect(400);
    expect(res.body.detail).toContain("'NOPE'");
    const empty = await h.http.get('/api/v2/disaster/overview/?def_codes=L,').expect(400);
    expect(empty.body.detail).toContain("''");
  });
});

describe('disaster/def_code/count', () => {
  const post = (body: object) => h.http.post('/api/v2/disaster/def_code/count/').send(body);

  it('counts the requested codes with funding (the length of the overview funding)', async () => {
    await post({ filter: { def_codes: ['L', 'M', 'N', 'Z9'] } }).expect(200, { count: 3 });
    await post({ filter: { def_codes: ['N'] } }).expect(200, { count: 0 });
    const overview = await h.http.get('/api/v2/disaster/overview/?def_codes=L,N').expect(200);
    const count = await post({ filter: { def_codes: ['L', 'N', 'L'] } }).expect(200);
    expect(count.body.count).toBe(overview.body.funding.length);
  });

  it('refuses bad input with a JSON 4xx', async () => {
    const unknown = await post({ filter: { def_codes: ['L', 'XX'] } }).expect(400);
    expect(unknown.body.detail).toContain("'XX'");
    const none = await post({ filter: { def_codes: [] } }).expect(400);
    expect(none.body.detail).toMatch(/def_codes/);
    const missing = await post({ filter: {} }).expect(422);
    expect(missing.body.detail).toMatch(/def_codes/);
    const empty = await h.http.post('/api/v2/disaster/def_code/count/').set('content-type', 'application/json').send('').expect(422);
    expect(typeof empty.body.detail).toBe('string');
  });
});
