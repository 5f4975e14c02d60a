/**
 * references/data_dictionary/ (rows built from the download layouts of libs/downloads and the glossary) and
 * references/assistance_listing/ (references_cfda grouped by prefix), through the real gateway. The test writes
 * its own glossary terms and assistance listings and computes the answers from them and the layouts.
 */
import { layoutColumns, type LayoutKey } from '@usas/downloads';
import { startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';

let h: Harness;

const LISTINGS = [
  { number: '97.001', title: 'Zebra Preparedness Grants', agency: 'DEPARTMENT OF TESTING' },
  { number: '97.002', title: 'Alpha Flood Insurance', agency: 'DEPARTMENT OF TESTING' },
  { number: '97.010', title: 'Flood Mapping', agency: 'OFFICE OF MAPS' },
  { number: '98.001', title: 'Overseas Flood Relief', agency: 'AGENCY FOR ABROAD' },
  { number: '12.300', title: 'Basic Research', agency: 'DEPARTMENT OF DEFENSE' },
];

beforeAll(async () => {
  h = await startHarness();
  await h.db.pool.query(sql.unsafe`DELETE FROM references_cfda`);
  for (const l of LISTINGS) {
    await h.db.pool.query(sql.unsafe`INSERT INTO references_cfda (program_number, program_title, federal_agency) VALUES (${l.number}, ${l.title}, ${l.agency})`);
  }
  await h.db.pool.query(sql.unsafe`
    INSERT INTO glossary (term, slug, plain, official) VALUES ('Award ID (PIID)', 'dd-award-id-piid', 'The contract number.', 'Procurement Instrument Identifier.')
    ON CONFLICT (term) DO UPDATE SET plain = EXCLUDED.plain`);
}, 120_000);

afterAll(async () => {
  await h.close();
});

const AWARD: LayoutKey[] = ['award.d1', 'award.d2', 'transaction_search.d1', 'transaction_search.d2', 'idv_orders.d1', 'idv_transaction_history.d1',
  'assistance_transaction_history.d2', 'disaster.recipient'];
const SUBAWARD: LayoutKey[] = ['subaward_search.d1', 'subaward_search.d2'];
const ACCOUNT: LayoutKey[] = ['gtas_balances.treasury_account', 'account_balances.treasury_account', 'account_balances.federal_account',
  'object_class_program_activity.treasury_account', 'object_class_program_activity.federal_account', 'award_financial.treasury_account',
  'award_financial.federal_account'];

describe('GET /api/v2/references/data_dictionary/', () => {
  it('has one row per download column, placed in the sections of the files that carry it', async () => {
    const res = await h.http.get('/api/v2/references/data_dictionary/').expect(200);
    const doc = res.body.document;
    const columns = new Set([...AWARD, ...SUBAWARD, ...ACCOUNT].flatMap((l) => [...layoutColumns(l)]));
    expect(doc.metadata).toMatchObject({ total_rows: columns.size, total_columns: 12 });
    expect(doc.rows).toHaveLength(columns.size);
    expect(doc.headers.map((x: { raw: string }) => x.raw)).toEqual(['element', 'definition', 'fpds_element', 'award_file', 'award_element',
      'subaward_file', 'subaward_element', 'account_file', 'account_element', 'legacy_award_file', 'legacy_award_element', 'legacy_subaward_element']);
    expect(doc.sections.reduce((s: number, x: { colspan: number }) => s + x.colspan, 0)).toBe(12);
    const rowOf = (column: string) => doc.rows.find((r: (string | null)[]) => r[4] === column || r[6] === column || r[8] === column);
    // award_id_piid: in the contract award and transaction files, defined by the glossary term written above.
    const piid = rowOf('award_id_piid');
    const inAward = AWARD.filter((l) => layoutColumns(l).includes('award_id_piid'));
    expect(piid[0]).toBe('Award ID (PIID)');
    expect(piid[1]).toBe('The contract number.');
    expect(piid[3].split(',\n')).toHaveLength(inAward.length);
    expect(piid[3]).toContain('Contracts_PrimeAwardSummaries_1.csv');
    expect(piid[6]).toBe(SUBAWARD.some((l) => layoutColumns(l).includes('award_id_piid')) ? 'award_id_piid' : null);
    // A File A column: only in account files, named from the column when the glossary has no term.
    const accountOnly = [...columns].find((c) => ACCOUNT.some((l) => layoutColumns(l).includes(c))
      && !AWARD.some((l) => layoutColumns(l).includes(c)) && !SUBAWARD.some((l) => layoutColumns(l).includes(c))) as string;
    const row = rowOf(accountOnly);
    expect(row[3]).toBeNull();
    expect(row[8]).toBe(accountOnly);
    expect(row[7]).toContain('.csv');
    expect(row.slice(9)).toEqual([null, null, null]);
  });
});

describe('GET /api/v2/references/assistance_listing/', () => {
  it('groups listings by prefix with the agency of most of them, sorted by code descending', async () => {
    const res = await h.http.get('/api/v2/references/assistance_listing/').expect(200);
    expect(res.body.results).toEqual([
      { code: '98', description: 'AGENCY FOR ABROAD', count: 1 },
      { code: '97', description: 'DEPARTMENT OF TESTING', count: 3 },
      { code: '12', description: 'DEPARTMENT OF DEFENSE', count: 1 },
    ]);
    expect(res.body.page_metadata).toMatchObject({ total: 3, page: 1, limit: 10, hasNext: false });
  });

  it('with a filter gives matching children, and flat leaves them out', async () => {
    const res = await h.http.get('/api/v2/references/assistance_listing/?filter=flood&order=asc').expect(200);
    expect(res.body.results).toEqual([
      { code: '97', description: 'DEPARTMENT OF TESTING', count: 2, children: [
        { code: '97.002', description: 'Alpha Flood Insurance' }, { code: '97.010', description: 'Flood Mapping' }] },
      { code: '98', description: 'AGENCY FOR ABROAD', count: 1, children: [{ code: '98.001', description: 'Overseas Flood Relief' }] },
    ]);
    const flat = await h.http.get('/api/v2/references/assistance_listing/?filter=flood&order=asc&flat=true').expect(200);
    expect(flat.body.results.every((r: { children?: unknown }) => r.children === undefined)).toBe(true);
  });

  it('lists one prefix by description and pages', async () => {
    const res = await h.http.get('/api/v2/references/assistance_listing/97/?sort=description&order=asc&limit=2').expect(200);
    expect(res.body.results).toEqual([{ code: '97.002', description: 'Alpha Flood Insurance' }, { code: '97.010', description: 'Flood Mapping' }]);
    expect(res.body.page_metadata).toMatchObject({ total: 3, hasNext: true, next: 2 });
    await h.http.get('/api/v2/references/assistance_listing/977/').expect(400);
  });
});
