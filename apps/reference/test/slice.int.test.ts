import { startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const emptyFilters = {
  keyword: {},
  timePeriodType: 'fy',
  timePeriodFY: ['2020'],
  timePeriodStart: null,
  timePeriodEnd: null,
  selectedLocations: {},
  locationDomesticForeign: 'all',
  selectedFundingAgencies: {},
  selectedAwardingAgencies: {},
  selectedRecipients: [],
  recipientDomesticForeign: 'all',
  recipientType: [],
  selectedRecipientLocations: {},
  awardType: [],
  selectedAwardIDs: {},
  awardAmounts: {},
  selectedCFDA: {},
  selectedNAICS: {},
  selectedPSC: {},
  pricingType: [],
  setAside: [],
  extentCompeted: [],
};

describe('GET /api/v2/references/def_codes/', () => {
  it('lists every DEF code from the table, ordered, with groups and links', async () => {
    const res = await h.http.get('/api/v2/references/def_codes/').expect(200);
    const codes = res.body.codes as Array<{ code: string; public_law: string; title: string; urls: string[] | null; disaster: string | null }>;
    expect(codes.map((c) => c.code)).toEqual(['1', 'A', 'B', 'L', 'M', 'N', 'O', 'P', 'Q', 'U', 'V', 'Z']);
    expect(codes.find((c) => c.code === 'N')).toEqual({
      code: 'N',
      public_law: 'Emergency P.L. 116-136',
      title: 'Emergency PL 116-136',
      urls: ['https://www.congress.gov/116/plaws/publ136/PLAW-116publ136.htm'],
      disaster: 'covid_19',
    });
    expect(codes.find((c) => c.code === 'Z')?.disaster).toBe('infrastructure');
    expect(codes.find((c) => c.code === 'Q')).toMatchObject({ disaster: null, urls: null });
  });

  it('answers from the database (a new row shows up)', async () => {
    await h.db.pool.query(sql.unsafe`INSERT INTO disaster_emergency_fund_code (code, public_law, title) VALUES ('9', 'Test law', 'Test title')`);
    const res = await h.http.get('/api/v2/references/def_codes').expect(200);
    expect(res.body.codes[1]).toEqual({ code: '9', public_law: 'Test law', title: 'Test title', urls: null, disaster: null });
    await h.db.pool.query(sql.unsafe`DELETE FROM disaster_emergency_fund_code WHERE code = '9'`);
  });
});

describe('budget functions', () => {
  it('lists budget functions ordered by title', async () => {
    const res = await h.http.get('/api/v2/budget_functions/list_budget_functions/').expect(200);
    const titles = (res.body.results as Array<{ budget_function_title: string }>).map((r) => r.budget_function_title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(res.body.results).toContainEqual({ budget_function_code: '800', budget_function_title: 'General Government' });
    expect(res.body.results).toHaveLength(10);
  });

  it('lists subfunctions of one function, ordered by title', async () => {
    const res = await h.http.post('/api/v2/budget_functions/list_budget_subfunctions/').send({ budget_function: '800' }).expect(200);
    expect(res.body.results).toEqual([
      { budget_subfunction_code: '803', budget_subfunction_title: 'Central fiscal operations' },
      { budget_subfunction_code: '801', budget_subfunction_title: 'Legislative functions' },
    ]);
  });

  it('lists every subfunction without a filter', async () => {
    const res = await h.http.post('/api/v2/budget_functions/list_budget_subfunctions').send({}).expect(200);
    expect(res.body.results).toHaveLength(20);
  });

  it('rejects a malformed budget function code with 400', async () => {
    const res = await h.http.post('/api/v2/budget_functions/list_budget_subfunctions/').send({ budget_function: 8 }).expect(400);
    expect(res.body.detail).toMatch(/budget_function/);
  });
});

describe('filter hashes', () => {
  it('stores filters under a deterministic hash and restores them exactly', async () => {
    const body = { filters: emptyFilters, version: '2020-06-01' };
    const first = await h.http.post('/api/v2/references/filter/').send(body).expect(200);
    expect(first.body.hash).toMatch(/^[0-9a-f]{32}$/);
    const again = await h.http.post('/api/v2/references/filter').send(body).expect(200);
    expect(again.body.hash).toBe(first.body.hash);
    const count = await h.db.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM filter_hash`);
    expect(count).toBe(1);
    const restored = await h.http.post('/api/v2/references/hash/').send({ hash: first.body.hash }).expect(200);
    expect(restored.body).toEqual({ filter: body });
  });

  it('gives the same hash for the same filters in another key order', async () => {
    const reordered = Object.fromEntries(Object.entries(emptyFilters).reverse());
    const a = await h.http.post('/api/v2/references/filter/').send({ filters: emptyFilters }).expect(200);
    const b = await h.http.post('/api/v2/references/filter/').send({ filters: reordered }).expect(200);
    expect(b.body.hash).toBe(a.body.hash);
  });

  it('keeps extra filter keys and ignores unknown top-level fields', async () => {
    const filters = { ...emptyFilters, federalAccounts: { '1': 'x' }, defCodes: { require: ['L'] } };
    const a = await h.http.post('/api/v2/references/filter/').send({ filters, auditTrail: 'Advanced search' }).expect(200);
    const b = await h.http.post('/api/v2/references/filter/').send({ filters }).expect(200);
    expect(a.body.hash).toBe(b.body.hash);
    const restored = await h.http.post('/api/v2/references/hash/').send({ hash: a.body.hash }).expect(200);
    expect(restored.body.filter.filters.defCodes).toEqual({ require: ['L'] });
    expect(restored.body.filter).not.toHaveProperty('auditTrail');
  });

  it('stores the website filter shape of any version: missing legacy keys, new keys, other value types', async () => {
    const { timePeriodType: _omit, keyword: _keyword, ...partial } = emptyFilters;
    const filters = { ...partial, awardType: 'A', keyword: ['bridges'], timePeriodFY: [2024], filterNewAwardsOnlySelected: false, selectedDEF: { L: true } };
    const body = { filters, version: 2 };
    const res = await h.http.post('/api/v2/references/filter/').send(body).expect(200);
    const restored = await h.http.post('/api/v2/references/hash/').send({ hash: res.body.hash }).expect(200);
    expect(restored.body).toEqual({ filter: body });
  });

  it('stores any JSON object, hashed as upstream hashes a sorted body', async () => {
    // upstream: md5(json.dumps({"filters": "Department of Transportation"}))
    const res = await h.http.post('/api/v2/references/filter/').send({ filters: 'Department of Transportation' }).expect(200);
    expect(res.body.hash).toBe('1c89eccf09b7dc74a75b651af79602e7');
    const empty = await h.http.post('/api/v2/references/filter/').send({}).expect(200);
    const restored = await h.http.post('/api/v2/references/hash/').send({ hash: empty.body.hash }).expect(200);
    expect(restored.body).toEqual({ filter: {} });
  });

  it('rejects a body that is not a JSON object with 400', async () => {
    const res = await h.http.post('/api/v2/references/filter/').send(['a']).expect(400);
    expect(res.body.detail).toMatch(/object/);
    const deep = await h.http.post('/api/v2/references/filter/').set('content-type', 'application/json').send(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`).expect(400);
    expect(deep.body.detail).toBe('The filter set is nested deeper than 64 levels.');
  });

  it('rejects bodies over 512KB with 413 and writes nothing', async () => {
    const big = { filters: { ...emptyFilters, selectedRecipients: ['x'.repeat(600 * 1024)] } };
    const res = await h.http.post('/api/v2/references/filter/').send(big).expect(413);
    expect(res.body.detail).toMatch(/too large|exceeds/i);
    const count = await h.db.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM filter_hash WHERE filter::text LIKE '%xxxxxxxxxx%'`);
    expect(count).toBe(0);
  });

  it('accepts a body just under 512KB', async () => {
    const body = { filters: { ...emptyFilters, selectedRecipients: ['y'.repeat(500 * 1024)] } };
    await h.http.post('/api/v2/references/filter/').send(body).expect(200);
  });

  it('answers an unknown hash with a JSON 400', async () => {
    const res = await h.http.post('/api/v2/references/hash/').send({ hash: '0123456789abcdef0123456789abcdef' }).expect(400);
    expect(res.body.detail).toMatch(/No filter set is stored/);
  });

  it('answers a missing hash with 422', async () => {
    const res = await h.http.post('/api/v2/references/hash/').send({}).expect(422);
    expect(res.body.detail).toBe("Missing value: 'hash' is a required field.");
  });
});
