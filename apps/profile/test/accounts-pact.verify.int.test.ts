/**
 * Verifies the SDK's federal account contract (contracts/usas-sdk-usas-profile-accounts.json) against the profile app
 * behind the real gateway. The provider state writes federal account 990-0001 (id 990001), its Treasury account
 * 990-X-0001-000 and one FY2023 period-12 submission with File A and File B rows.
 */
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { serveHarness, startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';
import { insertRows } from './seed';

let h: Harness;
let served: Awaited<ReturnType<typeof serveHarness>> | undefined;

beforeAll(async () => {
  h = await startHarness();
  served = await serveHarness(h);
});

afterAll(async () => {
  await served?.close();
  await h.close();
});

async function seedPactAccount(): Promise<void> {
  const db = h.db.pool;
  await insertRows(db, 'federal_account', [{ id: 990001, agency_identifier: '990', main_account_code: '0001', federal_account_code: '990-0001', account_title: 'Pact test account' }]);
  await insertRows(db, 'treasury_appropriation_account', [{
    treasury_account_identifier: 990001, tas_rendering_label: '990-X-0001-000', agency_id: '990', availability_type_code: 'X',
    main_account_code: '0001', sub_account_code: '000', account_title: 'Pact test account', federal_account_id: 990001,
  }]);
  await db.query(sql.unsafe`
    INSERT INTO dabs_submission_window_schedule (id, period_start_date, period_end_date, submission_start_date, submission_due_date,
      certification_due_date, submission_reveal_date, submission_fiscal_year, submission_fiscal_quarter, submission_fiscal_month, is_quarter)
    VALUES (2023120, now(), now(), now(), now(), now(), '2000-01-01', 2023, 4, 12, false) ON CONFLICT (id) DO NOTHING`);
  await insertRows(db, 'submission_attributes', [{
    submission_id: 990001, toptier_code: '990', reporting_fiscal_year: 2023, reporting_fiscal_quarter: 4, reporting_fiscal_period: 12,
    quarter_format_flag: false, is_final_balances_for_fy: true, certified_date: '2023-11-15T00:00:00Z', published_date: '2023-11-15T00:00:00Z',
  }]);
  await insertRows(db, 'appropriation_account_balances', [{
    treasury_account_identifier: 990001, submission_id: 990001, total_budgetary_resources_amount_cpe: 5000, obligations_incurred_total_by_tas_cpe: 1000,
    gross_outlay_amount_by_tas_cpe: 400, unobligated_balance_cpe: 4000, budget_authority_unobligated_balance_brought_forward_fyb: 100,
    adjustments_to_unobligated_balance_brought_forward_cpe: 0, other_budgetary_resources_amount_cpe: 0, budget_authority_appropriated_amount_cpe: 4900,
  }]);
  await insertRows(db, 'financial_accounts_by_program_activity_object_class', [{
    treasury_account_id: 990001, submission_id: 990001, obligations_incurred_by_program_object_class_cpe: 1000, gross_outlay_amount_by_program_object_class_cpe: 400,
  }]);
  await db.query(sql.unsafe`SELECT refresh_account_summaries()`);
}

describe('Pact provider verification: profile app, federal account endpoints', () => {
  it('honours the SDK contract', async () => {
    let seeded = false;
    await new Verifier({
      provider: 'usas-profile-accounts',
      providerBaseUrl: served!.url,
      pactUrls: [path.resolve(__dirname, '..', '..', '..', 'contracts', 'usas-sdk-usas-profile-accounts.json')],
      stateHandlers: {
        'federal account 990-0001 has FY2023 account data': async () => {
          if (seeded) return;
          await seedPactAccount();
          seeded = true;
        },
      },
      logLevel: 'warn',
    }).verifyProvider();
  });
});
