/**
 * Submission statistics (reporting/agencies/...), the spending explorer (spending/) and award_spending/recipient/
 * through the real gateway (request and response validation on). Expected values are computed here from the rows
 * reporting-seed.ts wrote; identities (totals by budget function = by agency = by federal account ...) are checked
 * on the whole template dataset.
 */
import { startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';
import { AGENCY, FY, seedReportingData, type ReportingSeed } from './reporting-seed';

let h: Harness;
let seed: ReportingSeed;

beforeAll(async () => {
  h = await startHarness();
  seed = await seedReportingData(h.db.pool);
}, 120_000);

afterAll(async () => {
  await h.close();
});

const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) * 100) / 100;
/** The submission that answers for a period: the latest publication of that period. */
const latestOf = (period: number) =>
  [...seed.submissions].filter((s) => s.period === period).sort((a, b) => (a.published < b.published ? 1 : -1))[0]!;
const tasLabel = (id: number) => seed.tas.find((t) => t.id === id)!.label;
const fileAOf = (sub: number) => seed.fileA.filter((r) => r.submission === sub);
const fileBOf = (sub: number) => seed.fileB.filter((r) => r.submission === sub);
const gtasOf = (period: number) => seed.gtas.filter((r) => r.period === period);

function differences(period: number) {
  const sub = latestOf(period).id;
  const ids = [...new Set([...fileAOf(sub).map((r) => r.tas), ...fileBOf(sub).map((r) => r.tas)])];
  return ids.map((tas) => {
    const a = sum(fileAOf(sub).filter((r) => r.tas === tas).map((r) => r.obligation));
    const b = sum(fileBOf(sub).filter((r) => r.tas === tas).map((r) => r.obligation));
    return { tas: tasLabel(tas), file_a_obligation: a, file_b_obligation: b, difference: sum([a, -b]) };
  }).filter((d) => d.difference !== 0);
}

function missing(period: number) {
  const inA = new Set(fileAOf(latestOf(period).id).map((r) => r.tas));
  return gtasOf(period).filter((g) => !inA.has(g.tas) && g.obligation !== 0).map((g) => ({ tas: tasLabel(g.tas), amount: g.obligation }));
}

/** File C rows of the published submissions of the year up to the period; File D awards without File C. */
function unlinked(period: number, procurement: boolean) {
  const subs = new Set(seed.submissions.filter((s) => s.period <= period).map((s) => s.id));
  const rows = seed.fileC.filter((r) => subs.has(r.submission) && (r.piid !== null) === procurement);
  const linkedIds = new Set(seed.fileC.map((r) => r.awardId));
  const end = new Date(Date.UTC(FY - 1, 9 + period, 1)).toISOString().slice(0, 10);
  const dAwards = seed.awards.filter((a) => (a.category === 'contract') === procurement && a.actionDate < end && !linkedIds.has(a.id));
  return {
    unlinked_file_c_award_count: new Set(rows.filter((r) => r.awardId === null).map((r) => r.piid ?? r.fain)).size,
    unlinked_file_d_award_count: dAwards.length,
    total_linked_award_count: new Set(rows.filter((r) => r.awardId !== null).map((r) => r.awardId)).size,
  };
}

function expectedFigures(period: number) {
  const sub = latestOf(period);
  const a = fileAOf(sub.id);
  const miss = missing(period);
  const proc = unlinked(period, true);
  const asst = unlinked(period, false);
  return {
    current_total_budget_authority_amount: sum(a.map((r) => r.resources)),
    recent_publication_date: sub.published,
    recent_publication_date_certified: sub.certified !== null,
    tas_account_discrepancies_totals: {
      gtas_obligation_total: sum(gtasOf(period).map((r) => r.obligation)),
      tas_accounts_total: sum(a.map((r) => r.obligation)),
      tas_obligation_not_in_gtas_total: sum(miss.map((m) => m.amount)),
      missing_tas_accounts_count: miss.length,
    },
    obligation_difference: sum(differences(period).map((d) => d.difference)),
    unlinked_contract_award_count: proc.unlinked_file_c_award_count + proc.unlinked_file_d_award_count,
    unlinked_assistance_award_count: asst.unlinked_file_c_award_count + asst.unlinked_file_d_award_count,
    assurance_statement_url: null,
  };
}

describe('reporting/agencies/overview/', () => {
  it('gives the test agency the figures of its latest publication of the period', async () => {
    const res = await h.http.get(`/api/v2/reporting/agencies/overview/?fiscal_year=${FY}&fiscal_period=7&filter=reporting test`).expect(200);
    expect(res.body.page_metadata).toMatchObject({ page: 1, total: 1, limit: 10, hasNext: false, hasPrevious: false });
    expect(res.body.results).toEqual([{
      agency_name: AGENCY.name, abbreviation: AGENCY.abbreviation, toptier_code: AGENCY.code, agency_id: seed.agencyId,
      ...expectedFigures(7),
    }]);
    // Check of the sample: File A and File B differ on two TAS, one TAS is only in GTAS.
    expect(expectedFigures(7).obligation_difference).toBe(-30);
    expect(expectedFigures(7).tas_account_discrepancies_totals.missing_tas_accounts_count).toBe(1);
  });

  it('matches the abbreviation, sorts and pages', async () => {
    const all = await h.http.get(`/api/v2/reporting/agencies/overview/?fiscal_year=${FY}&fiscal_period=7&limit=100&sort=agency_name&order=asc`).expect(200);
    const names = all.body.results.map((r: { agency_name: string }) => r.agency_name);
    expect(names).toContain(AGENCY.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const byAbbr = await h.http.get(`/api/v2/reporting/agencies/overview/?fiscal_year=${FY}&fiscal_period=7&filter=rtax`).expect(200);
    expect(byAbbr.body.results.map((r: { toptier_code: string }) => r.toptier_code)).toEqual([AGENCY.code]);
    const page2 = await h.http.get(`/api/v2/reporting/agencies/overview/?fiscal_year=${FY}&fiscal_period=7&limit=1&page=2&sort=agency_name&order=asc`).expect(200);
    expect(page2.body.results[0].agency_name).toBe(names[1]);
    expect(page2.body.page_metadata).toMatchObject({ page: 2, previous: 1, hasPrevious: true, total: names.length });
  });

  it('answers 400 for period 1, a fiscal year out of range and a bad sort, 422 without the period', async () => {
    for (const q of ['fiscal_year=2024&fiscal_period=1', 'fiscal_year=2016&fiscal_period=6', 'fiscal_year=2099&fiscal_period=6',
      'fiscal_year=2024&fiscal_period=6&sort=nope']) {
      const res = await h.http.get(`/api/v2/reporting/agencies/overview/?${q}`).expect(400);
      expect(typeof res.body.detail).toBe('string');
    }
    // A missing required parameter is a 422 (the gateway's rule for every endpoint).
    await h.http.get('/api/v2/reporting/agencies/overview/?fiscal_year=2024').expect(422);
  });
});

describe('reporting/agencies/{toptier_code}/...', () => {
  it('overview lists every period with its figures and its share of the government total', async () => {
    const res = await h.http.get(`/api/v2/reporting/agencies/${AGENCY.code}/overview/?sort=fiscal_period&order=desc`).expect(200);
    expect(res.body.results.map((r: { fiscal_period: number }) => r.fiscal_period)).toEqual([7, 6]);
    const p7 = res.body.results[0];
    expect(p7).toMatchObject({ fiscal_year: FY, fiscal_period: 7, ...expectedFigures(7) });
    // The government total comes from every agency's GTAS of the period; the share is computed from it.
    expect(p7.percent_of_total_budgetary_resources).toBe(Math.round((8000 / p7.total_budgetary_resources) * 10000) / 100);
    expect(p7.total_budgetary_resources).toBeGreaterThanOrEqual(sum(gtasOf(7).map((g) => g.resources)));
    expect(res.body.results[1]).toMatchObject({ fiscal_period: 6, ...expectedFigures(6) });
  });

  it('differences list File A against File B per TAS, sorted', async () => {
    const res = await h.http.get(`/api/v2/reporting/agencies/${AGENCY.code}/differences/?fiscal_year=${FY}&fiscal_period=7&sort=difference&order=asc`).expect(200);
    const expected = differences(7).sort((a, b) => a.difference - b.difference);
    expect(res.body.results).toEqual(expected);
    expect(res.body.page_metadata.total).toBe(2);
  });

  it('discrepancies list the GTAS TAS missing from File A', async () => {
    const res = await h.http.get(`/api/v2/reporting/agencies/${AGENCY.code}/discrepancies/?fiscal_year=${FY}&fiscal_period=7`).expect(200);
    expect(res.body.results).toEqual(missing(7));
    const p6 = await h.http.get(`/api/v2/reporting/agencies/${AGENCY.code}/discrepancies/?fiscal_year=${FY}&fiscal_period=6`).expect(200);
    expect(p6.body.results).toEqual([]);
  });

  it('submission history gives every publication of the period, latest first', async () => {
    const res = await h.http.get(`/api/v2/reporting/agencies/${AGENCY.code}/${FY}/7/submission_history/`).expect(200);
    const expected = seed.submissions.filter((s) => s.period === 7).sort((a, b) => (a.published < b.published ? 1 : -1))
      .map((s) => ({ publication_date: s.published, certification_date: s.certified }));
    expect(res.body.results).toEqual(expected);
  });

  it('unlinked awards count File C rows without awards and awards without File C rows', async () => {
    for (const type of ['procurement', 'assistance'] as const) {
      const res = await h.http.get(`/api/v2/reporting/agencies/${AGENCY.code}/${FY}/7/unlinked_awards/${type}/`).expect(200);
      expect(res.body).toEqual(unlinked(7, type === 'procurement'));
    }
    expect(unlinked(7, true)).toEqual({ unlinked_file_c_award_count: 1, unlinked_file_d_award_count: 1, total_linked_award_count: 1 });
  });

  it('publish dates list the periods of the year with their dates', async () => {
    const res = await h.http.get(`/api/v2/reporting/agencies/publish_dates/?fiscal_year=${FY}&filter=${AGENCY.abbreviation}&sort=publication_date,7`).expect(200);
    expect(res.body.results).toEqual([{
      agency_name: AGENCY.name, abbreviation: AGENCY.abbreviation, toptier_code: AGENCY.code,
      current_total_budget_authority_amount: sum(fileAOf(latestOf(7).id).map((r) => r.resources)),
      periods: [6, 7].map((p) => ({
        period: p, quarter: Math.ceil(p / 3), quarterly: false,
        submission_dates: { publication_date: latestOf(p).published, certification_date: latestOf(p).certified },
      })),
    }]);
  });

  it('answers 404 for an unknown agency and 400 for period 1', async () => {
    await h.http.get('/api/v2/reporting/agencies/0001/overview/').expect(404);
    await h.http.get(`/api/v2/reporting/agencies/0001/differences/?fiscal_year=${FY}&fiscal_period=7`).expect(404);
    await h.http.get(`/api/v2/reporting/agencies/${AGENCY.code}/${FY}/1/submission_history/`).expect(400);
    await h.http.get(`/api/v2/reporting/agencies/${AGENCY.code}/${FY}/7/unlinked_awards/other/`).expect(400);
  });
});

type ExplorerResult = { id: string | null; code: string | null; name: string | null; amount: number; type: string };
const explore = async (type: string, filters: Record<string, unknown>) =>
  (await h.http.post('/api/v2/spending/').send({ type, filters }).expect(200)).body as { total: number | null; end_date: string; results: ExplorerResult[] };

describe('POST /api/v2/spending/', () => {
  const agencyFilter = () => ({ fy: String(FY), period: '7', agency: seed.toptierAgencyId });

  it('groups the File B obligations of the latest submission by federal account', async () => {
    const res = await explore('federal_account', agencyFilter());
    const rows = fileBOf(latestOf(7).id);
    const expected = seed.federalAccounts.map((fa) => ({
      id: String(fa.id), code: fa.code, name: fa.title, type: 'federal_account', account_number: fa.code,
      amount: sum(rows.filter((r) => seed.tas.find((t) => t.id === r.tas)!.federalAccount === fa.id).map((r) => r.obligation)),
    })).sort((a, b) => b.amount - a.amount);
    expect(res.results).toEqual(expected);
    expect(res.total).toBe(sum(rows.map((r) => r.obligation)));
    expect(res.end_date).toBe(`${FY}-04-30`);
  });

  it('answers a quarter with the latest submission up to its last period, and period 6 with P6', async () => {
    const q3 = await explore('budget_function', { fy: FY, quarter: 3, agency: String(seed.toptierAgencyId) });
    expect(q3.total).toBe(sum(fileBOf(latestOf(7).id).map((r) => r.obligation)));
    expect(q3.end_date).toBe(`${FY}-06-30`);
    const p6 = await explore('budget_function', { fy: FY, period: 6, agency: seed.toptierAgencyId });
    expect(p6.total).toBe(sum(fileBOf(latestOf(6).id).map((r) => r.obligation)));
  });

  it('drills down by budget function, object class and program activity', async () => {
    const rows = fileBOf(latestOf(7).id);
    const bf = await explore('budget_subfunction', { ...agencyFilter(), budget_function: '990' });
    const inBf = rows.filter((r) => seed.tas.find((t) => t.id === r.tas)!.budgetFunction === '990');
    expect(bf.total).toBe(sum(inBf.map((r) => r.obligation)));
    expect(bf.results.map((r) => r.code).sort()).toEqual(['991', '992']);
    const oc = seed.objectClasses[0]!;
    const byOc = await explore('program_activity', { ...agencyFilter(), object_class: oc.major });
    expect(byOc.total).toBe(sum(rows.filter((r) => r.objectClass === oc.id).map((r) => r.obligation)));
    const pa = seed.programActivities[0]!;
    const byPa = await explore('object_class', { ...agencyFilter(), program_activity: pa.id });
    expect(byPa.total).toBe(sum(rows.filter((r) => r.programActivity === pa.id).map((r) => r.obligation)));
    expect(byPa.results.every((r) => seed.objectClasses.some((o) => o.code === r.code))).toBe(true);
  });

  it('sums File C of every period up to the requested one for awards and recipients', async () => {
    const subs = new Set([latestOf(6).id, latestOf(7).id]);
    const linked = seed.fileC.filter((r) => subs.has(r.submission) && r.awardId !== null);
    const awards = await explore('award', agencyFilter());
    const expected = seed.awards.filter((a) => linked.some((r) => r.awardId === a.id)).map((a) => ({
      id: String(a.id), code: a.piid ?? a.fain, name: a.piid ?? a.fain, type: 'award', generated_unique_award_id: a.key,
      amount: sum(linked.filter((r) => r.awardId === a.id).map((r) => r.obligation)),
    })).sort((x, y) => y.amount - x.amount);
    expect(awards.results).toEqual(expected.map((e) => ({ ...e, total: e.amount })));
    const recipients = await explore('recipient', { ...agencyFilter(), recipient: 'REPORTING RECIPIENT ONE' });
    expect(recipients.results).toEqual([{
      id: 'REPORTING RECIPIENT ONE', code: 'REPORTING RECIPIENT ONE', name: 'REPORTING RECIPIENT ONE', type: 'recipient',
      amount: sum(linked.filter((r) => r.awardId === 9990001).map((r) => r.obligation)), total: sum(linked.filter((r) => r.awardId === 9990001).map((r) => r.obligation)),
    }]);
  });

  it('gives the same total by budget function, agency, federal account, object class and program activity', async () => {
    for (const time of [{ fy: FY, quarter: 2 }, { fy: FY, period: 7 }, { fy: FY - 1, quarter: 4 }]) {
      const period = time.period ?? (time.quarter ?? 0) * 3;
      const gtas = Number(await h.db.pool.oneFirst(sql.unsafe`
        SELECT coalesce(sum(obligations_incurred_total_cpe), 0)::text FROM gtas_sf133_balances WHERE fiscal_year = ${time.fy} AND fiscal_period = ${period}`));
      const totals = await Promise.all(['budget_function', 'agency', 'federal_account', 'object_class', 'program_activity', 'budget_subfunction']
        .map(async (type) => {
          const r = await explore(type, time);
          expect(r.total).toBeCloseTo(sum(r.results.map((x) => x.amount)), 2);
          // The entry views by agency and budget function add upstream's "Unreported Data": GTAS less File B.
          const unreported = r.results.filter((x) => x.name === 'Unreported Data');
          const reported = sum(r.results.filter((x) => x.name !== 'Unreported Data').map((x) => x.amount));
          if (type === 'agency' || type === 'budget_function') {
            expect(unreported).toEqual([{ id: null, code: null, type, name: 'Unreported Data', amount: sum([gtas, -reported]) }]);
            expect(r.total).toBeCloseTo(gtas, 2);
          } else {
            expect(unreported).toEqual([]);
          }
          return reported;
        }));
      expect(totals[0]).toBeGreaterThan(0);
      for (const t of totals) expect(t).toBeCloseTo(totals[0] as number, 2);
      // The demo data's GTAS reports more than the submissions for a few accounts.
      expect(gtas).toBeGreaterThan(totals[0] as number);
    }
  });

  it('agency totals equal the sums of their federal accounts', async () => {
    const agencies = await explore('agency', { fy: FY, period: 7 });
    for (const a of agencies.results.filter((r) => r.id !== null).slice(0, 3)) {
      const fa = await explore('federal_account', { fy: FY, period: 7, agency: a.id });
      expect(fa.total).toBeCloseTo(a.amount, 2);
    }
  });

  it('rejects period 1, both quarter and period, early and future years, and a missing period', async () => {
    for (const filters of [{ fy: FY, period: 1 }, { fy: FY, period: 3, quarter: 1 }, { fy: 2017, quarter: 1 }, { fy: 2099, quarter: 1 }, { fy: 2016, quarter: 2 }]) {
      const res = await h.http.post('/api/v2/spending/').send({ type: 'agency', filters }).expect(400);
      expect(typeof res.body.detail).toBe('string');
    }
    await h.http.post('/api/v2/spending/').send({ type: 'agency', filters: { fy: FY } }).expect(422);
    await h.http.post('/api/v2/spending/').send({ type: 'nope', filters: { fy: FY, quarter: 1 } }).expect(400);
  });
});

describe('GET /api/v2/award_spending/recipient/', () => {
  it('sums the agency transactions of the fiscal year by award category and recipient', async () => {
    const res = await h.http.get(`/api/v2/award_spending/recipient/?awarding_agency_id=${seed.agencyId}&fiscal_year=${FY}&limit=1`).expect(200);
    const inYear = seed.transactions.filter((t) => t.date >= `${FY - 1}-10-01` && t.date < `${FY}-10-01`);
    const groups = new Map<string, { award_category: string; recipient: string; amount: number }>();
    for (const t of inYear) {
      const key = `${t.category}|${t.recipient}`;
      const g = groups.get(key) ?? { award_category: t.category, recipient: t.recipient, amount: 0 };
      g.amount = sum([g.amount, t.obligation]);
      groups.set(key, g);
    }
    const sorted = [...groups.values()].sort((a, b) => b.amount - a.amount);
    expect(res.body.page_metadata).toMatchObject({ count: sorted.length, page: 1, has_next_page: true, has_previous_page: false, previous: null });
    expect(res.body.results).toEqual([{ award_category: sorted[0]!.award_category, obligated_amount: sorted[0]!.amount.toFixed(2), recipient: { recipient_name: sorted[0]!.recipient } }]);
    const page2 = await h.http.get(`/api/v2/award_spending/recipient/?awarding_agency_id=${seed.agencyId}&fiscal_year=${FY}&limit=1&page=2`).expect(200);
    expect(page2.body.results[0].obligated_amount).toBe(sorted[1]!.amount.toFixed(2));
  });
});
