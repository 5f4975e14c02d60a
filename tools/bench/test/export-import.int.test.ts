/**
 * The generator and the importer agree: the tiny dataset's prime transactions, written in the download
 * layouts (the loader benchmark's files) and imported into a database without award data, come back with the
 * same transactions and awards (types, amounts, dates, agencies, recipients, places, codes and the award
 * rollups). A difference here means one of them derives a value differently from the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { loadAwardFiles } from '@usas/loader';
import pg from 'pg';
import { exportTransactions } from '../src/transaction-export';

async function rows(url: string, text: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}

const TRANSACTION_COLUMNS = [
  'transaction_unique_id', 'is_fpds', 'type', 'action_date', 'fiscal_year', 'modification_number', 'federal_action_obligation',
  'original_loan_subsidy_cost', 'face_value_loan_guarantee', 'generated_pragmatic_obligation', 'awarding_toptier_agency_code',
  'awarding_subtier_agency_code', 'awarding_office_code', 'funding_subtier_agency_code', 'recipient_hash', 'recipient_uei',
  'recipient_name', 'parent_recipient_hash', 'parent_uei', 'pop_country_code', 'pop_state_code', 'pop_county_code',
  'pop_congressional_code_current', 'recipient_location_state_code', 'recipient_location_county_code', 'naics_code',
  'product_or_service_code', 'cfda_number',
];

const AWARD_COLUMNS = [
  'generated_unique_award_id', 'type', 'category', 'display_award_id', 'transaction_count', 'total_obligation', 'total_subsidy_cost',
  'total_loan_value', 'generated_pragmatic_obligation', 'action_date', 'date_signed', 'fiscal_year', 'recipient_hash', 'parent_recipient_hash',
  'recipient_levels', 'awarding_subtier_agency_code', 'funding_subtier_agency_code', 'pop_state_code', 'naics_code', 'product_or_service_code',
  'cfda_number', 'transaction_keyword_text',
];

const transactions = (url: string) => rows(url, `SELECT ${TRANSACTION_COLUMNS.join(', ')} FROM transaction_search ORDER BY transaction_unique_id`);
const awards = (url: string) => rows(url, `
  SELECT ${AWARD_COLUMNS.map((c) => `a.${c}`).join(', ')}, p.generated_unique_award_id AS parent
  FROM award_search a LEFT JOIN award_search p ON p.award_id = a.parent_award_id ORDER BY a.generated_unique_award_id`);

describe('generated transactions exported in the download layouts and imported again', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    dir = mkdtempSync(path.join(os.tmpdir(), 'usas-export-import-'));
    await rows(target.url, 'TRUNCATE award_search, transaction_search, subaward_search, financial_accounts_by_awards, parent_award, recipient_lookup, recipient_profile');
  }, 120_000);
  afterAll(async () => {
    await Promise.all([source?.drop(), target?.drop()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('come back as the same transactions and awards', async () => {
    const files: string[] = [];
    for (const kind of ['contracts', 'assistance'] as const) {
      const file = path.join(dir, `${kind}.csv`);
      expect(await exportTransactions(source.url, kind, file, 1_000_000)).toBeGreaterThan(100);
      files.push(file);
    }
    const result = await loadAwardFiles(target.url, files);
    const [sourceTransactions, targetTransactions] = await Promise.all([transactions(source.url), transactions(target.url)]);
    expect(result.files.reduce((n, f) => n + f.inserted, 0)).toBe(sourceTransactions.length);
    expect(targetTransactions).toEqual(sourceTransactions);
    const [sourceAwards, targetAwards] = await Promise.all([awards(source.url), awards(target.url)]);
    expect(targetAwards.length).toBe(sourceAwards.length);
    expect(targetAwards).toEqual(sourceAwards);
  }, 120_000);
});
