import { existsSync } from 'node:fs';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import pg from 'pg';
import { GENERATOR_WRITTEN_STEPS, runDerive } from '@usas/read-model';
import { generateAwardData, recipientHash } from '../src/index';

/** Runs a query on a fresh client and returns its rows. */
async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const count = async (url: string, text: string): Promise<number> => Number((await query<{ n: string }>(url, text))[0]?.n ?? -1);

const CHECKSUM_TABLES: Array<[string, string]> = [
  ['award_search', 'award_id'],
  ['transaction_search', 'transaction_id'],
  ['transaction_detail', 'transaction_id'],
  ['subaward_search', 'broker_subaward_id'],
  ['financial_accounts_by_awards', 'financial_accounts_by_awards_id'],
  ['submission_attributes', 'submission_id'],
  ['appropriation_account_balances', 'appropriation_account_balances_id'],
  ['financial_accounts_by_program_activity_object_class', 'financial_accounts_by_program_activity_object_class_id'],
  ['gtas_sf133_balances', 'id'],
  ['recipient_lookup', 'id'],
  ['recipient_profile', 'id'],
  ['parent_award', 'award_id'],
];

async function checksums(url: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, key] of CHECKSUM_TABLES) {
    // row_changed_at records when a row was written (monthly archive deltas), not what the generator wrote.
    const [row] = await query<{ md5: string | null; n: string }>(url, `SELECT md5(string_agg((to_jsonb(t) - 'row_changed_at')::text, E'\\n' ORDER BY t.${key})) AS md5, count(*) AS n FROM ${table} t`);
    out[table] = `${row?.n}:${row?.md5}`;
  }
  return out;
}

/** Every index of the public schema, as its table's name and its definition. */
async function indexDefinitions(url: string): Promise<string[]> {
  const rows = await query<{ d: string }>(url, `
    SELECT c.relname || ': ' || pg_get_indexdef(i.indexrelid) AS d
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
    WHERE c.relnamespace = 'public'::regnamespace ORDER BY 1`);
  return rows.map((r) => r.d);
}

/** Every primary key and unique constraint of the public schema, as its table's name and its definition. */
async function keyConstraints(url: string): Promise<string[]> {
  const rows = await query<{ d: string }>(url, `
    SELECT conrelid::regclass::text || ': ' || conname || ' ' || pg_get_constraintdef(oid) AS d
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND contype IN ('p', 'u') ORDER BY 1`);
  return rows.map((r) => r.d);
}

describe('datagen: determinism', () => {
  let a: TestDatabase;
  let b: TestDatabase;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([a?.drop(), b?.drop()]);
  });

  it('gives identical tables for the same seed and today, different ones for another seed', async () => {
    const options = { scale: 'tiny' as const, seed: 11, today: '2025-06-15' };
    const indexesBefore = await indexDefinitions(a.url);
    const keysBefore = await keyConstraints(a.url);
    // (side by side: each generation waits on its database about half the time)
    const [first, second] = await Promise.all([generateAwardData({ ...options, url: a.url }), generateAwardData({ ...options, url: b.url })]);
    expect(first.rows).toEqual(second.rows);
    expect(first.rows.award_search).toBe(2000);
    expect(first.rows.transaction_search).toBeGreaterThan(8000);
    // The database's size, and what the machine did in each phase where its counters can be read (Linux).
    expect(first.databaseBytes).toBeGreaterThan(10 * 1024 * 1024);
    const load = first.phases.find((p) => p.phase === 'generate+load');
    expect(load?.seconds).toBeGreaterThan(0);
    if (existsSync('/proc/diskstats') && (load?.seconds ?? 0) >= 1) {
      expect(load?.diskWritten).toEqual(expect.any(Number));
      expect(load?.kernelShare).toBeGreaterThanOrEqual(0);
      expect(load?.kernelShare).toBeLessThanOrEqual(1);
    }
    const [sumsA, sumsB] = [await checksums(a.url), await checksums(b.url)];
    expect(sumsA).toEqual(sumsB);
    for (const [table] of CHECKSUM_TABLES) expect(sumsA[table]).not.toMatch(/^0:/);
    // The indexes dropped for the load and for the account files are all back, and none is left recorded as dropped.
    expect(await indexDefinitions(a.url)).toEqual(indexesBefore);
    // and so are the keys, those kept through the load and those built as bare unique indexes and attached after
    expect(await keyConstraints(a.url)).toEqual(keysBefore);
    expect(keysBefore).toEqual(expect.arrayContaining([
      'transaction_search: transaction_search_pkey PRIMARY KEY (transaction_id)',
      'transaction_search: transaction_search_transaction_unique_id_key UNIQUE (transaction_unique_id)',
      'award_search: award_search_generated_unique_award_id_key UNIQUE (generated_unique_award_id)',
    ]));
    expect(indexesBefore.filter((d) => d.startsWith('financial_accounts_by_program_activity_object_class: ')).length).toBeGreaterThanOrEqual(3);
    expect(await query(a.url, 'SELECT * FROM bulk_load_dropped_index')).toEqual([]);

    await generateAwardData({ ...options, seed: 12, url: b.url });
    const other = await checksums(b.url);
    expect(other.award_search).not.toEqual(sumsA.award_search);
  }, 120_000);
});

describe('datagen: invariants of the template dataset', () => {
  let db: TestDatabase;
  let url: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    url = db.url;
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('has every award type, with categories as upstream (-1 has none)', async () => {
    const rows = await query<{ type: string; category: string | null; n: string }>(url, 'SELECT type, category, count(*) AS n FROM award_search GROUP BY 1, 2 ORDER BY 1');
    expect(rows.map((r) => r.type).sort()).toEqual(
      ['-1', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', 'A', 'B', 'C', 'D', 'IDV_A', 'IDV_B', 'IDV_B_A', 'IDV_B_B', 'IDV_B_C', 'IDV_C', 'IDV_D', 'IDV_E'].sort(),
    );
    const category = Object.fromEntries(rows.map((r) => [r.type, r.category]));
    expect(category).toMatchObject({ '-1': null, A: 'contract', D: 'contract', IDV_C: 'idv', '04': 'grant', '06': 'direct payment', '10': 'direct payment', '07': 'loans', '09': 'insurance', '11': 'other' });
  });

  it('gives IDVs the IDV and IDC type codes their award type is derived from (as the importer derives it)', async () => {
    const rows = await query<{ type: string; idv_type: string | null; type_of_idc: string | null }>(url, `
      SELECT DISTINCT type, idv_type, type_of_idc FROM award_search WHERE type LIKE 'IDV%' ORDER BY 1, 2, 3`);
    // IDV_<idv type>, and for IDCs (B) IDV_B_<idc type> when the IDC type is given.
    expect(rows).toEqual([
      { type: 'IDV_A', idv_type: 'A', type_of_idc: null },
      { type: 'IDV_B', idv_type: 'B', type_of_idc: null },
      { type: 'IDV_B_A', idv_type: 'B', type_of_idc: 'A' },
      { type: 'IDV_B_B', idv_type: 'B', type_of_idc: 'B' },
      { type: 'IDV_B_C', idv_type: 'B', type_of_idc: 'C' },
      { type: 'IDV_C', idv_type: 'C', type_of_idc: null },
      { type: 'IDV_D', idv_type: 'D', type_of_idc: null },
      { type: 'IDV_E', idv_type: 'E', type_of_idc: null },
    ]);
  });

  it('keeps award totals equal to the sums of their transactions', async () => {
    expect(await count(url, `
      SELECT count(*) AS n FROM award_search a
      JOIN (SELECT award_id, count(*) AS c, sum(federal_action_obligation) AS o, sum(generated_pragmatic_obligation) AS g,
              min(action_date) AS first, max(action_date) AS last
            FROM transaction_search GROUP BY award_id) t USING (award_id)
      WHERE a.transaction_count <> t.c OR a.total_obligation <> t.o OR a.generated_pragmatic_obligation <> t.g
        OR a.date_signed <> t.first OR a.action_date <> t.last`)).toBe(0);
    expect(await count(url, 'SELECT count(*) AS n FROM award_search a WHERE NOT EXISTS (SELECT 1 FROM transaction_search t WHERE t.award_id = a.award_id)')).toBe(0);
    expect(await count(url, `
      SELECT count(*) AS n FROM award_search a JOIN transaction_search t ON t.transaction_id = a.latest_transaction_id
      WHERE t.award_id <> a.award_id OR t.action_date <> a.action_date`)).toBe(0);
  });

  it('writes one detail row per transaction, with its own initial report date (transaction_detail, migration 0196)', async () => {
    expect(await count(url, `
      SELECT count(*) AS n FROM transaction_search t FULL JOIN transaction_detail d USING (transaction_id)
      WHERE t.transaction_id IS NULL OR d.transaction_id IS NULL OR d.detail->>'initial_report_date' <> t.action_date::text`)).toBe(0);
    expect(await count(url, 'SELECT count(*) AS n FROM transaction_detail')).toBeGreaterThan(8000);
    // the bulk load's primary key, rebuilt with the others
    expect(await count(url, `SELECT count(*) AS n FROM pg_constraint WHERE conrelid = 'transaction_detail'::regclass AND contype = 'p'`)).toBe(1);
  });

  it('uses the loan subsidy cost as the pragmatic obligation of loans (07, 08) only', async () => {
    expect(await count(url, `
      SELECT count(*) AS n FROM transaction_search
      WHERE generated_pragmatic_obligation <> CASE WHEN type IN ('07', '08') THEN coalesce(original_loan_subsidy_cost, 0)
                                                   ELSE coalesce(federal_action_obligation, 0) END`)).toBe(0);
    expect(await count(url, `
      SELECT count(*) AS n FROM award_search WHERE type IN ('07', '08')
        AND (generated_pragmatic_obligation <> total_subsidy_cost OR award_amount <> total_loan_value)`)).toBe(0);
    // guaranteed loans obligate nothing: their pragmatic obligation differs from the obligation
    expect(await count(url, `SELECT count(*) AS n FROM award_search WHERE type = '08' AND generated_pragmatic_obligation <> total_obligation`)).toBeGreaterThan(0);
  });

  it('files COVID-19 and IIJA DEF codes only on or after the enactment dates', async () => {
    const rows = await query<{ group_name: string; rows: string; early: string }>(url, `
      SELECT d.group_name, count(*) AS rows,
        count(*) FILTER (WHERE s.reporting_period_end < d.earliest_public_law_enactment_date
                            OR NOT EXISTS (SELECT 1 FROM transaction_search t WHERE t.award_id = f.award_id
                                             AND t.action_date >= d.earliest_public_law_enactment_date)) AS early
      FROM financial_accounts_by_awards f
      JOIN disaster_emergency_fund_code d ON d.code = f.disaster_emergency_fund_code
      JOIN submission_attributes s ON s.submission_id = f.submission_id
      WHERE d.group_name IS NOT NULL GROUP BY 1 ORDER BY 1`);
    expect(rows.map((r) => r.group_name)).toEqual(['covid_19', 'infrastructure']);
    for (const r of rows) {
      expect(Number(r.rows)).toBeGreaterThan(0);
      expect(Number(r.early)).toBe(0);
    }
    expect(await count(url, `
      SELECT count(*) AS n FROM financial_accounts_by_awards f JOIN disaster_emergency_fund_code d ON d.code = f.disaster_emergency_fund_code
      JOIN submission_attributes s ON s.submission_id = f.submission_id
      WHERE d.group_name = 'covid_19' AND s.reporting_period_start < '2020-03-06'`)).toBe(0);
  });

  it('builds consistent IDV trees with grandchildren', async () => {
    expect(await count(url, `
      SELECT count(*) AS n FROM award_search c JOIN award_search p ON p.award_id = c.parent_award_id
      WHERE p.type NOT LIKE 'IDV%' OR c.parent_award_piid <> p.piid OR c.parent_generated_unique_award_id <> p.generated_unique_award_id
        OR (c.type NOT LIKE 'IDV%' AND c.generated_unique_award_id NOT LIKE '%\\_' || p.piid || '\\_' || p.awarding_subtier_agency_code)`)).toBe(0);
    expect(await count(url, 'SELECT count(*) AS n FROM award_search WHERE parent_award_id IS NOT NULL AND type IN (\'D\') OR (parent_award_id IS NOT NULL AND NOT is_fpds)')).toBe(0);
    expect(await count(url, `
      SELECT count(*) AS n FROM award_search g JOIN award_search c ON c.award_id = g.parent_award_id
      WHERE g.type NOT LIKE 'IDV%' AND c.parent_award_id IS NOT NULL`)).toBeGreaterThan(0);
    expect(await count(url, `SELECT count(*) AS n FROM award_search WHERE generated_unique_award_id !~ '^(CONT_AWD_|CONT_IDV_|ASST_NON_|ASST_AGG_)'`)).toBe(0);
  });

  it('hashes recipients by UEI, else DUNS, else name', async () => {
    expect(await count(url, `
      SELECT count(*) AS n FROM award_search
      WHERE recipient_hash <> md5(upper(CASE WHEN recipient_uei IS NOT NULL THEN 'uei-' || recipient_uei
                                            WHEN recipient_unique_id IS NOT NULL THEN 'duns-' || recipient_unique_id
                                            ELSE 'name-' || recipient_name END))::uuid`)).toBe(0);
    const kinds = await query<{ uei: boolean; duns: boolean }>(url, 'SELECT DISTINCT recipient_uei IS NOT NULL AS uei, recipient_unique_id IS NOT NULL AS duns FROM award_search');
    expect(kinds).toHaveLength(4); // UEI+DUNS, UEI only, DUNS only, neither (MULTIPLE RECIPIENTS, REDACTED DUE TO PII)
    expect(recipientHash('ABC123DEF456', '123456789', 'X')).toBe((await query<{ h: string }>(url, `SELECT md5('UEI-ABC123DEF456')::uuid::text AS h`))[0]?.h);
    expect(recipientHash(null, null, 'multiple recipients')).toBe((await query<{ h: string }>(url, `SELECT recipient_hash_of(NULL, NULL, 'multiple recipients')::text AS h`))[0]?.h);
    expect(await count(url, `SELECT count(*) AS n FROM award_search WHERE recipient_uei !~ '^[A-HJ-NP-Z1-9][0-9A-HJ-NP-Z]{11}$' OR recipient_unique_id !~ '^[0-9]{9}$'`)).toBe(0);
  });

  it('only references agencies, offices, accounts and codes of the reference tables', async () => {
    const orphans = await query<Record<string, string>>(url, `
      SELECT
        (SELECT count(*) FROM award_search a LEFT JOIN agency g ON g.id = a.awarding_agency_id
           LEFT JOIN subtier_agency s ON s.subtier_agency_id = g.subtier_agency_id
           LEFT JOIN toptier_agency t ON t.toptier_agency_id = g.toptier_agency_id
         WHERE s.subtier_code IS DISTINCT FROM a.awarding_subtier_agency_code OR t.toptier_code IS DISTINCT FROM a.awarding_toptier_agency_code
           OR t.toptier_agency_id IS DISTINCT FROM a.awarding_toptier_agency_id) AS awarding,
        (SELECT count(*) FROM award_search a LEFT JOIN agency g ON g.id = a.funding_agency_id WHERE g.id IS NULL) AS funding,
        (SELECT count(*) FROM transaction_search a WHERE awarding_office_code IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM office o WHERE o.office_code = a.awarding_office_code AND o.sub_tier_code = a.awarding_subtier_agency_code)) AS office,
        (SELECT count(*) FROM financial_accounts_by_awards f WHERE NOT EXISTS (SELECT 1 FROM treasury_appropriation_account t WHERE t.treasury_account_identifier = f.treasury_account_id)) AS tas,
        (SELECT count(*) FROM financial_accounts_by_awards f WHERE NOT EXISTS (SELECT 1 FROM submission_attributes s WHERE s.submission_id = f.submission_id)) AS submission,
        (SELECT count(*) FROM financial_accounts_by_awards f WHERE program_activity_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ref_program_activity p WHERE p.id = f.program_activity_id)) AS pa,
        (SELECT count(*) FROM financial_accounts_by_awards f WHERE NOT EXISTS (SELECT 1 FROM object_class o WHERE o.id = f.object_class_id)) AS oc,
        (SELECT count(*) FROM award_search a WHERE a.award_id NOT IN (SELECT award_id FROM financial_accounts_by_awards) AND a.treasury_account_identifiers IS NOT NULL) AS stray_tas,
        (SELECT count(*) FROM award_search a WHERE cfda_number IS NOT NULL AND NOT EXISTS (SELECT 1 FROM references_cfda c WHERE c.program_number = a.cfda_number)) AS cfda,
        (SELECT count(*) FROM award_search a WHERE naics_code IS NOT NULL AND NOT EXISTS (SELECT 1 FROM naics c WHERE c.code = a.naics_code)) AS naics,
        (SELECT count(*) FROM award_search a WHERE product_or_service_code IS NOT NULL AND NOT EXISTS (SELECT 1 FROM psc c WHERE c.code = a.product_or_service_code)) AS psc,
        (SELECT count(*) FROM award_search a WHERE pop_county_code IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM ref_population_county c WHERE c.state_code = a.pop_state_fips AND c.county_number = a.pop_county_code)) AS county,
        (SELECT count(*) FROM transaction_search t WHERE NOT EXISTS (SELECT 1 FROM award_search a WHERE a.award_id = t.award_id)) AS transaction_award,
        (SELECT count(*) FROM subaward_search s WHERE NOT EXISTS (SELECT 1 FROM award_search a WHERE a.award_id = s.award_id AND a.generated_unique_award_id = s.unique_award_key)) AS subaward_award`);
    expect(orphans[0]).toEqual(Object.fromEntries(Object.keys(orphans[0] ?? {}).map((k) => [k, '0'])));
    expect(await count(url, 'SELECT count(*) AS n FROM award_search WHERE product_or_service_code IS NOT NULL')).toBeGreaterThan(0);
    expect(await count(url, 'SELECT count(*) AS n FROM award_search WHERE cfda_number IS NOT NULL')).toBeGreaterThan(0);
  });

  it('keeps fiscal years and fiscal action dates consistent with action dates', async () => {
    expect(await count(url, `
      SELECT count(*) AS n FROM transaction_search
      WHERE fiscal_year <> extract(year FROM action_date + interval '3 months') OR fiscal_action_date <> (action_date + interval '3 months')::date`)).toBe(0);
    expect(await count(url, `SELECT count(*) AS n FROM award_search WHERE fiscal_year <> extract(year FROM action_date + interval '3 months')`)).toBe(0);
    expect(await count(url, `SELECT count(*) AS n FROM subaward_search WHERE sub_fiscal_year <> fiscal_year_of(sub_action_date)`)).toBe(0);
    expect(await count(url, `SELECT count(*) AS n FROM transaction_search WHERE action_date < '2007-10-01' OR action_date > current_date`)).toBe(0);
  });

  it('derives File C columns and outlays from final-of-year submissions, and re-deriving changes nothing', async () => {
    expect(await count(url, `
      SELECT count(*) AS n FROM award_search a
      JOIN (SELECT f.award_id,
              sum(f.gross_outlay_amount_by_award_cpe + f.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe
                  + f.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe) FILTER (WHERE s.is_final_balances_for_fy) AS outlays
            FROM financial_accounts_by_awards f JOIN submission_attributes s USING (submission_id) GROUP BY 1) o USING (award_id)
      WHERE a.total_outlays IS DISTINCT FROM o.outlays`)).toBe(0);
    expect(await count(url, 'SELECT count(*) AS n FROM award_search WHERE total_covid_obligation IS NOT NULL')).toBeGreaterThan(0);
    expect(await count(url, `SELECT count(*) AS n FROM award_search WHERE 'Z' = ANY(disaster_emergency_fund_codes) OR '1' = ANY(disaster_emergency_fund_codes)`)).toBeGreaterThan(0);
    expect(await count(url, `
      SELECT count(*) AS n FROM transaction_search t JOIN award_search a USING (award_id)
      WHERE t.tas_paths IS DISTINCT FROM a.tas_paths OR t.disaster_emergency_fund_codes IS DISTINCT FROM a.disaster_emergency_fund_codes`)).toBe(0);
    // File A agrees with File B per account and submission, but for a small share of accounts and years where
    // it reports more (the submission statistics' differences), in every submission of that year.
    const ab = await query<{ n: string; differ: string; lower: string; partial: string }>(url, `
      WITH x AS (
        SELECT a.treasury_account_identifier AS tas, s.reporting_fiscal_year AS fy, a.obligations_incurred_total_by_tas_cpe - b.b AS d
        FROM (SELECT b.treasury_account_id, b.submission_id, sum(b.obligations_incurred_by_program_object_class_cpe) AS b
              FROM financial_accounts_by_program_activity_object_class b GROUP BY 1, 2) b
        JOIN appropriation_account_balances a ON a.treasury_account_identifier = b.treasury_account_id AND a.submission_id = b.submission_id
        JOIN submission_attributes s ON s.submission_id = a.submission_id)
      SELECT count(*) AS n, count(*) FILTER (WHERE d <> 0) AS differ, count(*) FILTER (WHERE d < 0) AS lower,
        (SELECT count(*) FROM (SELECT tas, fy FROM x GROUP BY 1, 2 HAVING bool_or(d <> 0) AND NOT bool_and(d <> 0)) p) AS partial
      FROM x`);
    expect(Number(ab[0]?.differ)).toBeGreaterThan(0);
    expect(Number(ab[0]?.differ)).toBeLessThan(Number(ab[0]?.n) * 0.06);
    expect(Number(ab[0]?.lower)).toBe(0);
    expect(Number(ab[0]?.partial)).toBe(0);
    // Unlinked File C rows (no award) are a small share, never of disaster-funded awards, and File B covers them.
    const c = await query<{ n: string; unlinked: string; disaster: string }>(url, `
      SELECT count(*) AS n, count(*) FILTER (WHERE f.award_id IS NULL) AS unlinked,
        count(*) FILTER (WHERE f.award_id IS NULL AND d.group_name IS NOT NULL) AS disaster
      FROM financial_accounts_by_awards f LEFT JOIN disaster_emergency_fund_code d ON d.code = f.disaster_emergency_fund_code`);
    expect(Number(c[0]?.unlinked)).toBeGreaterThan(0);
    expect(Number(c[0]?.unlinked)).toBeLessThan(Number(c[0]?.n) * 0.03);
    expect(Number(c[0]?.disaster)).toBe(0);
    expect(await count(url, `
      SELECT count(*) AS n FROM (
        SELECT f.treasury_account_id, f.submission_id, f.program_activity_id, f.object_class_id, f.disaster_emergency_fund_code,
          sum(f.transaction_obligated_amount) AS c
        FROM financial_accounts_by_awards f JOIN submission_attributes s ON s.submission_id = f.submission_id AND s.is_final_balances_for_fy
        GROUP BY 1, 2, 3, 4, 5) c
      LEFT JOIN financial_accounts_by_program_activity_object_class b ON b.treasury_account_id = c.treasury_account_id
        AND b.submission_id = c.submission_id AND b.program_activity_id IS NOT DISTINCT FROM c.program_activity_id
        AND b.object_class_id IS NOT DISTINCT FROM c.object_class_id AND b.disaster_emergency_fund_code IS NOT DISTINCT FROM c.disaster_emergency_fund_code
      WHERE b.treasury_account_id IS NULL`)).toBe(0);

    // The generation does not derive the rows' recipient_levels (levelsWritten): the generator's must be
    // the levels of the recipient profiles derived from the data.
    for (const table of ['award_search', 'transaction_search']) {
      expect(await count(url, `
        SELECT count(*) AS n FROM ${table} x
        LEFT JOIN (SELECT recipient_hash, array_agg(recipient_level::text ORDER BY recipient_level) AS levels FROM recipient_profile GROUP BY 1) p USING (recipient_hash)
        WHERE x.recipient_hash IS NOT NULL AND x.recipient_levels IS DISTINCT FROM p.levels`)).toBe(0);
    }
    expect(await count(url, 'SELECT count(*) AS n FROM transaction_search WHERE recipient_hash IS NOT NULL AND cardinality(recipient_levels) > 0')).toBeGreaterThan(0);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const [{ as_of: asOf }] = (await client.query<{ as_of: string }>(`SELECT to_char(as_of, 'YYYY-MM-DD') AS as_of FROM award_data_load ORDER BY id DESC LIMIT 1`)).rows as [{ as_of: string }];
      const steps = await runDerive(client, { scoped: false, asOf });
      const changed = Object.fromEntries(steps.map((s) => [s.step, s.changed]));
      // The generation skips these steps (GENERATOR_WRITTEN_STEPS): they must find nothing to change.
      expect(GENERATOR_WRITTEN_STEPS.map((step) => [step, changed[step]])).toEqual(GENERATOR_WRITTEN_STEPS.map((step) => [step, 0]));
      const scoped = await runDerive(client, { scoped: true, asOf });
      expect(scoped.find((s) => s.step === 'search_file_c')?.changed).toBe(0);
    } finally {
      await client.end();
    }
  });
});

describe('datagen: derived tables', () => {
  let db: TestDatabase;
  let url: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    url = db.url;
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('gives recipients levels P (parents), C (children) and R (no parent), as the awards carry them', async () => {
    const levels = await query<{ recipient_level: string; n: string }>(url, 'SELECT recipient_level, count(*) AS n FROM recipient_profile GROUP BY 1 ORDER BY 1');
    expect(levels.map((l) => l.recipient_level)).toEqual(['C', 'P', 'R']);
    // every child's parent has a P row; every recipient without a parent has an R row
    expect(await count(url, `
      SELECT count(*) AS n FROM award_search a WHERE a.parent_recipient_hash IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM recipient_profile p WHERE p.recipient_hash = a.parent_recipient_hash AND p.recipient_level = 'P')`)).toBe(0);
    expect(await count(url, `
      SELECT count(*) AS n FROM award_search a WHERE a.parent_recipient_hash IS NULL AND NOT EXISTS (
        SELECT 1 FROM recipient_profile p WHERE p.recipient_hash = a.recipient_hash AND p.recipient_level = 'R')`)).toBe(0);
    expect(await count(url, `
      SELECT count(*) AS n FROM award_search a
      WHERE a.recipient_levels IS DISTINCT FROM (SELECT array_agg(recipient_level::text ORDER BY recipient_level) FROM recipient_profile p WHERE p.recipient_hash = a.recipient_hash)`)).toBe(0);
    // a parent lists its children's UEIs, a child its parent's
    const [parent] = await query<{ affiliations: string[]; children: string[] }>(url, `
      SELECT p.recipient_affiliations AS affiliations,
        (SELECT array_agg(DISTINCT coalesce(recipient_uei, recipient_unique_id) ORDER BY coalesce(recipient_uei, recipient_unique_id))
         FROM transaction_search t WHERE t.parent_recipient_hash = p.recipient_hash) AS children
      FROM recipient_profile p WHERE p.recipient_level = 'P' ORDER BY cardinality(p.recipient_affiliations) DESC, p.recipient_hash LIMIT 1`);
    expect(parent?.affiliations.length).toBeGreaterThan(1);
    expect(parent?.affiliations).toEqual(parent?.children);
    // names and alternate names come from the awards
    expect(await count(url, `SELECT count(*) AS n FROM recipient_lookup WHERE cardinality(alternate_names) > 0`)).toBeGreaterThan(0);
    expect(await count(url, `SELECT count(*) AS n FROM award_search a WHERE NOT EXISTS (SELECT 1 FROM recipient_lookup l WHERE l.recipient_hash = a.recipient_hash)`)).toBe(0);
  });

  it('sums the last 12 months of obligations by category', async () => {
    const [row] = await query<{ bad: string; total: string }>(url, `
      WITH as_of AS (SELECT as_of FROM award_data_load ORDER BY id DESC LIMIT 1),
      t AS (
        SELECT recipient_hash,
          sum(generated_pragmatic_obligation) AS total,
          sum(generated_pragmatic_obligation) FILTER (WHERE award_category IN ('contract', 'idv')) AS contracts,
          sum(generated_pragmatic_obligation) FILTER (WHERE award_category = 'loans') AS loans,
          count(*) AS n
        FROM transaction_search, as_of WHERE action_date >= as_of.as_of - interval '1 year' AND parent_recipient_hash IS NULL
        GROUP BY recipient_hash)
      SELECT count(*) FILTER (WHERE p.last_12_months <> t.total OR p.last_12_contracts <> coalesce(t.contracts, 0)
                                OR p.last_12_loans <> coalesce(t.loans, 0) OR p.last_12_months_count <> t.n) AS bad,
             count(*) AS total
      FROM t JOIN recipient_profile p ON p.recipient_hash = t.recipient_hash AND p.recipient_level = 'R'`);
    expect(Number(row?.total)).toBeGreaterThan(10);
    expect(Number(row?.bad)).toBe(0);
  });

  it('rolls IDV children and grandchildren up into parent_award', async () => {
    const rows = await query<Record<string, string>>(url, `
      WITH direct AS (
        SELECT p.award_id,
          count(c.award_id) FILTER (WHERE c.type LIKE 'IDV%') AS idvs,
          count(c.award_id) FILTER (WHERE c.type NOT LIKE 'IDV%') AS contracts,
          coalesce(sum(c.total_obligation) FILTER (WHERE c.type NOT LIKE 'IDV%'), 0) AS obligation
        FROM award_search p LEFT JOIN award_search c ON c.parent_award_id = p.award_id
        WHERE p.type LIKE 'IDV%' GROUP BY p.award_id),
      rollup AS (
        SELECT d.award_id, d.idvs + coalesce(sum(k.idvs), 0) AS idvs, d.contracts + coalesce(sum(k.contracts), 0) AS contracts,
          d.obligation + coalesce(sum(k.obligation), 0) AS obligation
        FROM direct d LEFT JOIN award_search c ON c.parent_award_id = d.award_id AND c.type LIKE 'IDV%'
        LEFT JOIN direct k ON k.award_id = c.award_id GROUP BY d.award_id, d.idvs, d.contracts, d.obligation)
      SELECT count(*) AS idvs,
        count(*) FILTER (WHERE pa.direct_idv_count <> d.idvs OR pa.direct_contract_count <> d.contracts OR pa.direct_total_obligation <> d.obligation
                           OR pa.rollup_idv_count <> r.idvs OR pa.rollup_contract_count <> r.contracts OR pa.rollup_total_obligation <> r.obligation) AS bad,
        count(*) FILTER (WHERE pa.rollup_contract_count > pa.direct_contract_count) AS with_grandchildren
      FROM parent_award pa JOIN direct d USING (award_id) JOIN rollup r USING (award_id)`);
    expect(Number(rows[0]?.idvs)).toBe(await count(url, `SELECT count(*) AS n FROM award_search WHERE type LIKE 'IDV%'`));
    expect(rows[0]?.bad).toBe('0');
    expect(Number(rows[0]?.with_grandchildren)).toBeGreaterThan(0);
  });

  it('counts subawards on their prime awards', async () => {
    expect(await count(url, `
      SELECT count(*) AS n FROM award_search a
      LEFT JOIN (SELECT award_id, count(*) AS c, sum(subaward_amount) AS s FROM subaward_search GROUP BY 1) s USING (award_id)
      WHERE a.subaward_count <> coalesce(s.c, 0) OR a.total_subaward_amount IS DISTINCT FROM s.s`)).toBe(0);
    expect(await count(url, `SELECT count(*) AS n FROM subaward_search s JOIN award_search a USING (award_id) WHERE s.subaward_amount > a.total_obligation`)).toBe(0);
  });
});
