/**
 * The reference endpoints over the project's generated reference data (the test template as loaded),
 * checked against what the tables hold: every answer also passes the gateway's response validation.
 */
import { startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';
import { z } from 'zod';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const count = (query: ReturnType<typeof sql.unsafe>) => h.db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT (${query})::int AS n`);

describe('over the generated reference data', () => {
  it('counts PSC groups as the table holds them', async () => {
    const res = await h.http.get('/api/v2/references/filter_tree/psc/').expect(200);
    const expected = [
      await count(sql.unsafe`SELECT count(*) FROM psc WHERE code ~ '^A[A-Z0-9]$'`),
      await count(sql.unsafe`SELECT count(*) FROM psc WHERE code ~ '^[B-Z]$'`),
      await count(sql.unsafe`SELECT count(*) FROM psc WHERE code ~ '^[0-9]{2}$'`),
    ];
    expect(res.body.results.map((n: { count: number }) => n.count)).toEqual(expected);
    expect(expected.every((n) => n > 0)).toBe(true);
  });

  it('lists exactly the agencies owning Treasury accounts, each with its federal accounts', async () => {
    const res = await h.http.get('/api/v2/references/filter_tree/tas/').expect(200);
    const codes = await h.db.pool.anyFirst(sql.type(z.object({ toptier_code: z.string() }))`
      SELECT DISTINCT ta.toptier_code FROM treasury_appropriation_account t
      JOIN federal_account fa ON fa.id = t.federal_account_id
      JOIN toptier_agency ta ON ta.toptier_agency_id = fa.parent_toptier_agency_id`);
    const ids = res.body.results.map((n: { id: string }) => n.id);
    expect([...ids].sort()).toEqual([...codes].sort());
    const first = res.body.results[0] as { id: string; count: number };
    const accounts = await h.http.get(`/api/v2/references/filter_tree/tas/${first.id}/?depth=1`).expect(200);
    expect(accounts.body.results).toHaveLength(first.count);
    const account = accounts.body.results[0] as { id: string; count: number; children: Array<{ ancestors: string[] }> };
    expect(account.children).toHaveLength(account.count);
    expect(account.children[0]?.ancestors).toEqual([first.id, account.id]);
  });

  it('finds agencies, offices, codes and places by text taken from the tables', async () => {
    const agency = await h.db.pool.oneFirst(sql.type(z.object({ name: z.string() }))`
      SELECT s.name FROM subtier_agency s JOIN agency a ON a.subtier_agency_id = s.subtier_agency_id ORDER BY s.subtier_agency_id LIMIT 1`);
    const word = agency.split(/\s+/).sort((a, b) => b.length - a.length)[0] ?? agency;
    const agencies = await h.http.post('/api/v2/autocomplete/awarding_agency/').send({ search_text: word }).expect(200);
    expect(agencies.body.results.length).toBeGreaterThan(0);
    for (const r of agencies.body.results as Array<{ subtier_agency: { name: string; abbreviation: string | null } }>) {
      expect(`${r.subtier_agency.name} ${r.subtier_agency.abbreviation ?? ''}`.toUpperCase()).toContain(word.toUpperCase());
    }
    const offices = await h.http.post('/api/v2/autocomplete/funding_agency_office/').send({ search_text: word, limit: 3 }).expect(200);
    expect(offices.body.results.subtier_agency.length).toBeGreaterThan(0);

    const psc = await h.db.pool.oneFirst(sql.type(z.object({ code: z.string() }))`SELECT code FROM psc WHERE length(code) = 4 ORDER BY code LIMIT 1`);
    const pscRes = await h.http.post('/api/v2/autocomplete/psc/').send({ search_text: psc }).expect(200);
    expect(pscRes.body.results[0].product_or_service_code).toBe(psc);

    const state = await h.db.pool.oneFirst(sql.type(z.object({ name: z.string() }))`SELECT name FROM state_data ORDER BY year DESC, code LIMIT 1`);
    const places = await h.http.post('/api/v2/autocomplete/location/').send({ search_text: state }).expect(200);
    expect(places.body.results.states).toContainEqual({ state_name: state.toUpperCase(), country_name: expect.any(String) });
  });

  it('answers the reference lists in step with the tables', async () => {
    const naics = await h.http.get('/api/v2/references/naics/').expect(200);
    expect(naics.body.results).toHaveLength(await count(sql.unsafe`SELECT count(*) FROM naics WHERE length(code) = 2`));
    const glossary = await h.http.get('/api/v2/references/glossary/?limit=5').expect(200);
    expect(glossary.body.page_metadata.count).toBe(await count(sql.unsafe`SELECT count(*) FROM glossary`));
    const periods = await h.http.get('/api/v2/references/submission_periods/').expect(200);
    expect(periods.body.available_periods).toHaveLength(
      await count(sql.unsafe`SELECT count(*) FROM dabs_submission_window_schedule WHERE submission_reveal_date <= now()`),
    );
    const cfda = await h.http.get('/api/v2/references/cfda/totals/').expect(200);
    expect(cfda.body.results).toHaveLength(await count(sql.unsafe`SELECT count(*) FROM references_cfda`));
    await h.http.get('/api/v2/references/toptier_agencies/').expect(200);
    await h.http.get('/api/v2/references/total_budgetary_resources/').expect(200);
    const accounts = await h.http.post('/api/v2/autocomplete/accounts/aid/').send({ filters: {} }).expect(200);
    expect(accounts.body.results.length).toBeGreaterThan(0);
  });
});
