import { startHarness, type Harness } from '@usas/test-harness';
import { ACCOUNTS, AWARDS, FILE_B, SUBTIERS, FILE_C, GTAS, OBJECT_CLASSES, SUBMISSIONS, seedDisasterData, type FileCRow } from './disaster-seed';

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

const rowOutlay = (r: FileCRow) =>
  latest.has(r.submission_id)
    ? r.gross_outlay_amount_by_award_cpe + (r.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe ?? 0) + (r.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe ?? 0)
    : 0;
const awardOf = (id: number | null) => AWARDS.find((a) => a.award_id === id);

/** The model of award/amount: counted File C rows of the filter, and the awards whose sums are not zero. */
function expectedAwards(codes: string[], types?: string[], awardType?: 'procurement' | 'assistance') {
  const rows = FILE_C.filter(
    (r) =>
      r.disaster_emergency_fund_code !== null &&
      codes.includes(r.disaster_emergency_fund_code) &&
      counted.has(r.submission_id) &&
      (types === undefined || types.includes(awardOf(r.award_id)?.type ?? '')) &&
      (awardType === undefined || (awardType === 'procurement' ? r.piid !== undefined : r.fain !== undefined)),
  );
  const byAward = new Map<string, { award_id: number | null; obligation: number; outlay: number }>();
  for (const r of rows) {
    const key = r.award_id !== null ? `id:${r.award_id}` : `piid:${r.piid}`;
    const cur = byAward.get(key) ?? { award_id: r.award_id, obligation: 0, outlay: 0 };
    cur.obligation += r.transaction_obligated_amount;
    cur.outlay += rowOutlay(r);
    byAward.set(key, cur);
  }
  const awards = [...byAward.values()].filter((a) => round(a.obligation) !== 0 || round(a.outlay) !== 0);
  const linked = awards.map((a) => awardOf(a.award_id)).filter((a) => a !== undefined);
  return {
    award_count: awards.length,
    obligation: round(rows.reduce((t, r) => t + r.transaction_obligated_amount, 0)),
    outlay: round(rows.reduce((t, r) => t + rowOutlay(r), 0)),
    face_value_of_loan: round(linked.filter((a) => a.type === '07' || a.type === '08').reduce((t, a) => t + (a.total_loan_value ?? 0), 0)),
    recipients: new Set(linked.map((a) => a.recipient_hash)).size,
    cfdas: new Set(linked.map((a) => a.cfda_number).filter((c) => c !== null)).size,
    awarding_agencies: new Set(linked.map((a) => a.awarding_toptier_agency_code)).size,
  };
}

/** The model of the File B counts: distinct owners, federal accounts and object classes of non-zero counted rows. */
function expectedAccounts(codes: string[]) {
  const rows = FILE_B.filter(
    (r) =>
      codes.includes(r.disaster_emergency_fund_code) &&
      counted.has(r.submission_id) &&
      (r.obligations_incurred_by_program_object_class_cpe !== 0 || r.gross_outlay_amount_by_program_object_class_cpe !== 0),
  );
  const account = (id: number) => ACCOUNTS.find((a) => a.treasury_account_identifier === id)!;
  return {
    agency: new Set(rows.map((r) => account(r.treasury_account_id).funding_toptier_agency_id)).size,
    federal_account: new Set(rows.map((r) => account(r.treasury_account_id).federal_account_id)).size,
    object_class: new Set(rows.map((r) => OBJECT_CLASSES[r.object_class_id])).size,
  };
}

describe('disaster/award/amount', () => {
  const post = (body: object) => h.http.post('/api/v2/disaster/award/amount/').send(body);

  it('sums File C obligations and latest-period outlays and counts the awards with non-zero sums', async () => {
    const res = await post({ filter: { def_codes: ['L', 'M'] } }).expect(200);
    const want = expectedAwards(['L', 'M']);
    expect(res.body).toEqual({ award_count: want.award_count, obligation: want.obligation, outlay: want.outlay });
    // By hand: awards P1, F2, F3 and the unlinked P9 (F4's rows cancel out); the overview's award spending agrees.
    expect(res.body).toEqual({ award_count: 4, obligation: 700.25, outlay: 94 });
    const overview = await h.http.get('/api/v2/disaster/overview/?def_codes=L,M').expect(200);
    expect([overview.body.spending.award_obligations, overview.body.spending.award_outlays]).toEqual([res.body.obligation, res.body.outlay]);
  });

  it('keeps linked awards of the award types, with the face value of the loans only', async () => {
    const loans = await post({ filter: { def_codes: ['L', 'M', 'N'], award_type_codes: ['07', '08'] } }).expect(200);
    const want = expectedAwards(['L', 'M', 'N'], ['07', '08']);
    expect(loans.body).toEqual({ award_count: want.award_count, obligation: want.obligation, outlay: want.outlay, face_value_of_loan: want.face_value_of_loan });
    expect(loans.body.face_value_of_loan).toBe(5000);
    const mixed = await post({ filter: { def_codes: ['L', 'M'], award_type_codes: ['02', '07', 'A'] } }).expect(200);
    expect(mixed.body.face_value_of_loan).toBe(expectedAwards(['L', 'M'], ['02', '07', 'A']).face_value_of_loan);
    const grants = await post({ filter: { def_codes: ['L', 'M'], award_type_codes: ['02'] } }).expect(200);
    expect(grants.body).toEqual({ award_count: 1, obligation: 200, outlay: 55 });
  });

  it('splits procurement and assistance by the File C award identifiers', async () => {
    for (const awardType of ['procurement', 'assistance'] as const) {
      const res = await post({ filter: { def_codes: ['L', 'M'], award_type: awardType } }).expect(200);
      const want = expectedAwards(['L', 'M'], undefined, awardType);
      expect(res.body).toEqual({ award_count: want.award_count, obligation: want.obligation, outlay: want.outlay });
    }
    const p = await post({ filter: { def_codes: ['L', 'M'], award_type: 'procurement' } }).expect(200);
    const a = await post({ filter: { def_codes: ['L', 'M'], award_type: 'assistance' } }).expect(200);
    const all = await post({ filter: { def_codes: ['L', 'M'] } }).expect(200);
    expect(round(p.body.obligation + a.body.obligation)).toBe(all.body.obligation);
    expect(p.body.award_count + a.body.award_count).toBe(all.body.award_count);
  });

  it('accepts the upstream sample body (pagination and spending_type are not used)', async () => {
    const res = await post({
      filter: { def_codes: ['L', 'M'] },
      pagination: { limit: 10, page: 1, sort: 'award_count', order: 'desc' },
      spending_type: 'total',
    }).expect(200);
    expect(res.body.award_count).toBe(4);
  });

  it('refuses bad input with a JSON 4xx', async () => {
    const both = await post({ filter: { def_codes: ['L'], award_type_codes: ['07'], award_type: 'assistance' } }).expect(400);
    expect(both.body.detail).toContain('mutually exclusive');
    const unknown = await post({ filter: { def_codes: ['QQ'] } }).expect(400);
    expect(unknown.body.detail).toContain("'QQ'");
    const page0 = await post({ filter: { def_codes: ['L'] }, pagination: { page: 0 } }).expect(400);
    expect(page0.body.detail).toMatch(/page/);
    const badType = await post({ filter: { def_codes: ['L'], award_type_codes: ['ZZ'] } }).expect(400);
    expect(badType.body.detail).toMatch(/award_type_codes/);
    const missing = await post({}).expect(422);
    expect(missing.body.detail).toMatch(/filter/);
  });
});

describe('disaster counts', () => {
  const count = async (kind: string, filter: object) => {
    const res = await h.http.post(`/api/v2/disaster/${kind}/count/`).send({ filter }).expect(200);
    return res.body.count as number;
  };

  it('counts awards, recipients and assistance listings of the funded awards (award/count = award/amount award_count)', async () => {
    for (const filter of [{ def_codes: ['L', 'M'] }, { def_codes: ['L'], award_type_codes: ['07', '08'] }, { def_codes: ['M', 'Z9'] }]) {
      const want = expectedAwards(filter.def_codes, filter.award_type_codes);
      const amount = await h.http.post('/api/v2/disaster/award/amount/').send({ filter }).expect(200);
      expect(await count('award', filter)).toBe(want.award_count);
      expect(await count('award', filter)).toBe(amount.body.award_count);
      expect(await count('recipient', filter)).toBe(want.recipients);
      expect(await count('cfda', filter)).toBe(want.cfdas);
    }
    expect(await count('award', { def_codes: ['L', 'M'] })).toBe(4);
    expect(await count('recipient', { def_codes: ['L', 'M'] })).toBe(2);
  });

  it('counts agencies, federal accounts and object classes of the File B rows', async () => {
    for (const codes of [['L', 'M'], ['L'], ['M'], ['N']]) {
      const want = expectedAccounts(codes);
      expect(await count('agency', { def_codes: codes })).toBe(want.agency);
      expect(await count('federal_account', { def_codes: codes })).toBe(want.federal_account);
      expect(await count('object_class', { def_codes: codes })).toBe(want.object_class);
    }
    expect(await count('federal_account', { def_codes: ['L', 'M'] })).toBe(2);
  });

  it('with award types, counts the awarding agencies and the accounts of the linked File C rows', async () => {
    const filter = { def_codes: ['L', 'M'], award_type_codes: ['07', '08'] };
    expect(await count('agency', filter)).toBe(expectedAwards(['L', 'M'], ['07', '08']).awarding_agencies);
    expect(await count('federal_account', { def_codes: ['L', 'M'], award_type_codes: ['02'] })).toBe(1);
  });

  it('refuses bad input with a JSON 4xx', async () => {
    for (const kind of ['agency', 'award', 'cfda', 'federal_account', 'object_class', 'recipient']) {
      const unknown = await h.http.post(`/api/v2/disaster/${kind}/count/`).send({ filter: { def_codes: ['L', 'NOPE'] } }).expect(400);
      expect(unknown.body.detail).toContain("'NOPE'");
      const none = await h.http.post(`/api/v2/disaster/${kind}/count/`).send({ filter: { def_codes: [] } }).expect(400);
      expect(none.body.detail).toMatch(/def_codes/);
    }
  });
});

describe('disaster/agency/spending', () => {
  const post = (body: object) => h.http.post('/api/v2/disaster/agency/spending/').send(body);
  const owner = (tas: number) => ACCOUNTS.find((a) => a.treasury_account_identifier === tas)!.funding_toptier_agency_id;

  it('award spending per agency owning the accounts adds up to award/amount', async () => {
    const res = await post({ filter: { def_codes: ['L', 'M'] }, spending_type: 'award', pagination: { sort: 'obligation', order: 'desc' } }).expect(200);
    const amount = (await h.http.post('/api/v2/disaster/award/amount/').send({ filter: { def_codes: ['L', 'M'] } }).expect(200)).body;
    const results = res.body.results as { id: string; obligation: number; outlay: number; award_count: number; children: unknown[] }[];
    expect(round(results.reduce((t, r) => t + r.obligation, 0))).toBe(amount.obligation);
    expect(round(results.reduce((t, r) => t + r.outlay, 0))).toBe(amount.outlay);
    expect(res.body.totals).toEqual({ award_count: amount.award_count, obligation: amount.obligation, outlay: amount.outlay });
    // Per agency from the rows: counted File C rows of L and M grouped by the owner of their account.
    const rows = FILE_C.filter((r) => ['L', 'M'].includes(r.disaster_emergency_fund_code ?? '') && counted.has(r.submission_id));
    for (const agency of results) {
      const mine = rows.filter((r) => String(owner(r.treasury_account_id)) === agency.id);
      expect(agency.obligation).toBe(round(mine.reduce((t, r) => t + r.transaction_obligated_amount, 0)));
      expect(agency.outlay).toBe(round(mine.reduce((t, r) => t + rowOutlay(r), 0)));
      expect(agency.children).toEqual([]);
    }
    expect(results.map((r) => r.id)).toEqual(['9002', '9001']);
    expect(results.map((r) => r.obligation)).toEqual([...results.map((r) => r.obligation)].sort((a, b) => b - a));
    expect(res.body.page_metadata).toEqual({ page: 1, next: null, previous: null, hasNext: false, hasPrevious: false, total: 2, limit: 10 });
  });

  it('with award types, groups by awarding agency with subtier children, and pages', async () => {
    const filter = { def_codes: ['L', 'M'], award_type_codes: ['02', '07', '08', 'A'] };
    const res = await post({ filter, spending_type: 'award', pagination: { sort: 'id', order: 'asc' } }).expect(200);
    const want = expectedAwards(filter.def_codes, filter.award_type_codes);
    expect(res.body.totals).toEqual({ award_count: want.award_count, obligation: want.obligation, outlay: want.outlay });
    const z92 = res.body.results.find((r: { code: string }) => r.code === 'Z92');
    const subtier = (code: string) => SUBTIERS.find((x) => x.subtier_code === code)!;
    const rows = FILE_C.filter((r) => ['L', 'M'].includes(r.disaster_emergency_fund_code ?? '') && counted.has(r.submission_id));
    const ofSubtier = (code: string) => rows.filter((r) => AWARDS.find((a) => a.award_id === r.award_id)?.awarding_subtier_agency_code === code);
    expect(z92.children).toEqual(
      ['Z921', 'Z922'].map((code) => ({
        id: String(subtier(code).subtier_agency_id),
        code,
        description: subtier(code).name,
        award_count: 1,
        obligation: round(ofSubtier(code).reduce((t, r) => t + r.transaction_obligated_amount, 0)),
        outlay: round(ofSubtier(code).reduce((t, r) => t + rowOutlay(r), 0)),
        total_budgetary_resources: null,
      })),
    );
    expect(res.body.results.map((r: { code: string }) => r.code)).toEqual(['Z91', 'Z92']);
    const page2 = await post({ filter, spending_type: 'award', pagination: { sort: 'id', order: 'asc', limit: 1, page: 2 } }).expect(200);
    expect(page2.body.results.map((r: { code: string }) => r.code)).toEqual(['Z92']);
    expect(page2.body.page_metadata).toEqual({ page: 2, next: null, previous: 1, hasNext: false, hasPrevious: true, total: 2, limit: 1 });
  });

  it('total spending: File B latest balances and GTAS budgetary resources per owning agency', async () => {
    const res = await post({ filter: { def_codes: ['L', 'M'] }, spending_type: 'total', pagination: { sort: 'total_budgetary_resources', order: 'desc' } }).expect(200);
    const fileB = FILE_B.filter((r) => ['L', 'M'].includes(r.disaster_emergency_fund_code) && latest.has(r.submission_id));
    const gtas = GTAS.filter((r) => r.counted && ['L', 'M'].includes(r.disaster_emergency_fund_code));
    const agencies = [...new Set([...fileB.map((r) => owner(r.treasury_account_id)), ...gtas.map((r) => owner(r.treasury_account_identifier))])];
    const expected = agencies
      .map((id) => ({
        id: String(id),
        obligation: round(fileB.filter((r) => owner(r.treasury_account_id) === id).reduce((t, r) => t + r.obligations_incurred_by_program_object_class_cpe, 0)),
        outlay: round(fileB.filter((r) => owner(r.treasury_account_id) === id).reduce((t, r) => t + r.gross_outlay_amount_by_program_object_class_cpe, 0)),
        total_budgetary_resources: round(gtas.filter((r) => owner(r.treasury_account_identifier) === id).reduce((t, r) => t + r.total_budgetary_resources_cpe, 0)),
        award_count: null,
        children: [],
      }))
      .sort((a, b) => b.total_budgetary_resources - a.total_budgetary_resources);
    expect(res.body.results.map(({ code: _c, description: _d, ...r }: { code: string; description: string }) => r)).toEqual(expected);
    const overview = (await h.http.get('/api/v2/disaster/overview/?def_codes=L,M').expect(200)).body;
    expect(res.body.totals.total_budgetary_resources).toBe(overview.total_budget_authority);
    // Award types only shape award spending (upstream's own sample sends them with total).
    const withTypes = await post({ filter: { def_codes: ['L', 'M'], award_type_codes: ['07'] }, spending_type: 'total', pagination: { sort: 'total_budgetary_resources', order: 'desc' } }).expect(200);
    expect(withTypes.body).toEqual(res.body);
  });

  it('refuses bad input with a JSON 4xx', async () => {
    const page0 = await post({ filter: { def_codes: ['L'] }, spending_type: 'award', pagination: { page: 0 } }).expect(400);
    expect(page0.body.detail).toMatch(/page/);
    const badSort = await post({ filter: { def_codes: ['L'] }, spending_type: 'award', pagination: { sort: 'nope' } }).expect(400);
    expect(badSort.body.detail).toMatch(/sort/);
    const badType = await post({ filter: { def_codes: ['L'] }, spending_type: 'both' }).expect(400);
    expect(badType.body.detail).toMatch(/spending_type/);
    const unknown = await post({ filter: { def_codes: ['XX'] }, spending_type: 'total' }).expect(400);
    expect(unknown.body.detail).toContain("'XX'");
    const noCodes = await post({ filter: { def_codes: [] }, spending_type: 'total' }).expect(400);
    expect(noCodes.body.detail).toMatch(/def_codes/);
    await h.http.post('/api/v2/disaster/agency/spending/').set('content-type', 'application/json').send('').expect(422);
  });
});
