/**
 * The disaster insight endpoints ({agency,cfda,federal_account,object_class,recipient}/{spending,loans}),
 * spending_by_geography, the overview's `additional` part and the CFDA totals, against values computed here from
 * the rows disaster-seed.ts loads (the submission flags `counted` / `latest` are written by hand there).
 */
import { sql } from 'slonik';
import { startHarness, type Harness } from '@usas/test-harness';
import {
  ACCOUNTS,
  AWARDS,
  CFDA_PROGRAMS,
  COUNTY_POPULATION,
  DISTRICT_POPULATION,
  FILE_B,
  FILE_C,
  GTAS,
  MAJOR_CLASSES,
  OBJECT_CLASSES,
  PLACES,
  RECIPIENTS,
  STATES,
  SUBMISSIONS,
  seedDisasterData,
  type FileCRow,
} from './disaster-seed';
import { insertRows } from './seed';

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
const LOANS = ['07', '08'];
const account = (tas: number) => ACCOUNTS.find((a) => a.treasury_account_identifier === tas)!;
const awardOf = (id: number | null) => AWARDS.find((a) => a.award_id === id);
const rowOutlay = (r: FileCRow) =>
  latest.has(r.submission_id)
    ? r.gross_outlay_amount_by_award_cpe + (r.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe ?? 0) + (r.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe ?? 0)
    : 0;

/** Counted File C rows of the codes (and award types: linked awards of those types only). */
function fileC(codes: string[], types?: string[]): FileCRow[] {
  return FILE_C.filter(
    (r) =>
      r.disaster_emergency_fund_code !== null &&
      codes.includes(r.disaster_emergency_fund_code) &&
      counted.has(r.submission_id) &&
      (types === undefined || types.includes(awardOf(r.award_id)?.type ?? '')),
  );
}

interface Group {
  obligation: number;
  outlay: number;
  award_count: number;
  face_value_of_loan: number;
}

/** Sums rows per key: obligations, outlays, awards whose sums within the group are not zero, their loan face value. */
function groupRows(rows: FileCRow[], keyOf: (r: FileCRow) => string | undefined): Map<string, Group> {
  const out = new Map<string, { rows: FileCRow[] }>();
  for (const r of rows) {
    const k = keyOf(r);
    if (k === undefined) continue;
    const g = out.get(k) ?? { rows: [] };
    g.rows.push(r);
    out.set(k, g);
  }
  const result = new Map<string, Group>();
  for (const [k, g] of out) {
    const perAward = new Map<string, { id: number | null; o: number; u: number }>();
    for (const r of g.rows) {
      const key = r.award_id !== null ? `id:${r.award_id}` : `piid:${r.piid}`;
      const a = perAward.get(key) ?? { id: r.award_id, o: 0, u: 0 };
      a.o += r.transaction_obligated_amount;
      a.u += rowOutlay(r);
      perAward.set(key, a);
    }
    const funded = [...perAward.values()].filter((a) => round(a.o) !== 0 || round(a.u) !== 0);
    result.set(k, {
      obligation: round(g.rows.reduce((t, r) => t + r.transaction_obligated_amount, 0)),
      outlay: round(g.rows.reduce((t, r) => t + rowOutlay(r), 0)),
      award_count: funded.length,
      face_value_of_loan: round(
        funded.map((a) => awardOf(a.id)).reduce((t, a) => t + (a !== undefined && LOANS.includes(a.type) ? (a.total_loan_value ?? 0) : 0), 0),
      ),
    });
  }
  return result;
}

const post = (path: string, body: object) => h.http.post(`/api/v2/disaster/${path}/`).send(body);
const sum = (xs: { obligation: number }[], pick: (x: never) => number) => round(xs.reduce((t, x) => t + pick(x as never), 0));

describe('totals reconcile', () => {
  it('sum over agencies = sum over federal accounts = award/amount, for award spending and for loans', async () => {
    for (const [suffix, extra] of [
      ['spending', { spending_type: 'award' }],
      ['loans', {}],
    ] as const) {
      const filter = { def_codes: ['L', 'M'] };
      const amountFilter = suffix === 'loans' ? { ...filter, award_type_codes: LOANS } : filter;
      const amount = (await post('award/amount', { filter: amountFilter }).expect(200)).body;
      const agencies = (await post(`agency/${suffix}`, { filter, ...extra, pagination: { limit: 100 } }).expect(200)).body;
      const accounts = (await post(`federal_account/${suffix}`, { filter, ...extra, pagination: { limit: 100 } }).expect(200)).body;
      for (const r of [agencies, accounts]) {
        expect(sum(r.results, (x: Group) => x.obligation)).toBe(amount.obligation);
        expect(sum(r.results, (x: Group) => x.outlay)).toBe(amount.outlay);
        expect(r.totals.obligation).toBe(amount.obligation);
        expect(r.totals.outlay).toBe(amount.outlay);
        expect(r.totals.award_count).toBe(amount.award_count);
        if (suffix === 'loans') expect(r.totals.face_value_of_loan).toBe(amount.face_value_of_loan);
      }
    }
  });

  it('total spending: agencies and federal accounts share the File B sums, and the GTAS budget authority of the overview', async () => {
    const filter = { def_codes: ['L', 'M'] };
    const agencies = (await post('agency/spending', { filter, spending_type: 'total' }).expect(200)).body;
    const accounts = (await post('federal_account/spending', { filter, spending_type: 'total' }).expect(200)).body;
    const overview = (await h.http.get('/api/v2/disaster/overview/?def_codes=L,M').expect(200)).body;
    expect(accounts.totals).toEqual(agencies.totals);
    expect(accounts.totals.total_budgetary_resources).toBe(overview.total_budget_authority);
    const fileB = FILE_B.filter((r) => filter.def_codes.includes(r.disaster_emergency_fund_code) && latest.has(r.submission_id));
    expect(accounts.totals.obligation).toBe(round(fileB.reduce((t, r) => t + r.obligations_incurred_by_program_object_class_cpe, 0)));
    expect(accounts.totals.outlay).toBe(round(fileB.reduce((t, r) => t + r.gross_outlay_amount_by_program_object_class_cpe, 0)));
  });
});

describe('disaster/federal_account/spending', () => {
  it('award spending per federal account with its Treasury accounts as children', async () => {
    const res = await post('federal_account/spending', { filter: { def_codes: ['L', 'M'] }, spending_type: 'award', pagination: { sort: 'id', order: 'asc' } }).expect(200);
    const rows = fileC(['L', 'M']);
    const byAccount = groupRows(rows, (r) => String(account(r.treasury_account_id).federal_account_id));
    const byTas = groupRows(rows, (r) => String(r.treasury_account_id));
    const ids = [...byAccount.keys()].map(Number).sort((a, b) => a - b);
    expect(res.body.results.map((r: { id: number }) => r.id)).toEqual(ids);
    for (const r of res.body.results) {
      const want = byAccount.get(String(r.id))!;
      expect(r).toMatchObject({ obligation: want.obligation, outlay: want.outlay, award_count: want.award_count, total_budgetary_resources: null });
      const tas = ACCOUNTS.filter((a) => a.federal_account_id === r.id && byTas.has(String(a.treasury_account_identifier)));
      expect(r.children).toEqual(
        tas.map((a) => {
          const g = byTas.get(String(a.treasury_account_identifier))!;
          return {
            id: a.treasury_account_identifier,
            code: `DISASTER-TEST-${a.treasury_account_identifier}`,
            description: '',
            award_count: g.award_count,
            obligation: g.obligation,
            outlay: g.outlay,
            total_budgetary_resources: null,
          };
        }),
      );
    }
  });

  it('total spending per federal account: File B latest balances and GTAS budgetary resources per TAS', async () => {
    const res = await post('federal_account/spending', { filter: { def_codes: ['L', 'M'] }, spending_type: 'total', pagination: { sort: 'obligation', order: 'desc' } }).expect(200);
    const fileB = FILE_B.filter((r) => ['L', 'M'].includes(r.disaster_emergency_fund_code) && latest.has(r.submission_id));
    const gtas = GTAS.filter((r) => r.counted && ['L', 'M'].includes(r.disaster_emergency_fund_code));
    const fa = (tas: number) => account(tas).federal_account_id;
    const ids = [...new Set([...fileB.map((r) => fa(r.treasury_account_id)), ...gtas.map((r) => fa(r.treasury_account_identifier))])];
    const expected = ids
      .map((id) => ({
        id,
        award_count: null,
        obligation: round(fileB.filter((r) => fa(r.treasury_account_id) === id).reduce((t, r) => t + r.obligations_incurred_by_program_object_class_cpe, 0)),
        outlay: round(fileB.filter((r) => fa(r.treasury_account_id) === id).reduce((t, r) => t + r.gross_outlay_amount_by_program_object_class_cpe, 0)),
        total_budgetary_resources: gtas.some((r) => fa(r.treasury_account_identifier) === id)
          ? round(gtas.filter((r) => fa(r.treasury_account_identifier) === id).reduce((t, r) => t + r.total_budgetary_resources_cpe, 0))
          : null,
      }))
      .sort((a, b) => b.obligation - a.obligation || a.id - b.id);
    expect(res.body.results.map(({ id, award_count, obligation, outlay, total_budgetary_resources }: Record<string, unknown>) => ({ id, award_count, obligation, outlay, total_budgetary_resources }))).toEqual(
      expected,
    );
  });
});

describe('disaster/object_class/spending', () => {
  it('total: File B per major object class with object classes as children', async () => {
    const res = await post('object_class/spending', { filter: { def_codes: ['L', 'M'] }, spending_type: 'total', pagination: { sort: 'code', order: 'asc' } }).expect(200);
    const fileB = FILE_B.filter((r) => ['L', 'M'].includes(r.disaster_emergency_fund_code) && latest.has(r.submission_id));
    const majors = [...new Set(fileB.map((r) => MAJOR_CLASSES[r.object_class_id]!.code))].sort();
    expect(res.body.results.map((r: { code: string }) => r.code)).toEqual(majors);
    for (const r of res.body.results) {
      const mine = fileB.filter((b) => MAJOR_CLASSES[b.object_class_id]!.code === r.code);
      expect(r.obligation).toBe(round(mine.reduce((t, b) => t + b.obligations_incurred_by_program_object_class_cpe, 0)));
      expect(r.award_count).toBeNull();
      expect(r.children.map((c: { code: string }) => c.code).sort()).toEqual([...new Set(mine.map((b) => OBJECT_CLASSES[b.object_class_id]))].sort());
    }
    expect(Object.keys(res.body.totals).sort()).toEqual(['obligation', 'outlay']);
  });

  it('award: File C per major object class, children per object class, totals = award/amount', async () => {
    const filter = { def_codes: ['L', 'M'], award_type_codes: ['02', '07', '08', 'A'] };
    const res = await post('object_class/spending', { filter, spending_type: 'award', pagination: { sort: 'obligation', order: 'asc' } }).expect(200);
    const rows = fileC(filter.def_codes, filter.award_type_codes);
    const majors = groupRows(rows, (r) => MAJOR_CLASSES[r.object_class_id!]!.code);
    const classes = groupRows(rows, (r) => OBJECT_CLASSES[r.object_class_id!]);
    const order = [...majors.entries()].sort((a, b) => a[1].obligation - b[1].obligation).map(([k]) => k);
    expect(res.body.results.map((r: { id: string }) => r.id)).toEqual(order);
    for (const r of res.body.results) {
      const m = majors.get(r.id)!;
      expect(r).toMatchObject({ code: r.id, obligation: m.obligation, outlay: m.outlay, award_count: m.award_count });
      for (const c of r.children) expect(c).toMatchObject({ id: c.code, ...(({ face_value_of_loan: _f, ...x }) => x)(classes.get(c.code)!) });
    }
    const amount = (await post('award/amount', { filter }).expect(200)).body;
    expect(res.body.totals).toEqual({ award_count: amount.award_count, obligation: amount.obligation, outlay: amount.outlay });
  });
});

describe('loans endpoints', () => {
  it('count only loan awards and report their face value', async () => {
    const rows = fileC(['L', 'M'], LOANS);
    const byAgency = groupRows(rows, (r) => String(account(r.treasury_account_id).funding_toptier_agency_id));
    const res = await post('agency/loans', { filter: { def_codes: ['L', 'M'] }, pagination: { sort: 'face_value_of_loan', order: 'desc' } }).expect(200);
    expect(res.body.results.map(({ id, award_count, obligation, outlay, face_value_of_loan }: Record<string, unknown>) => ({ id, award_count, obligation, outlay, face_value_of_loan }))).toEqual(
      [...byAgency.entries()].map(([id, g]) => ({ id, ...g })).sort((a, b) => b.face_value_of_loan - a.face_value_of_loan),
    );
    const whole = groupRows(rows, () => 'all').get('all')!;
    expect(res.body.totals).toEqual(whole);

    const byAccount = groupRows(rows, (r) => String(account(r.treasury_account_id).federal_account_id));
    const fa = await post('federal_account/loans', { filter: { def_codes: ['L', 'M'] }, pagination: { sort: 'id', order: 'asc' } }).expect(200);
    expect(fa.body.results.map((r: { id: string }) => r.id)).toEqual([...byAccount.keys()].sort());
    for (const r of fa.body.results) expect(r).toMatchObject(byAccount.get(r.id)!);

    const byMajor = groupRows(rows, (r) => MAJOR_CLASSES[r.object_class_id!]!.code);
    const oc = await post('object_class/loans', { filter: { def_codes: ['L', 'M'], award_type_codes: ['07'] } }).expect(200);
    const only07 = groupRows(fileC(['L', 'M'], ['07']), (r) => MAJOR_CLASSES[r.object_class_id!]!.code);
    for (const r of oc.body.results) expect(r).toMatchObject(only07.get(r.id)!);
    expect(byMajor.size).toBeGreaterThan(0);
  });

  it('cfda and recipient loans group the loan awards by listing and recipient', async () => {
    const rows = fileC(['L', 'M', 'Z9'], LOANS);
    const byCfda = groupRows(rows, (r) => awardOf(r.award_id)?.cfda_number ?? undefined);
    const cfda = await post('cfda/loans', { filter: { def_codes: ['L', 'M', 'Z9'] }, pagination: { sort: 'code', order: 'asc' } }).expect(200);
    expect(cfda.body.results.map((r: { code: string }) => r.code)).toEqual([...byCfda.keys()].sort());
    for (const r of cfda.body.results) expect(r).toMatchObject(byCfda.get(r.code)!);

    const byRecipient = groupRows(rows, (r) => awardOf(r.award_id)?.recipient_hash);
    const rec = await post('recipient/loans', { filter: { def_codes: ['L', 'M', 'Z9'] } }).expect(200);
    expect(rec.body.results).toHaveLength(byRecipient.size);
    for (const r of rec.body.results) {
      const hash = (r.id as string[])[0]!.slice(0, 36);
      expect(r).toMatchObject({ ...byRecipient.get(hash)!, description: RECIPIENTS[hash]!.name });
    }
  });
});

describe('disaster/cfda/spending', () => {
  it('per assistance listing of the linked awards, with the listing reference data; agrees with references/cfda/totals', async () => {
    const res = await post('cfda/spending', { filter: { def_codes: ['L', 'M', 'Z9'] }, spending_type: 'award', pagination: { sort: 'obligation', order: 'desc' } }).expect(200);
    const byCfda = groupRows(fileC(['L', 'M', 'Z9']), (r) => awardOf(r.award_id)?.cfda_number ?? undefined);
    expect(res.body.results.map((r: { code: string }) => r.code)).toEqual([...byCfda.entries()].sort((a, b) => b[1].obligation - a[1].obligation).map(([k]) => k));
    for (const r of res.body.results) {
      const g = byCfda.get(r.code)!;
      const ref = CFDA_PROGRAMS.find((p) => p.program_number === r.code);
      expect(r).toEqual({
        id: ref ? String(ref.id) : r.code,
        code: r.code,
        description: ref?.program_title ?? '',
        award_count: g.award_count,
        obligation: g.obligation,
        outlay: g.outlay,
        resource_link: ref?.url ?? null,
        cfda_federal_agency: ref?.federal_agency ?? '',
        cfda_objectives: ref?.objectives ?? '',
        cfda_website: ref?.website_address ?? null,
        applicant_eligibility: ref?.applicant_eligibility ?? '',
        beneficiary_eligibility: ref?.beneficiary_eligibility ?? '',
      });
      // Every listing reported here has its totals, and those count every award of the listing.
      const totals = (await h.http.get(`/api/v2/references/cfda/totals/${r.code}/`).expect(200)).body;
      expect(totals.cfda).toBe(r.code);
      const awardsOfListing = AWARDS.filter((a) => a.cfda_number === r.code).length;
      expect(totals.posted + totals.closed + totals.archived + totals.forecasted).toBe(awardsOfListing);
      expect(r.award_count).toBeLessThanOrEqual(awardsOfListing);
    }
    const list = (await h.http.get('/api/v2/references/cfda/totals/').expect(200)).body.results.map((t: { cfda: string }) => t.cfda);
    for (const r of res.body.results) expect(list).toContain(r.code);
    expect(res.body.totals).toEqual({
      award_count: [...byCfda.values()].reduce((t, g) => t + g.award_count, 0),
      obligation: round([...byCfda.values()].reduce((t, g) => t + g.obligation, 0)),
      outlay: round([...byCfda.values()].reduce((t, g) => t + g.outlay, 0)),
    });
    // Assistance listings exist only on awards: total spending answers the award spending.
    const total = await post('cfda/spending', { filter: { def_codes: ['L', 'M', 'Z9'] }, spending_type: 'total', pagination: { sort: 'obligation', order: 'desc' } }).expect(200);
    expect(total.body).toEqual(res.body);
  });

  it('filters by query text', async () => {
    const res = await post('cfda/spending', { filter: { def_codes: ['L', 'M', 'Z9'], query: 'loans' }, spending_type: 'award' }).expect(200);
    expect(res.body.results.map((r: { code: string }) => r.code).sort()).toEqual(['10.002', '10.003'].filter((c) => groupRows(fileC(['L', 'M', 'Z9']), (r) => awardOf(r.award_id)?.cfda_number ?? undefined).has(c)));
    expect(res.body.totals.obligation).toBe(sum(res.body.results, (x: Group) => x.obligation));
  });
});

describe('disaster/recipient/spending', () => {
  it('per recipient: profile ids with levels, UEI or a placeholder, sorted by description by default', async () => {
    const res = await post('recipient/spending', { filter: { def_codes: ['L', 'M'] }, pagination: { order: 'asc' } }).expect(200);
    const byRecipient = groupRows(fileC(['L', 'M']), (r) => awardOf(r.award_id)?.recipient_hash);
    const hashes = [...byRecipient.keys()].sort((a, b) => RECIPIENTS[a]!.name.localeCompare(RECIPIENTS[b]!.name));
    expect(res.body.results).toEqual(
      hashes.map((hash) => {
        const r = RECIPIENTS[hash]!;
        const { face_value_of_loan: _f, ...g } = byRecipient.get(hash)!;
        return {
          id: (r.levels.length > 0 ? r.levels : ['R']).map((l) => `${hash}-${l}`),
          code: r.uei ?? 'DUNS Number not provided',
          description: r.name,
          ...g,
        };
      }),
    );
    const q = await post('recipient/spending', { filter: { def_codes: ['L', 'M'], query: 'alpha' } }).expect(200);
    expect(q.body.results.map((r: { description: string }) => r.description)).toEqual(['ALPHA RELIEF INC']);
  });
});

describe('pagination and sorting', () => {
  const sortable: Record<string, string[]> = {
    'agency/spending': ['id', 'code', 'description', 'award_count', 'total_budgetary_resources', 'obligation', 'outlay'],
    'federal_account/spending': ['id', 'code', 'description', 'award_count', 'total_budgetary_resources', 'obligation', 'outlay'],
    'object_class/spending': ['id', 'code', 'description', 'award_count', 'obligation', 'outlay'],
    'cfda/spending': ['id', 'code', 'description', 'award_count', 'obligation', 'outlay'],
    'recipient/spending': ['description', 'award_count', 'obligation', 'outlay'],
    'agency/loans': ['id', 'code', 'description', 'award_count', 'face_value_of_loan', 'obligation', 'outlay'],
    'cfda/loans': ['id', 'code', 'description', 'award_count', 'face_value_of_loan', 'obligation', 'outlay'],
    'recipient/loans': ['description', 'award_count', 'face_value_of_loan', 'obligation', 'outlay'],
  };
  it('sorts by every listed field in both orders, pages consistently, and refuses unlisted fields and page 0', async () => {
    for (const [path, fields] of Object.entries(sortable)) {
      for (const sort of fields) {
        for (const order of ['asc', 'desc'] as const) {
          const all = (await post(path, { filter: { def_codes: ['L', 'M', 'Z9'] }, spending_type: 'award', pagination: { sort, order, limit: 100 } }).expect(200)).body;
          const values = all.results.map((r: Record<string, unknown>) => (sort === 'id' && !Array.isArray(r.id) && /^\d+$/.test(String(r.id)) ? Number(r.id) : r[sort]));
          const sorted = [...values].sort((a, b) => {
            if (a === b) return 0;
            if (a === null) return 1;
            if (b === null) return -1;
            const c = typeof a === 'number' ? a - (b as number) : String(a).localeCompare(String(b));
            return order === 'asc' ? c : -c;
          });
          expect({ path, sort, order, values }).toEqual({ path, sort, order, values: sorted });
          // Page 2 of size 1 is the second result.
          if (all.results.length >= 2) {
            const p2 = (await post(path, { filter: { def_codes: ['L', 'M', 'Z9'] }, spending_type: 'award', pagination: { sort, order, limit: 1, page: 2 } }).expect(200)).body;
            expect(p2.results).toEqual([all.results[1]]);
            expect(p2.page_metadata).toMatchObject({ page: 2, previous: 1, hasPrevious: true, total: all.results.length, limit: 1 });
          }
        }
      }
      const bad = await post(path, { filter: { def_codes: ['L'] }, spending_type: 'award', pagination: { sort: path.startsWith('recipient') ? 'id' : 'nope' } }).expect(400);
      expect(bad.body.detail).toMatch(/sort/);
      const page0 = await post(path, { filter: { def_codes: ['L'] }, spending_type: 'award', pagination: { page: 0 } }).expect(400);
      expect(page0.body.detail).toMatch(/page/);
      const unknown = await post(path, { filter: { def_codes: ['L', 'QQ'] }, spending_type: 'award' }).expect(400);
      expect(unknown.body.detail).toContain("'QQ'");
      const none = await post(path, { filter: { def_codes: [] }, spending_type: 'award' }).expect(400);
      expect(none.body.detail).toMatch(/def_codes/);
    }
  });
});

describe('disaster/spending_by_geography', () => {
  const fips = (code: string) => STATES.find((s) => s.code === code)!.fips;
  /** Per area of the funded awards: amount, award count (awards whose sums are not zero). */
  function expectedGeo(layer: 'state' | 'county' | 'district', scope: 'recipient' | 'pop', spending: 'obligation' | 'outlay' | 'face_value_of_loan') {
    const rows = fileC(['L', 'M'], spending === 'face_value_of_loan' ? LOANS : undefined).filter((r) => r.award_id !== null);
    const perAward = groupRows(rows, (r) => String(r.award_id));
    const out = new Map<string, { amount: number; award_count: number; population: number | null; display_name: string }>();
    for (const [id, g] of perAward) {
      if (g.award_count === 0) continue;
      const p = PLACES[Number(id)]![scope];
      const shape = layer === 'state' ? p.state : layer === 'county' ? fips(p.state) + p.county : fips(p.state) + p.district;
      const population =
        layer === 'state'
          ? STATES.find((s) => s.code === p.state)!.population
          : layer === 'county'
            ? (COUNTY_POPULATION.find((c) => c.state === p.state && c.county === p.county)?.population ?? null)
            : (DISTRICT_POPULATION.find((d) => d.state === p.state && d.district === p.district)?.population ?? null);
      const cur = out.get(shape) ?? { amount: 0, award_count: 0, population, display_name: '' };
      cur.amount = round(cur.amount + (spending === 'face_value_of_loan' ? g.face_value_of_loan : g[spending]));
      cur.award_count += 1;
      out.set(shape, cur);
    }
    return [...out.entries()]
      .map(([shape_code, g]) => ({ shape_code, amount: g.amount, population: g.population, per_capita: g.population ? round(g.amount / g.population) : null, award_count: g.award_count }))
      .sort((a, b) => b.amount - a.amount || a.shape_code.localeCompare(b.shape_code));
  }

  it.each([
    ['state', 'recipient_location', 'obligation'],
    ['county', 'recipient_location', 'outlay'],
    ['district', 'place_of_performance', 'obligation'],
    ['state', 'place_of_performance', 'face_value_of_loan'],
  ] as const)('%s / %s / %s from the funded awards, with census populations', async (layer, scope, spending) => {
    const res = await post('spending_by_geography', { filter: { def_codes: ['L', 'M'] }, geo_layer: layer, scope, spending_type: spending }).expect(200);
    expect(res.body).toMatchObject({ geo_layer: layer, scope, spending_type: spending });
    const want = expectedGeo(layer, scope === 'recipient_location' ? 'recipient' : 'pop', spending);
    expect(res.body.results.map(({ display_name: _d, ...r }: { display_name: string }) => r)).toEqual(want);
  });

  it('names areas, keeps geo_layer_filters, defaults to the recipient location and refuses bad input', async () => {
    const res = await post('spending_by_geography', { filter: { def_codes: ['L', 'M'] }, geo_layer: 'state', geo_layer_filters: ['ZB'], spending_type: 'obligation' }).expect(200);
    expect(res.body.scope).toBe('recipient_location');
    expect(res.body.results).toEqual(expectedGeo('state', 'recipient', 'obligation').filter((r) => r.shape_code === 'ZB').map((r) => ({ ...r, display_name: 'Zeta Beta' })));
    const county = await post('spending_by_geography', { filter: { def_codes: ['L', 'M'] }, geo_layer: 'county', spending_type: 'obligation' }).expect(200);
    expect(county.body.results.find((r: { shape_code: string }) => r.shape_code === '97001')?.display_name).toBe('North County');
    const district = await post('spending_by_geography', { filter: { def_codes: ['L', 'M'] }, geo_layer: 'district', spending_type: 'obligation' }).expect(200);
    expect(district.body.results.map((r: { display_name: string }) => r.display_name)).toContain('ZA-01');
    const badLayer = await post('spending_by_geography', { filter: { def_codes: ['L'] }, geo_layer: 'country', spending_type: 'obligation' }).expect(400);
    expect(badLayer.body.detail).toMatch(/geo_layer/);
    const unknown = await post('spending_by_geography', { filter: { def_codes: ['NOPE'] }, geo_layer: 'state', spending_type: 'obligation' }).expect(400);
    expect(unknown.body.detail).toContain("'NOPE'");
    await post('spending_by_geography', { filter: {}, geo_layer: 'state', spending_type: 'obligation' }).expect(422);
  });
});

describe('disaster/overview additional (DEF code V)', () => {
  it('adds the DOL accounts reported under DEF code O, less their FY2021 P6 balances, only for exactly V', async () => {
    const db = h.db.pool;
    await db.query(sql.unsafe`
      INSERT INTO disaster_emergency_fund_code (code, public_law, title, group_name) VALUES ('O', 'PL', 'O', 'covid_19'), ('V', 'PL', 'ARP', 'covid_19')
      ON CONFLICT (code) DO NOTHING`);
    await db.query(sql.unsafe`DELETE FROM treasury_appropriation_account WHERE tas_rendering_label IN ('016-X-0168-000', '016-X-1801-000', '016-X-8042-000')`);
    await insertRows(db, 'toptier_agency', [{ toptier_agency_id: 9003, toptier_code: 'Z93', name: 'Department of Labor (test)', abbreviation: 'DOL', slug: 'dol-test' }]);
    const labels = ['016-X-0168-000', '016-X-1801-000', '016-X-8042-000'];
    await insertRows(
      db,
      'treasury_appropriation_account',
      labels.map((l, i) => ({ treasury_account_identifier: 900011 + i, tas_rendering_label: l, agency_id: '016', main_account_code: '0168', sub_account_code: '000', funding_toptier_agency_id: 9003 })),
    );
    const rows = [
      // [fy, period, tas, obligations, deobligations, outlays, anticipated recoveries]
      [2021, 6, 900011, 100, 10, 50, 5],
      [2021, 6, 900012, 20, 0, 10, 0],
      [2022, 3, 900011, 400, 10, 300, 5],
      [2022, 3, 900013, 70, 0, 40, 0],
    ] as const;
    await insertRows(
      db,
      'gtas_sf133_balances',
      rows.map(([fy, p, tas, obl, deob, out, rec]) => ({
        fiscal_year: fy,
        fiscal_period: p,
        treasury_account_identifier: tas,
        disaster_emergency_fund_code: 'O',
        obligations_incurred_total_cpe: obl,
        deobligations_or_recoveries_or_refunds_from_prior_year_cpe: deob,
        gross_outlay_amount_by_tas_cpe: out,
        anticipated_prior_year_obligation_recoveries: rec,
      })),
    );
    try {
      // Latest period of each year from FY2021 (2021 P6, 2022 P3) less FY2021 P6.
      const obligations = (f: (typeof rows)[number][]) => f.reduce((t, r) => t + r[3] - r[4], 0);
      const outlays = (f: (typeof rows)[number][]) => f.reduce((t, r) => t + r[5] - r[6], 0);
      const base = rows.filter((r) => r[0] === 2021 && r[1] === 6);
      const want = {
        total_budget_authority: obligations([...rows]) - obligations(base),
        spending: { total_obligations: obligations([...rows]) - obligations(base), total_outlays: outlays([...rows]) - outlays(base) },
      };
      const v = (await h.http.get('/api/v2/disaster/overview/?def_codes=V').expect(200)).body;
      expect(v.additional).toEqual(want);
      const other = (await h.http.get('/api/v2/disaster/overview/?def_codes=V,O').expect(200)).body;
      expect(other.additional).toBeUndefined();
    } finally {
      await db.query(sql.unsafe`DELETE FROM gtas_sf133_balances WHERE disaster_emergency_fund_code = 'O'`);
    }
  });
});

describe('disaster summaries (pre-aggregated, refreshed on write)', () => {
  const amount = async (filter: object) => (await post('award/amount', { filter }).expect(200)).body;

  it("a disaster group's precomputed sums answer as its codes summed per award do", async () => {
    const db = h.db.pool;
    const group = (await db.any(sql.unsafe`SELECT code FROM disaster_emergency_fund_code WHERE group_name = 'covid_19' ORDER BY code`)).map((r) => String(r.code));
    // a code outside the group with no account rows: asking for it too reads the per-award subsets instead
    const spare = await db.oneFirst(sql.unsafe`
      SELECT code FROM disaster_emergency_fund_code d
      WHERE group_name IS NULL
        AND NOT EXISTS (SELECT 1 FROM financial_accounts_by_awards b WHERE b.disaster_emergency_fund_code = d.code)
        AND NOT EXISTS (SELECT 1 FROM financial_accounts_by_program_activity_object_class b WHERE b.disaster_emergency_fund_code = d.code)
        AND NOT EXISTS (SELECT 1 FROM gtas_sf133_balances g WHERE g.disaster_emergency_fund_code = d.code)
      ORDER BY code LIMIT 1`);
    const rows = fileC(group);
    const perAward = groupRows(rows, () => 'all').get('all')!;
    expect(await amount({ def_codes: group })).toEqual({ award_count: perAward.award_count, obligation: perAward.obligation, outlay: perAward.outlay });
    for (const [path, extra] of [
      ['agency/spending', { spending_type: 'award' }],
      ['agency/spending', { spending_type: 'total' }],
      ['federal_account/spending', { spending_type: 'award' }],
      ['federal_account/spending', { spending_type: 'total' }],
      ['object_class/spending', { spending_type: 'total' }],
      ['object_class/loans', {}],
      ['cfda/spending', { spending_type: 'award' }],
      ['recipient/loans', {}],
    ] as const) {
      const pagination = { limit: 100 };
      const asGroup = (await post(path, { filter: { def_codes: group }, ...extra, pagination }).expect(200)).body;
      const asCodes = (await post(path, { filter: { def_codes: [...group, spare] }, ...extra, pagination }).expect(200)).body;
      expect(asGroup).toEqual(asCodes);
    }
    const geo = { geo_layer: 'county', scope: 'place_of_performance', spending_type: 'outlay' };
    expect((await post('spending_by_geography', { filter: { def_codes: group }, ...geo }).expect(200)).body).toEqual(
      (await post('spending_by_geography', { filter: { def_codes: [...group, spare] }, ...geo }).expect(200)).body,
    );
  });

  it('a write to File C or to an award is read by the next request', async () => {
    const db = h.db.pool;
    const filter = { def_codes: ['L', 'M'] };
    const loans = { def_codes: ['L', 'M'], award_type_codes: LOANS };
    const before = await amount(filter);
    const loansBefore = await amount(loans);
    const agencyLoans = async () => (await post('agency/loans', { filter, pagination: { limit: 100 } }).expect(200)).body.totals;
    const agencyLoansBefore = await agencyLoans();
    await insertRows(db, 'financial_accounts_by_awards', [
      { submission_id: 4, treasury_account_id: 900002, award_id: 9000002, fain: 'F2', disaster_emergency_fund_code: 'L', transaction_obligated_amount: 1000, gross_outlay_amount_by_award_cpe: 100 },
    ]);
    try {
      expect(await amount(filter)).toEqual({ award_count: before.award_count, obligation: round(before.obligation + 1000), outlay: round(before.outlay + 100) });
      const accounts = (await post('federal_account/spending', { filter, spending_type: 'award', pagination: { limit: 100 } }).expect(200)).body;
      expect(accounts.totals.obligation).toBe(round(before.obligation + 1000));
      // the award becomes a loan: the loans endpoints count it, with its face value
      await db.query(sql.unsafe`UPDATE award_search SET type = '07', total_loan_value = 4321 WHERE award_id = 9000002`);
      const loansAfter = await amount(loans);
      expect(loansAfter.award_count).toBe(loansBefore.award_count + 1);
      const agencyLoansAfter = await agencyLoans();
      expect(agencyLoansAfter.award_count).toBe(agencyLoansBefore.award_count + 1);
      expect(agencyLoansAfter.face_value_of_loan).toBe(round(agencyLoansBefore.face_value_of_loan + 4321));
    } finally {
      await db.query(sql.unsafe`UPDATE award_search SET type = '02', total_loan_value = NULL WHERE award_id = 9000002`);
      await db.query(sql.unsafe`DELETE FROM financial_accounts_by_awards WHERE award_id = 9000002 AND transaction_obligated_amount = 1000`);
    }
    expect(await amount(filter)).toEqual(before);
    expect(await amount(loans)).toEqual(loansBefore);
    expect(await agencyLoans()).toEqual(agencyLoansBefore);
  });
});
