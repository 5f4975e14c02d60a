/**
 * HTTP suite of the profile app through the real gateway (request and response validation on). Every expected
 * value is computed here from the rows seed.ts wrote, not read back from the database.
 */
import { startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';
import { summariesFresh } from '../src/queries/recipient.query';
import { CHILD1, CHILD2, LONE, PARENT, recipientHash, seedProfileData, type ProfileSeed, type SeedAward, type SeedTransaction } from './seed';

let h: Harness;
let seed: ProfileSeed;

beforeAll(async () => {
  h = await startHarness();
  seed = await seedProfileData(h.db.pool);
}, 120_000);

afterAll(async () => {
  await h.close();
});

const award = (id: number) => seed.awards.find((a) => a.id === id) as SeedAward;
const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) * 100) / 100;
const tx = (a: SeedAward) => a.transactions;
const obligations = (a: SeedAward) => sum(tx(a).map((t) => t.obligation));
const pragmatic = (a: SeedAward) => sum(tx(a).map((t) => (a.category === 'loans' ? (t.subsidy ?? 0) : t.obligation)));
const latest = (a: SeedAward) => [...tx(a)].sort((x, y) => (x.date < y.date ? 1 : -1))[0] as SeedTransaction;
const children = (id: number) => seed.awards.filter((a) => a.parentKey === award(id).key);
const fileC = (ids: number[]) => seed.fileC.filter((f) => ids.includes(f.awardId));
const finalSubmission = (s: number) => seed.submissions.find((x) => x.id === s)?.final === true;
const outlays = (rows: ProfileSeed['fileC']) => sum(rows.map((f) => (finalSubmission(f.submission) ? f.outlay : 0)));

const A = 990001;
const IDV = 990010;
const GRANT = 990005;
const LOAN = 990006;

describe('GET /api/v2/awards/{award_id}/', () => {
  it('gives a contract its totals as sums of its transactions and its latest transaction details', async () => {
    const a = award(A);
    const res = await h.http.get(`/api/v2/awards/${a.key}/`).expect(200);
    const subs = seed.subawards.filter((s) => s.awardId === A);
    const fc = fileC([A]);
    expect(res.body).toMatchObject({
      id: A,
      generated_unique_award_id: a.key,
      category: 'contract',
      piid: a.piid,
      total_obligation: obligations(a),
      base_exercised_options: sum(tx(a).map((t) => t.exercised ?? 0)),
      base_and_all_options: sum(tx(a).map((t) => t.allOptions ?? 0)),
      date_signed: (tx(a)[0] as SeedTransaction).date,
      subaward_count: subs.length,
      total_subaward_amount: sum(subs.map((s) => s.amount)),
      total_account_obligation: sum(fc.map((f) => f.obligation)),
      total_account_outlay: outlays(fc),
      account_obligations_by_defc: [{ code: 'L', amount: sum(fc.filter((f) => f.defc === 'L').map((f) => f.obligation)) }],
      account_outlays_by_defc: [{ code: 'L', amount: outlays(fc.filter((f) => f.defc === 'L')) }],
      parent_award: { generated_unique_award_id: award(IDV).key, award_id: IDV, piid: award(IDV).piid },
      recipient: {
        recipient_name: CHILD1.name,
        recipient_hash: `${recipientHash(CHILD1.uei)}-C`,
        recipient_uei: CHILD1.uei,
        parent_recipient_hash: `${recipientHash(PARENT.uei)}-P`,
        parent_recipient_uei: PARENT.uei,
      },
      awarding_agency: { id: seed.sub.agencyId, toptier_agency: { code: seed.sub.toptierCode }, subtier_agency: { code: seed.sub.code } },
    });
    const last = latest(a).detail as Record<string, string>;
    expect(res.body.latest_transaction_contract_data).toMatchObject({
      solicitation_procedures: last.solicitation_procedures_code,
      solicitation_procedures_description: last.solicitation_procedures,
      number_of_offers_received: last.number_of_offers_received,
    });
    expect(res.body.executive_details.officers).toHaveLength(5);
  });

  it('accepts the internal numeric id', async () => {
    const byKey = await h.http.get(`/api/v2/awards/${award(A).key}/`).expect(200);
    const byId = await h.http.get(`/api/v2/awards/${A}`).expect(200);
    expect(byId.body).toEqual(byKey.body);
  });

  it('gives assistance awards their funding, CFDA and latest-transaction fields', async () => {
    const g = award(GRANT);
    const res = await h.http.get(`/api/v2/awards/${g.key}/`).expect(200);
    expect(res.body).toMatchObject({
      category: 'grant',
      fain: g.fain,
      total_obligation: obligations(g),
      non_federal_funding: sum(tx(g).map((t) => t.nonFederal ?? 0)),
      total_funding: sum(tx(g).map((t) => t.totalFunding ?? 0)),
      record_type: 2,
      funding_opportunity: { number: (latest(g).detail as Record<string, string>).funding_opportunity_number },
      cfda_info: [{ cfda_number: '10.001', federal_action_obligation_amount: obligations(g) }],
      total_subsidy_cost: null,
    });
    const l = award(LOAN);
    const loan = await h.http.get(`/api/v2/awards/${l.key}/`).expect(200);
    expect(loan.body).toMatchObject({
      category: 'loans',
      total_loan_value: sum(tx(l).map((t) => t.face ?? 0)),
      total_subsidy_cost: sum(tx(l).map((t) => t.subsidy ?? 0)),
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await h.http.get('/api/v2/awards/CONT_AWD_NOSUCHAWARD_0000_-NONE-_-NONE-/').expect(404);
    expect(missing.body.detail).toMatch(/No award with id/);
    expect((await h.http.get('/api/v2/awards/123456789012/').expect(404)).body.detail).toMatch(/No award/);
    const bad = await h.http.get('/api/v2/awards/not-an-award/').expect(400);
    expect(bad.body.detail).toMatch(/neither a generated award id nor an internal award id/);
    expect((await h.http.get('/api/v2/awards/99999999999999999999999/').expect(404)).body.detail).toMatch(/No award/);
    expect((await h.http.get('/api/v2/awards/CONT_AWD_%00/').expect(400)).body.detail).toMatch(/NUL character/);
    expect((await h.http.get('/api/v2/awards/CONT_AWD_%01/').expect(400)).body.detail).toMatch(/neither a generated award id/);
  });
});

describe('award counts and lists agree', () => {
  it('counts transactions, subawards and federal accounts', async () => {
    const a = award(A);
    expect((await h.http.get(`/api/v2/awards/count/transaction/${a.key}/`).expect(200)).body).toEqual({ transactions: tx(a).length });
    expect((await h.http.get(`/api/v2/awards/count/subaward/${A}/`).expect(200)).body).toEqual({
      subawards: seed.subawards.filter((s) => s.awardId === A).length,
    });
    const accounts = new Set(fileC([A]).map((f) => f.federalAccountId)).size;
    expect((await h.http.get(`/api/v2/awards/count/federal_account/${a.key}`).expect(200)).body).toEqual({ federal_accounts: accounts });
    await h.http.get('/api/v2/awards/count/transaction/CONT_AWD_NOSUCH_0000/').expect(404);
  });

  it('pages the transaction history by the requested sort', async () => {
    const a = award(A);
    const byDate = [...tx(a)].sort((x, y) => (x.date < y.date ? 1 : -1));
    const first = await h.http.post('/api/v2/transactions/').send({ award_id: a.key, limit: 2, page: 1 }).expect(200);
    expect(first.body.results.map((r: { modification_number: string }) => r.modification_number)).toEqual(byDate.slice(0, 2).map((t) => t.mod));
    expect(first.body.page_metadata).toEqual({ page: 1, next: 2, previous: null, hasNext: true, hasPrevious: false });
    const second = await h.http.post('/api/v2/transactions/').send({ award_id: A, limit: 2, page: 2 }).expect(200);
    expect(second.body.results).toHaveLength(tx(a).length - 2);
    expect(second.body.page_metadata).toMatchObject({ hasNext: false, hasPrevious: true, previous: 1 });
    const byAmount = await h.http.post('/api/v2/transactions/').send({ award_id: a.key, sort: 'federal_action_obligation', order: 'asc' }).expect(200);
    expect(byAmount.body.results.map((r: { federal_action_obligation: number }) => r.federal_action_obligation)).toEqual(
      tx(a).map((t) => t.obligation).sort((x, y) => x - y),
    );
    const loan = await h.http.post('/api/v2/transactions/').send({ award_id: award(LOAN).key }).expect(200);
    expect(loan.body.results[0]).toMatchObject({ federal_action_obligation: null, face_value_loan_guarantee: latest(award(LOAN)).face });
    const bad = await h.http.post('/api/v2/transactions/').send({ award_id: A, limit: 5001 }).expect(400);
    expect(bad.body.detail).toMatch(/limit/);
    expect((await h.http.post('/api/v2/transactions/').send({}).expect(422)).body.detail).toMatch(/award_id/);
    expect((await h.http.post('/api/v2/transactions/').send({ award_id: 'CONT_AWD_NOSUCH_0000' }).expect(404)).body.detail).toMatch(/No award/);
  });

  it('lists subawards of an award', async () => {
    const subs = seed.subawards.filter((s) => s.awardId === A).sort((x, y) => x.amount - y.amount);
    const res = await h.http.post('/api/v2/subawards/').send({ award_id: String(A), sort: 'amount', order: 'asc' }).expect(200);
    expect(res.body.results.map((r: { subaward_number: string; amount: number }) => [r.subaward_number, r.amount])).toEqual(
      subs.map((s) => [s.number, s.amount]),
    );
    expect(res.body.page_metadata.hasNext).toBe(false);
  });

  it('lists the federal accounts, funding rows and rollup of an award from its File C rows', async () => {
    const fc = fileC([A]);
    const accounts = await h.http.post('/api/v2/awards/accounts/').send({ award_id: award(A).key, sort: 'total_transaction_obligated_amount' }).expect(200);
    expect(accounts.body.results.map((r: { total_transaction_obligated_amount: number }) => r.total_transaction_obligated_amount)).toEqual(
      fc.map((f) => f.obligation).sort((x, y) => y - x),
    );
    expect(accounts.body.page_metadata.count).toBe(fc.length);
    const funding = await h.http.post('/api/v2/awards/funding/').send({ award_id: A, sort: 'transaction_obligated_amount', order: 'asc' }).expect(200);
    expect(funding.body.results.map((r: { transaction_obligated_amount: number }) => r.transaction_obligated_amount)).toEqual(
      fc.map((f) => f.obligation).sort((x, y) => x - y),
    );
    expect(funding.body.results[0]).toMatchObject({ reporting_fiscal_year: expect.any(Number), awarding_agency_id: seed.sub.agencyId });
    const rollup = await h.http.post('/api/v2/awards/funding_rollup/').send({ award_id: award(A).key }).expect(200);
    expect(rollup.body).toEqual({
      total_transaction_obligated_amount: sum(fc.map((f) => f.obligation)),
      awarding_agency_count: 1,
      funding_agency_count: expect.any(Number),
      federal_account_count: new Set(fc.map((f) => f.federalAccountId)).size,
    });
  });

  it('gives the last update date of award data', async () => {
    const res = await h.http.get('/api/v2/awards/last_updated/').expect(200);
    expect(res.body.last_updated).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});

describe('IDVs', () => {
  const grandchildren = () => children(IDV).filter((c) => c.category === 'idv').flatMap((c) => children(c.id));
  const childAwards = () => children(IDV).filter((c) => c.category !== 'idv');

  it('sums child and grandchild awards in idvs/amounts', async () => {
    const kids = childAwards();
    const grand = grandchildren();
    const res = await h.http.get(`/api/v2/idvs/amounts/${award(IDV).key}/`).expect(200);
    const gfc = fileC(grand.map((g) => g.id));
    expect(res.body).toMatchObject({
      award_id: IDV,
      child_idv_count: children(IDV).filter((c) => c.category === 'idv').length,
      child_award_count: kids.length,
      child_award_total_obligation: sum(kids.map(obligations)),
      child_award_base_and_all_options_value: sum(kids.flatMap((k) => tx(k).map((t) => t.allOptions ?? 0))),
      child_award_base_exercised_options_val: sum(kids.flatMap((k) => tx(k).map((t) => t.exercised ?? 0))),
      child_total_account_obligation: sum(fileC(kids.map((k) => k.id)).map((f) => f.obligation)),
      grandchild_award_count: grand.length,
      grandchild_award_total_obligation: sum(grand.map(obligations)),
      grandchild_award_base_and_all_options_value: sum(grand.flatMap((k) => tx(k).map((t) => t.allOptions ?? 0))),
      grandchild_total_account_obligation: sum(gfc.map((f) => f.obligation)),
      grandchild_total_account_outlay: outlays(gfc),
      grandchild_account_obligations_by_defc: [{ code: 'L', amount: sum(gfc.filter((f) => f.defc === 'L').map((f) => f.obligation)) }],
    });
    expect((await h.http.get(`/api/v2/idvs/amounts/${award(A).key}/`).expect(404)).body.detail).toMatch(/No IDV/);
  });

  it('lists child IDVs, child awards and grandchild awards', async () => {
    const get = async (type: string) =>
      (await h.http.post('/api/v2/idvs/awards/').send({ award_id: award(IDV).key, type, sort: 'piid', order: 'asc' }).expect(200)).body;
    expect((await get('child_idvs')).results.map((r: { piid: string }) => r.piid)).toEqual(['TIDV2']);
    expect((await get('child_awards')).results.map((r: { piid: string }) => r.piid)).toEqual(childAwards().map((a) => a.piid).sort());
    const grand = await get('grandchild_awards');
    expect(grand.results.map((r: { piid: string; obligated_amount: number }) => [r.piid, r.obligated_amount])).toEqual(
      grandchildren().map((g) => [g.piid, obligations(g)]).sort(),
    );
  });

  it('lists the activity of children and grandchildren by obligation', async () => {
    const all = [...childAwards().map((a) => ({ a, grandchild: false })), ...grandchildren().map((a) => ({ a, grandchild: true }))]
      .sort((x, y) => obligations(y.a) - obligations(x.a) || y.a.id - x.a.id);
    const res = await h.http.post('/api/v2/idvs/activity/').send({ award_id: IDV, limit: 3 }).expect(200);
    expect(res.body.results.map((r: { award_id: number; grandchild: boolean }) => [r.award_id, r.grandchild])).toEqual(
      all.slice(0, 3).map((x) => [x.a.id, x.grandchild]),
    );
    expect(res.body.page_metadata).toMatchObject({ total: all.length, limit: 3, hasNext: true });
  });

  it('covers the accounts of children and grandchildren in accounts, count, funding and rollup', async () => {
    const ids = [...childAwards(), ...grandchildren()].map((a) => a.id);
    const fc = fileC(ids);
    const perAccount = new Map<number, number>();
    for (const f of fc) perAccount.set(f.federalAccountId, (perAccount.get(f.federalAccountId) ?? 0) + f.obligation);
    const accounts = await h.http.post('/api/v2/idvs/accounts/').send({ award_id: award(IDV).key }).expect(200);
    expect(accounts.body.results.map((r: { total_transaction_obligated_amount: number }) => r.total_transaction_obligated_amount)).toEqual(
      [...perAccount.values()].sort((x, y) => y - x),
    );
    const count = await h.http.get(`/api/v2/idvs/count/federal_account/${award(IDV).key}/`).expect(200);
    expect(count.body).toEqual({ count: perAccount.size });
    expect(accounts.body.page_metadata.count).toBe(perAccount.size);
    const onePiid = await h.http.get(`/api/v2/idvs/count/federal_account/${IDV}/?piid=TAWD3`).expect(200);
    expect(onePiid.body).toEqual({ count: new Set(fc.filter((f) => f.awardId === 990003).map((f) => f.federalAccountId)).size });
    const funding = await h.http.post('/api/v2/idvs/funding/').send({ award_id: IDV, limit: 100 }).expect(200);
    expect(funding.body.results).toHaveLength(fc.length);
    expect(funding.body.results[0]).toHaveProperty('generated_unique_award_id');
    const rollup = await h.http.post('/api/v2/idvs/funding_rollup/').send({ award_id: award(IDV).key }).expect(200);
    expect(rollup.body).toMatchObject({ total_transaction_obligated_amount: sum(fc.map((f) => f.obligation)), federal_account_count: perAccount.size });
  });
});

describe('recipients', () => {
  const inFy = (d: string, fy: number) => d >= `${fy - 1}-10-01` && d < `${fy}-10-01`;
  const recent = (d: string) => d >= new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const txOf = (pred: (a: SeedAward) => boolean, when: (d: string) => boolean) =>
    seed.awards.filter(pred).flatMap((a) => tx(a).filter((t) => when(t.date)).map((t) => ({ a, t })));
  const amount = (rows: Array<{ a: SeedAward; t: SeedTransaction }>) =>
    sum(rows.map(({ a, t }) => (a.category === 'loans' ? (t.subsidy ?? 0) : t.obligation)));
  const ofParent = (a: SeedAward) => a.parent?.uei === PARENT.uei;

  it.each([
    ['all', () => true],
    ['2024', (d: string) => inFy(d, 2024)],
    ['latest', recent],
  ])('gives a parent the totals of its children (year=%s)', async (year, when) => {
    const rows = txOf(ofParent, when as (d: string) => boolean);
    const loans = rows.filter(({ a }) => a.category === 'loans');
    const res = await h.http.get(`/api/v2/recipient/${recipientHash(PARENT.uei)}-P/?year=${year}`).expect(200);
    if (year === 'latest') expect((await h.http.get(`/api/v2/recipient/${recipientHash(PARENT.uei)}-P/?year=`).expect(200)).body).toEqual(res.body);
    expect(res.body).toMatchObject({
      recipient_id: `${recipientHash(PARENT.uei)}-P`,
      recipient_level: 'P',
      name: PARENT.name,
      total_transaction_amount: amount(rows),
      total_transactions: rows.length,
      total_face_value_loan_amount: sum(loans.map(({ t }) => t.face ?? 0)),
      total_face_value_loan_transactions: loans.length,
    });
  });

  it('gives a child its own totals and its parent', async () => {
    const rows = txOf((a) => a.recipient.uei === CHILD1.uei, () => true);
    const res = await h.http.get(`/api/v2/recipient/duns/${recipientHash(CHILD1.uei)}-C/?year=all`).expect(200);
    expect(res.body).toMatchObject({
      uei: CHILD1.uei,
      duns: CHILD1.duns,
      total_transaction_amount: amount(rows),
      total_transactions: rows.length,
      parent_id: `${recipientHash(PARENT.uei)}-P`,
      parent_uei: PARENT.uei,
      parents: [{ parent_id: `${recipientHash(PARENT.uei)}-P`, parent_uei: PARENT.uei }],
    });
    const lone = await h.http.get(`/api/v2/recipient/${recipientHash(LONE.uei)}-R/?year=all`).expect(200);
    expect(lone.body).toMatchObject({ recipient_level: 'R', total_transaction_amount: amount(txOf((a) => a.recipient.uei === LONE.uei, () => true)), parents: [] });
  });

  it('reads the same totals from the summaries and from the base tables', async () => {
    const url = `/api/v2/recipient/${recipientHash(PARENT.uei)}-P/?year=2024`;
    expect(await summariesFresh(h.db.pool)).toBe(true);
    const fromSummary = await h.http.get(url).expect(200);
    // Any write advances the base version: the summaries are stale and the profile reads transaction_search.
    await h.db.pool.query(sql.unsafe`SELECT nextval('search_base_version')`);
    expect(await summariesFresh(h.db.pool)).toBe(false);
    const fromBase = await h.http.get(url).expect(200);
    expect(fromBase.body).toEqual(fromSummary.body);
  });

  it('lists the children of a parent by UEI or DUNS', async () => {
    const res = await h.http.get(`/api/v2/recipient/children/${PARENT.uei}/?year=all`).expect(200);
    const expected = [CHILD1, CHILD2]
      .map((c) => ({ c, amount: amount(txOf((a) => a.recipient.uei === c.uei, () => true)) }))
      .sort((x, y) => y.amount - x.amount);
    expect(res.body.map((r: { uei: string; amount: number; recipient_id: string }) => [r.uei, r.amount, r.recipient_id])).toEqual(
      expected.map((e) => [e.c.uei, e.amount, `${recipientHash(e.c.uei)}-C`]),
    );
    const byDuns = await h.http.get(`/api/v2/recipient/children/${PARENT.duns}/?year=all`).expect(200);
    expect(byDuns.body).toEqual(res.body);
    expect((await h.http.get('/api/v2/recipient/children/NOSUCHPARENT/').expect(404)).body.detail).toMatch(/No recipient with DUNS or UEI/);
    expect((await h.http.get(`/api/v2/recipient/children/${LONE.uei}/`).expect(200)).body).toEqual([]);
  });

  it('lists and counts recipients by keyword and award type', async () => {
    const res = await h.http.post('/api/v2/recipient/').send({ keyword: 'PROFILE CHILD', sort: 'name', order: 'asc' }).expect(200);
    expect(res.body.results.map((r: { name: string; recipient_level: string }) => [r.name, r.recipient_level])).toEqual([
      [CHILD1.name, 'C'],
      [CHILD2.name, 'C'],
    ]);
    const recentChild1 = amount(txOf((a) => a.recipient.uei === CHILD1.uei, recent));
    expect(res.body.results[0].amount).toBe(recentChild1);
    expect(res.body.page_metadata).toEqual({ page: 1, limit: 50, total: 2 });
    const count = await h.http.post('/api/v2/recipient/count/').send({ keyword: 'PROFILE CHILD' }).expect(200);
    expect(count.body).toEqual({ count: 2 });
    const byUei = await h.http.post('/api/v2/recipient/duns/').send({ keyword: LONE.uei }).expect(200);
    expect(byUei.body.results.map((r: { id: string }) => r.id)).toEqual([`${recipientHash(LONE.uei)}-R`]);
    const bad = await h.http.post('/api/v2/recipient/').send({ award_type: 'everything' }).expect(400);
    expect(bad.body.detail).toMatch(/award_type/);
  });

  it('answers 404 for an unknown recipient and 400 for a malformed id or year', async () => {
    expect((await h.http.get(`/api/v2/recipient/${recipientHash('NOSUCHUEI000')}-C/`).expect(404)).body.detail).toMatch(/No recipient/);
    expect((await h.http.get('/api/v2/recipient/not-a-recipient/').expect(400)).body.detail).toMatch(/recipient_id/);
    expect((await h.http.get(`/api/v2/recipient/${recipientHash(LONE.uei)}-R/?year=last`).expect(400)).body.detail).toMatch(/year/);
    expect((await h.http.get(`/api/v2/recipient/${recipientHash(LONE.uei)}-R/?year=0000`).expect(400)).body.detail).toMatch(/year/);
    expect((await h.http.post('/api/v2/recipient/').send({ keyword: 'a\u0000b' }).expect(400)).body.detail).toMatch(/keyword/);
  });
});

describe('states', () => {
  const GROUP: Record<string, string> = { contract: 'contracts', grant: 'grants', 'direct payment': 'direct_payments', loans: 'loans', other: 'other_financial_assistance' };

  it('breaks a state down by award type and totals it', async () => {
    const inState = seed.awards.filter((a) => a.category !== 'idv');
    const res = await h.http.get(`/api/v2/recipient/state/awards/${seed.state.fips}/?year=all`).expect(200);
    const expected = ['contracts', 'grants', 'direct_payments', 'loans', 'other_financial_assistance'].map((type) => {
      const awards = inState.filter((a) => GROUP[a.category] === type);
      return { type, amount: sum(awards.map(pragmatic)), count: awards.length };
    });
    expect(res.body.map((r: { type: string; amount: number; count: number }) => ({ type: r.type, amount: r.amount, count: r.count }))).toEqual(expected);
    const overview = await h.http.get(`/api/v2/recipient/state/${seed.state.fips}/?year=all`).expect(200);
    expect(overview.body).toMatchObject({
      fips: seed.state.fips,
      code: seed.state.code,
      total_prime_amount: sum(inState.map(pragmatic)),
      total_prime_awards: inState.length,
      total_face_value_loan_amount: sum(tx(award(LOAN)).map((t) => t.face ?? 0)),
      total_face_value_loan_prime_awards: 1,
    });
    const list = await h.http.get('/api/v2/recipient/state/').expect(200);
    expect(list.body.find((s: { fips: string }) => s.fips === seed.state.fips)).toMatchObject({ amount: sum(inState.map(pragmatic)) });
    expect((await h.http.get('/api/v2/recipient/state/99/').expect(404)).body.detail).toMatch(/No state/);
    expect((await h.http.get('/api/v2/recipient/state/9/').expect(400)).body.detail).toMatch(/fips/);
  });
});
