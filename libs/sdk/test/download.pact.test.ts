/**
 * Consumer contract of the SDK with the download app (provider `usas-download`): accepting a download (an
 * identical request already accepted answers with its job), a job's status, the archive file list, the agencies
 * of a bulk download and a download count. Writes contracts/usas-sdk-usas-download.json, which
 * apps/download/test/download-pact.verify.int.test.ts verifies, its states writing the job and archive rows.
 */
import path from 'node:path';
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { executeSettled } from './execute-settled';
import { createSpendingClient } from '../src/index';

const { eachLike, integer, string, regex, boolean, nullValue, decimal } = MatchersV3;

const provider = new PactV3({
  consumer: 'usas-sdk',
  provider: 'usas-download',
  dir: path.resolve(__dirname, '..', '..', '..', 'contracts'),
  logLevel: 'warn',
});

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const JOB = 'PrimeAwardSummariesAndSubawards_2020-01-13_H21M05S48397000.zip';
const ARCHIVE_AGENCY = 900_001;

type Call = (p: string, o: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown }>;

describe('SDK contract with the download app', () => {
  it('download/awards: an identical request already accepted answers with its job', async () => {
    const body = { filters: { award_type_codes: ['A', 'B', 'C', 'D'] } };
    provider
      .given('an award download of contracts was accepted', { file_name: JOB })
      .uponReceiving('an award download of contracts')
      .withRequest({ method: 'POST', path: '/api/v2/download/awards/', headers: JSON_HEADERS, body })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: {
          file_name: JOB,
          status_url: regex(/^https?:\/\/.+\/api\/v2\/download\/status\?file_name=.+\.zip$/, `http://localhost:8000/api/v2/download/status?file_name=${JOB}`),
          file_url: regex(/^https?:\/\/.+\/api\/v2\/download\/files\/.+\.zip$/, `http://localhost:8000/api/v2/download/files/${JOB}`),
          download_request: {
            request_type: 'award',
            download_types: ['awards', 'sub_awards'],
            filters: { award_type_codes: ['A', 'B', 'C', 'D'] },
            columns: [],
            file_format: 'csv',
            limit: 500000,
          },
        },
      });
    await executeSettled(provider, async (mock) => {
      const { data, error } = await (createSpendingClient(mock.url).POST as unknown as Call)('/api/v2/download/awards/', { body });
      expect(error).toBeUndefined();
      expect((data as { file_name: string }).file_name).toBe(JOB);
    });
  });

  it('download/status of a finished job', async () => {
    provider
      .given('a finished download job', { file_name: JOB })
      .uponReceiving('the status of a finished download job')
      .withRequest({ method: 'GET', path: '/api/v2/download/status', query: { file_name: JOB } })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: {
          file_name: JOB,
          status: 'finished',
          message: nullValue(),
          total_rows: integer(1234),
          total_columns: integer(108),
          total_size: decimal(56.78),
          seconds_elapsed: regex(/^\d+\.\d{6}$/, '4.250000'),
          file_url: regex(/^https?:\/\/.+\/api\/v2\/download\/files\/.+\.zip$/, `http://localhost:8000/api/v2/download/files/${JOB}`),
        },
      });
    await executeSettled(provider, async (mock) => {
      const { data, error } = await createSpendingClient(mock.url).GET('/api/v2/download/status', { params: { query: { file_name: JOB } } });
      expect(error).toBeUndefined();
      expect(data?.status).toBe('finished');
      expect(data?.total_rows).toBe(1234);
    });
  });

  it('bulk_download/list_monthly_files', async () => {
    const body = { agency: ARCHIVE_AGENCY, fiscal_year: 2020, type: 'contracts' };
    provider
      .given('monthly archive files were produced', { agency: ARCHIVE_AGENCY, fiscal_year: 2020 })
      .uponReceiving('the archive files of an agency and fiscal year')
      .withRequest({ method: 'POST', path: '/api/v2/bulk_download/list_monthly_files/', headers: JSON_HEADERS, body })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: {
          monthly_files: [
            {
              agency_name: 'Pact Archive Agency',
              agency_acronym: 'PAA',
              file_name: 'FY2020_PCT_Contracts_Full_20201108.zip',
              fiscal_year: 2020,
              type: 'contracts',
              updated_date: '2020-11-08',
              url: regex(/^https?:\/\/.+\/api\/v2\/download\/files\/FY2020_PCT_Contracts_Full_20201108\.zip$/, 'http://localhost:8000/api/v2/download/files/FY2020_PCT_Contracts_Full_20201108.zip'),
            },
            {
              agency_name: 'Pact Archive Agency',
              agency_acronym: 'PAA',
              file_name: 'FY2020_PCT_Contracts_Delta_20201108.zip',
              fiscal_year: 2020,
              type: 'contracts',
              updated_date: '2020-11-08',
              url: regex(/^https?:\/\/.+\/api\/v2\/download\/files\/FY2020_PCT_Contracts_Delta_20201108\.zip$/, 'http://localhost:8000/api/v2/download/files/FY2020_PCT_Contracts_Delta_20201108.zip'),
            },
          ],
        },
      });
    await executeSettled(provider, async (mock) => {
      const { data, error } = await (createSpendingClient(mock.url).POST as unknown as Call)('/api/v2/bulk_download/list_monthly_files/', { body });
      expect(error).toBeUndefined();
      expect((data as { monthly_files: Array<{ file_name: string }> }).monthly_files.map((f) => f.file_name)).toEqual([
        'FY2020_PCT_Contracts_Full_20201108.zip',
        'FY2020_PCT_Contracts_Delta_20201108.zip',
      ]);
    });
  });

  it('bulk_download/list_agencies', async () => {
    const body = { type: 'award_agencies' };
    provider
      .given('reference data is loaded')
      .uponReceiving('the agencies of a bulk award download')
      .withRequest({ method: 'POST', path: '/api/v2/bulk_download/list_agencies/', headers: JSON_HEADERS, body })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: {
          agencies: {
            cfo_agencies: eachLike({ toptier_code: string('012'), name: string('Department of Agriculture'), toptier_agency_id: integer(14) }),
            other_agencies: eachLike({ toptier_code: string('310'), name: string('Access Board'), toptier_agency_id: integer(200) }),
          },
          sub_agencies: [],
        },
      });
    await executeSettled(provider, async (mock) => {
      const { data, error } = await (createSpendingClient(mock.url).POST as unknown as Call)('/api/v2/bulk_download/list_agencies/', { body });
      expect(error).toBeUndefined();
      expect((data as { agencies: { cfo_agencies: unknown[] } }).agencies.cfo_agencies.length).toBeGreaterThan(0);
    });
  });

  it('download/count', async () => {
    const body = { filters: { award_type_codes: ['A', 'B', 'C', 'D'] } };
    provider
      .given('reference data is loaded')
      .uponReceiving('a count of contract transactions to download')
      .withRequest({ method: 'POST', path: '/api/v2/download/count/', headers: JSON_HEADERS, body })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: {
          calculated_transaction_count: integer(1200),
          maximum_transaction_limit: 500000,
          transaction_rows_gt_limit: boolean(false),
          calculated_count: integer(1200),
          spending_level: 'transactions',
          maximum_limit: 500000,
          rows_gt_limit: boolean(false),
        },
      });
    await executeSettled(provider, async (mock) => {
      const { data, error } = await (createSpendingClient(mock.url).POST as unknown as Call)('/api/v2/download/count/', { body });
      expect(error).toBeUndefined();
      expect((data as { maximum_transaction_limit: number }).maximum_transaction_limit).toBe(500000);
    });
  });
});
