/**
 * Downloads end to end with the real Temporal server (the CLI's dev server, installed by the project's own
 * code as `npm start` does): the gateway with the download app, a download worker, a fresh database. Asserts
 * file contents (upstream headers, values equal to the database rows), status transitions and bad input.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { parse } from 'csv-parse/sync';
import { resumeDownloads } from '@usas/download';
import { type TestDatabase } from '@usas/db/testing';
import { layoutColumns } from '@usas/downloads';
import { sql } from 'slonik';
import type supertest from 'supertest';
import { z } from 'zod';
import type { RunningDownloads } from '../src/temporal-downloads';
import { startDownloadStack, type DownloadStack } from './download-stack';
import { fetchZip as fetchZipAt, unzip, waitForStatus as waitForJob } from './download-zip';

jest.setTimeout(180_000);

let stack: DownloadStack;
let db: TestDatabase;
let downloads: RunningDownloads;
let http: ReturnType<typeof supertest>;
let dataDir: string;

/** The job's status once it is one of `wanted`. */
const waitForStatus = (fileName: string, wanted: string[]) => waitForJob(http, fileName, wanted);

const byText = (a: string[], b: string[]) => (a.join('|') < b.join('|') ? -1 : a.join('|') > b.join('|') ? 1 : 0);

const jobCount = () => db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM download_job`);

beforeAll(async () => {
  stack = await startDownloadStack('downloads');
  ({ db, downloads, http, dataDir } = stack);
});

afterAll(() => stack?.close());

describe('POST /api/v2/download/awards/', () => {
  it('writes the contract prime award summaries in the upstream layout, with the database values', async () => {
    const filters = { award_type_codes: ['A', 'B', 'C', 'D'] };
    const res = await http.post('/api/v2/download/awards/').send({ filters });
    expect(res.status).toBe(200);
    const fileName: string = res.body.file_name;
    expect(fileName).toMatch(/^PrimeAwardSummariesAndSubawards_\d{4}-\d{2}-\d{2}_H\d{2}M\d{2}S\d{8}\.zip$/);
    expect(res.body.status_url).toMatch(new RegExp(`/api/v2/download/status\\?file_name=${fileName}$`));
    expect(res.body.file_url).toMatch(new RegExp(`/api/v2/download/files/${fileName}$`));
    expect(res.body.download_request).toMatchObject({ request_type: 'award', download_types: ['awards', 'sub_awards'], file_format: 'csv', limit: 500000, columns: [], filters });

    const status = await waitForStatus(fileName, ['finished', 'failed']);
    // total_columns: the columns of both files added up (upstream's number_of_columns)
    expect(status).toMatchObject({ status: 'finished', message: null, file_name: fileName, total_columns: layoutColumns('award.d1').length + layoutColumns('subaward_search.d1').length });
    const handle = downloads.app.temporal.workflow.getHandle(fileName);
    expect(await handle.result()).toBe('finished');
    if (process.env.DOWNLOAD_HISTORY_DIR) {
      // Regenerates the history the replay test checks the workflow code against.
      writeFileSync(path.join(process.env.DOWNLOAD_HISTORY_DIR, 'download-finished.json'), `${historyToJSON(await handle.fetchHistory())}\n`);
    }

    const file = await http.get(`/api/v2/download/files/${fileName}`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(status.total_size).toBeCloseTo((file.body as Buffer).length / 1000, 2);

    const entries = unzip(file.body as Buffer);
    const ts = fileName.replace(/^PrimeAwardSummariesAndSubawards_/, '').replace(/\.zip$/, '');
    expect(Object.keys(entries).sort()).toEqual([`Contracts_PrimeAwardSummaries_${ts}_1.csv`, `Contracts_Subawards_${ts}_1.csv`]);
    const awards = parse(entries[`Contracts_PrimeAwardSummaries_${ts}_1.csv`]!, { columns: false }) as string[][];
    expect(awards[0]).toEqual([...layoutColumns('award.d1')]);
    const rows = awards.slice(1);

    const expected = await db.pool.any(sql.type(z.object({ key: z.string(), piid: z.string().nullable(), obligation: z.string(), agency: z.string().nullable() }))`
      SELECT generated_unique_award_id AS key, piid, total_obligation::text AS obligation, awarding_toptier_agency_name AS agency
      FROM award_search WHERE is_fpds AND type IN ('A', 'B', 'C', 'D') ORDER BY generated_unique_award_id`);
    expect(expected.length).toBeGreaterThan(10);
    const header = awards[0]!;
    const at = (name: string) => header.indexOf(name);
    const got = rows
      .map((r) => ({ key: r[at('contract_award_unique_key')]!, piid: r[at('award_id_piid')] || null, obligation: r[at('total_obligated_amount')]!, agency: r[at('awarding_agency_name')] || null }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    expect(got).toEqual(expected);

    const subawards = parse(entries[`Contracts_Subawards_${ts}_1.csv`]!, { columns: false }) as string[][];
    expect(subawards[0]).toEqual([...layoutColumns('subaward_search.d1')]);
    const subCount = await db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*)::int AS n FROM subaward_search WHERE prime_award_group = 'procurement' AND prime_award_type IN ('A', 'B', 'C', 'D')`);
    expect(subawards.length - 1).toBe(subCount);
    expect(status.total_rows).toBe(expected.length + subCount);
  });
});

describe('POST /api/v2/download/transactions/', () => {
  it('keeps only the requested columns, in layout order, for the assistance file', async () => {
    const columns = ['federal_action_obligation', 'assistance_transaction_unique_key', 'action_date'];
    const res = await http.post('/api/v2/download/transactions/').send({ filters: { award_type_codes: ['02', '03', '04', '05'] }, columns, file_format: 'tsv', limit: 5 });
    expect(res.status).toBe(200);
    const fileName: string = res.body.file_name;
    expect(fileName).toMatch(/^PrimeTransactionsAndSubawards_/);
    const status = await waitForStatus(fileName, ['finished', 'failed']);
    expect(status).toMatchObject({ status: 'finished', total_columns: 3 });
    const file = await http.get(`/api/v2/download/files/${fileName}`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    const entries = unzip(file.body as Buffer);
    const names = Object.keys(entries);
    // The subaward file has none of the columns: upstream puts it in the zip all the same, empty and without a part number.
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^Assistance_PrimeTransactions_.*_1\.tsv$/);
    expect(names[1]).toMatch(/^Assistance_Subawards_\d{4}-\d{2}-\d{2}_H\d{2}M\d{2}S\d{8}\.tsv$/);
    expect(entries[names[1]!]).toBe('');
    const lines = parse(entries[names[0]!]!, { delimiter: '\t' }) as string[][];
    expect(lines[0]).toEqual(['assistance_transaction_unique_key', 'federal_action_obligation', 'action_date']);
    expect(lines).toHaveLength(6);
    expect(status.total_rows).toBe(5);
    for (const [key, amount, date] of lines.slice(1)) {
      const row = await db.pool.one(sql.type(z.object({ amount: z.string().nullable(), date: z.string() }))`
        SELECT federal_action_obligation::text AS amount, action_date::text AS date FROM transaction_search WHERE transaction_unique_id = ${key!}`);
      expect([amount || null, date]).toEqual([row.amount, row.date]);
    }
  });
});

const fetchZip = (fileName: string) => fetchZipAt(http, `/api/v2/download/files/${fileName}`);

describe('POST /api/v2/download/search/', () => {
  it('one file per spending level asked for', async () => {
    const res = await http.post('/api/v2/download/search/').send({ filters: { award_type_codes: ['A'] }, spending_level: ['subawards', 'transactions'], columns: ['contract_transaction_unique_key', 'prime_award_unique_key', 'subaward_number'] });
    expect(res.status).toBe(200);
    expect(res.body.file_name).toMatch(/^PrimeAwardsTransactionsAndSubawards_/);
    expect(res.body.download_request.download_types).toEqual(['prime_transactions', 'sub_awards']);
    expect((await waitForStatus(res.body.file_name, ['finished', 'failed'])).status).toBe('finished');
    const entries = await fetchZip(res.body.file_name);
    const byPrefix = Object.fromEntries(Object.entries(entries).map(([n, text]) => [n.split('_').slice(0, 2).join('_'), parse(text) as string[][]]));
    expect(Object.keys(byPrefix).sort()).toEqual(['Contracts_PrimeTransactions', 'Contracts_Subawards']);
    expect(byPrefix.Contracts_PrimeTransactions![0]).toEqual(['contract_transaction_unique_key']);
    expect(byPrefix.Contracts_Subawards![0]).toEqual(['prime_award_unique_key', 'subaward_number']);
    const n = await db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM transaction_search WHERE is_fpds AND type = 'A'`);
    expect(byPrefix.Contracts_PrimeTransactions!.length - 1).toBe(n);
  });
});

describe('POST /api/v2/download/contract/, /idv/, /assistance/', () => {
  it('a contract by its generated id: its transactions and subawards', async () => {
    const award = await db.pool.one(sql.type(z.object({ award_id: z.number(), key: z.string(), piid: z.string(), n: z.number() }))`
      SELECT a.award_id, a.generated_unique_award_id AS key, a.piid, count(t.*)::int AS n
      FROM award_search a JOIN transaction_search t ON t.award_id = a.award_id
      WHERE a.category = 'contract' GROUP BY a.award_id ORDER BY count(t.*) DESC, a.award_id LIMIT 1`);
    const res = await http.post('/api/v2/download/contract/').send({ award_id: award.key });
    expect(res.status).toBe(200);
    const fileName: string = res.body.file_name;
    expect(fileName).toMatch(new RegExp(`^CONT_${award.piid.replace(/[^\w]/g, '')}_\\d{4}-\\d{2}-\\d{2}_H\\d{2}M\\d{2}S\\d{8}\\.zip$`));
    expect(res.body.download_request).toEqual({ request_type: 'contract', award_id: award.key, file_format: 'csv' });
    const status = await waitForStatus(fileName, ['finished', 'failed']);
    expect(status.status).toBe('finished');
    const entries = await fetchZip(fileName);
    const slug = award.piid.replace(/[^\w]/g, '');
    expect(Object.keys(entries)).toEqual([`Contract_${slug}_TransactionHistory_1.csv`, `Contract_${slug}_Sub-Awards_1.csv`, `Contract_${slug}_FederalAccountFunding_1.csv`]);
    const tx = parse(entries[`Contract_${slug}_TransactionHistory_1.csv`]!) as string[][];
    expect(tx[0]).toEqual([...layoutColumns('transaction_search.d1')]);
    expect(tx).toHaveLength(award.n + 1);
    const keys = await db.pool.anyFirst(sql.type(z.object({ k: z.string() }))`SELECT transaction_unique_id AS k FROM transaction_search WHERE award_id = ${award.award_id} ORDER BY 1`);
    expect(tx.slice(1).map((r) => r[0]).sort()).toEqual([...keys].sort());
    expect(tx.slice(1).every((r) => r[1] === award.key)).toBe(true);
    // a column without a typed column comes from the transaction's own transaction_detail row
    const initial = tx[0]!.indexOf('initial_report_date');
    expect(initial).toBeGreaterThan(0);
    const details = await db.pool.any(sql.type(z.object({ k: z.string(), initial: z.string() }))`
      SELECT t.transaction_unique_id AS k, d.detail->>'initial_report_date' AS initial
      FROM transaction_search t JOIN transaction_detail d USING (transaction_id) WHERE t.award_id = ${award.award_id}`);
    expect(details).toHaveLength(award.n);
    expect(new Set(details.map((d) => d.initial)).size).toBeGreaterThan(1);
    expect(Object.fromEntries(tx.slice(1).map((r) => [r[0], r[initial]]))).toEqual(Object.fromEntries(details.map((d) => [d.k, d.initial])));
  });

  it('an IDV by its internal id: its orders and its own transactions', async () => {
    const idv = await db.pool.one(sql.type(z.object({ award_id: z.number(), piid: z.string(), orders: z.number() }))`
      SELECT p.award_id, p.piid, count(c.*)::int AS orders FROM award_search p JOIN award_search c ON c.parent_award_id = p.award_id
      WHERE p.category = 'idv' GROUP BY p.award_id ORDER BY count(c.*) DESC, p.award_id LIMIT 1`);
    const res = await http.post('/api/v2/download/idv/').send({ award_id: idv.award_id, file_format: 'pstxt' });
    expect(res.status).toBe(200);
    expect(res.body.file_name).toMatch(/^IDV_/);
    expect((await waitForStatus(res.body.file_name, ['finished', 'failed'])).status).toBe('finished');
    const entries = await fetchZip(res.body.file_name);
    const slug = idv.piid.replace(/[^\w]/g, '');
    const orders = parse(entries[`IDV_${slug}_Orders_1.txt`]!, { delimiter: '|' }) as string[][];
    expect(orders[0]).toEqual([...layoutColumns('idv_orders.d1')]);
    expect(orders).toHaveLength(idv.orders + 1);
    expect(Object.keys(entries)).toContain(`IDV_${slug}_TransactionHistory_1.txt`);
  });

  it('unknown awards and awards of another kind are 400, no job', async () => {
    const contract = await db.pool.oneFirst(sql.type(z.object({ k: z.string() }))`SELECT generated_unique_award_id AS k FROM award_search WHERE category = 'contract' LIMIT 1`);
    const before = await jobCount();
    const wrongKind = await http.post('/api/v2/download/assistance/').send({ award_id: contract });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.detail).toBe(`Award "${contract}" is not an assistance award.`);
    const unknown = await http.post('/api/v2/download/contract/').send({ award_id: 'CONT_AWD_NOPE_9700' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('No award with award_id "CONT_AWD_NOPE_9700".');
    const missing = await http.post('/api/v2/download/idv/').send({});
    expect(missing.status).toBe(422);
    expect(await jobCount()).toBe(before);
  });
});

describe('a job that cannot be written', () => {
  it('is reported failed with its message, once, without retries', async () => {
    // A job row the API would never accept (an unknown column), started as the API starts jobs.
    const fileName = 'PrimeAwardSummariesAndSubawards_2020-01-01_H00M00S00000001.zip';
    const request = { request_type: 'award', download_types: ['awards'], filters: {}, columns: ['no_such_column'], file_format: 'csv', limit: 10, timestamp: '2020-01-01_H00M00S00000001' };
    await db.pool.query(sql.unsafe`INSERT INTO download_job (file_name, request_type, json_request) VALUES (${fileName}, 'award', ${sql.jsonb(request)})`);
    const handle = await downloads.app.temporal.workflow.start('downloadWorkflow', { workflowId: fileName, taskQueue: downloads.app.taskQueue, args: [{ fileName }] });
    expect(await handle.result()).toBe('failed');
    const status = await waitForStatus(fileName, ['failed']);
    const bulk = await http.get('/api/v2/bulk_download/status').query({ file_name: fileName });
    expect({ ...bulk.body, file_url: undefined }).toEqual({ ...status, file_url: undefined }); // supertest: a new port per request
    expect(status).toMatchObject({ status: 'failed', total_rows: null, total_size: null, message: 'The download request cannot be run: Unknown columns: no_such_column.' });
    const attempts = (await handle.fetchHistory()).events?.filter((e) => e.activityTaskStartedEventAttributes).map((e) => e.activityTaskStartedEventAttributes?.attempt);
    expect(attempts).toEqual([1, 1, 1]); // startJob, writeFile (not retried), failJob
    if (process.env.DOWNLOAD_HISTORY_DIR) {
      writeFileSync(path.join(process.env.DOWNLOAD_HISTORY_DIR, 'download-failed.json'), `${historyToJSON(await handle.fetchHistory())}\n`);
    }
    const file = await http.get(`/api/v2/download/files/${fileName}`);
    expect(file.status).toBe(404);
  });
});

describe('an accepted job whose workflow never started (the process died in between)', () => {
  it('is started by resumeDownloads and finishes', async () => {
    const fileName = 'PrimeTransactionsAndSubawards_2020-01-01_H00M00S00000002.zip';
    const request = { request_type: 'transaction', download_types: ['prime_transactions'], filters: { award_type_codes: ['B'] }, columns: [], file_format: 'csv', limit: 3, timestamp: '2020-01-01_H00M00S00000002' };
    await db.pool.query(sql.unsafe`INSERT INTO download_job (file_name, request_type, json_request) VALUES (${fileName}, 'transaction', ${sql.jsonb(request)})`);
    expect(await resumeDownloads({ db: db.pool, ...downloads.app }, 0)).toEqual([fileName]);
    expect(await resumeDownloads({ db: db.pool, ...downloads.app }, 0)).toEqual([]);
    const status = await waitForStatus(fileName, ['finished', 'failed']);
    expect(status).toMatchObject({ status: 'finished', total_rows: 3, total_columns: layoutColumns('transaction_search.d1').length });
  });
});

describe('retention', () => {
  it('an hourly Temporal schedule runs the retention workflow; it deletes the files of old finished jobs only', async () => {
    const schedule = await downloads.app.temporal.schedule.getHandle(`download-retention-${downloads.app.taskQueue}`).describe();
    expect(schedule.spec.intervals?.map((i) => i.every)).toEqual([3_600_000]);
    expect(schedule.action).toMatchObject({ type: 'startWorkflow', workflowType: 'downloadRetentionWorkflow', args: [{ retentionHours: 168 }] });

    const res = await http.post('/api/v2/download/transactions/').send({ filters: { award_type_codes: ['C'] }, limit: 1 });
    const old: string = res.body.file_name;
    expect((await waitForStatus(old, ['finished'])).status).toBe('finished');
    const res2 = await http.post('/api/v2/download/transactions/').send({ filters: { award_type_codes: ['C'] }, limit: 2 });
    const recent: string = res2.body.file_name;
    await waitForStatus(recent, ['finished']);
    await db.pool.query(sql.unsafe`UPDATE download_job SET finished_at = now() - interval '169 hours' WHERE file_name = ${old}`);

    const handle = await downloads.app.temporal.workflow.start('downloadRetentionWorkflow', { workflowId: `retention-test-${Date.now()}`, taskQueue: downloads.app.taskQueue, args: [{ retentionHours: 168 }] });
    expect(await handle.result()).toBeGreaterThanOrEqual(1);
    expect((await http.get(`/api/v2/download/files/${old}`)).status).toBe(404);
    expect((await http.get(`/api/v2/download/files/${recent}`)).status).toBe(200);
    expect((await http.get('/api/v2/download/status').query({ file_name: old })).body.status).toBe('finished');
  });
});

describe('POST /api/v2/download/count/', () => {
  it('counts the rows of the level against the 500,000 limit', async () => {
    const res = await http.post('/api/v2/download/count/').send({ filters: { award_type_codes: ['A', 'B'] }, spending_level: 'awards' });
    expect(res.status).toBe(200);
    const n = await db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM award_search WHERE type IN ('A', 'B')`);
    expect(res.body).toEqual({
      calculated_transaction_count: n,
      maximum_transaction_limit: 500000,
      transaction_rows_gt_limit: false,
      calculated_count: n,
      spending_level: 'awards',
      maximum_limit: 500000,
      rows_gt_limit: false,
    });
  });
});

describe('POST /api/v2/bulk_download/awards/', () => {
  it('prime transactions of the prime types and subawards of the sub types, without a row limit', async () => {
    const res = await http.post('/api/v2/bulk_download/awards/').send({
      filters: { prime_award_types: ['A', 'B'], sub_award_types: ['grant'], date_type: 'action_date', date_range: { start_date: '2024-10-01', end_date: '2025-09-30' } },
      columns: ['contract_transaction_unique_key', 'action_date', 'prime_award_unique_key', 'subaward_number'],
    });
    expect(res.status).toBe(200);
    expect(res.body.file_name).toMatch(/^All_PrimeTransactionsAndSubawards_\d{4}-/);
    expect(res.body.download_request).toMatchObject({ request_type: 'bulk_award', limit: null, download_types: ['prime_transactions', 'sub_awards'], sub_award_types: ['grant'] });
    const status = await waitForStatus(res.body.file_name, ['finished', 'failed']);
    expect(status.status).toBe('finished');
    const entries = await fetchZip(res.body.file_name);
    // The files carry upstream's agency part, which is always `All` there.
    expect(Object.keys(entries).every((n) => n.startsWith('All_'))).toBe(true);
    const byPrefix = Object.fromEntries(Object.entries(entries).map(([n, text]) => [n.split('_').slice(1, 3).join('_'), parse(text) as string[][]]));
    expect(Object.keys(byPrefix).sort()).toEqual(['Assistance_Subawards', 'Contracts_PrimeTransactions']);
    const tx = await db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*)::int AS n FROM transaction_search WHERE is_fpds AND type IN ('A', 'B') AND action_date BETWEEN '2024-10-01' AND '2025-09-30'`);
    expect(tx).toBeGreaterThan(0);
    expect(byPrefix.Contracts_PrimeTransactions!.length - 1).toBe(tx);
    const subs = await db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*)::int AS n FROM subaward_search WHERE prime_award_group = 'grant' AND sub_action_date BETWEEN '2024-10-01' AND '2025-09-30'`);
    expect(subs).toBeGreaterThan(0);
    expect(byPrefix.Assistance_Subawards![0]).toEqual(['prime_award_unique_key', 'subaward_number']);
    expect(byPrefix.Assistance_Subawards!.length - 1).toBe(subs);
    expect(status.total_rows).toBe(tx + subs);
  });

  it('more than a year of dates is a 400, no job (as upstream)', async () => {
    const before = await jobCount();
    const res = await http.post('/api/v2/bulk_download/awards/').send({ filters: { prime_award_types: ['A'], date_type: 'action_date', date_range: { start_date: '2020-01-01', end_date: '2021-01-02' } } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'Invalid Parameter: date_range total days must be within a year', errors: [{ path: '/body/filters/date_range' }] });
    expect(await jobCount()).toBe(before);
    // 366 days (a leap year's worth) is still a year
    expect((await http.post('/api/v2/bulk_download/awards/').send({ filters: { prime_award_types: ['A'], date_type: 'action_date', date_range: { start_date: '2020-01-01', end_date: '2021-01-01' } } })).status).toBe(200);
  });

  it('no award types at all is a 400, no job', async () => {
    const before = await jobCount();
    const res = await http.post('/api/v2/bulk_download/awards/').send({ filters: { date_type: 'action_date', date_range: { start_date: '2020-01-01', end_date: '2020-12-31' } } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Select at least one of prime_award_types or sub_award_types.');
    expect(await jobCount()).toBe(before);
  });
});

describe('POST /api/v2/download/disaster/recipients/', () => {
  it('recipients of the COVID-19 funded awards, with the obligations and outlays of those codes', async () => {
    const res = await http.post('/api/v2/download/disaster/recipients/').send({ filters: { award_type_codes: ['07', '08'] } });
    expect(res.status).toBe(200);
    expect(res.body.file_name).toMatch(/^COVID-19_Recipients_Loans_\d{4}-/);
    const covid = await db.pool.anyFirst(sql.type(z.object({ code: z.string() }))`SELECT code FROM disaster_emergency_fund_code WHERE group_name = 'covid_19' ORDER BY code COLLATE "C"`);
    expect(res.body.download_request).toEqual({
      request_type: 'disaster_recipient', download_types: ['disaster_recipient'], award_category: 'Loans', file_format: 'csv',
      columns: ['recipient', 'award_obligations', 'award_outlays', 'face_value_of_loans', 'number_of_awards'],
      filters: { def_codes: [...covid], award_type_codes: ['07', '08'] },
    });
    expect((await waitForStatus(res.body.file_name, ['finished', 'failed'])).status).toBe('finished');
    const entries = await fetchZip(res.body.file_name);
    const [name] = Object.keys(entries);
    expect(name).toBe(res.body.file_name.replace(/\.zip$/, '.csv'));
    const rows = parse(entries[name!]!) as string[][];
    expect(rows[0]).toEqual(['recipient', 'award_obligations', 'award_outlays', 'face_value_of_loans', 'number_of_awards']);
    const expected = await db.pool.one(sql.type(z.object({ recipients: z.number(), awards: z.number(), obligation: z.string().nullable() }))`
      SELECT (SELECT count(*)::int FROM (SELECT DISTINCT r.recipient_name FROM award_search r WHERE r.disaster_emergency_fund_codes && ${sql.array([...covid], 'text')} AND r.type IN ('07', '08')) g) AS recipients, count(*)::int AS awards,
        (SELECT sum(d.obligation)::text FROM award_search b, jsonb_to_recordset(b.spending_by_defc) AS d(defc text, obligation numeric, outlay numeric)
         WHERE b.disaster_emergency_fund_codes && ${sql.array([...covid], 'text')} AND b.type IN ('07', '08') AND d.defc = ANY(${sql.array([...covid], 'text')})) AS obligation
      FROM award_search a WHERE a.disaster_emergency_fund_codes && ${sql.array([...covid], 'text')} AND a.type IN ('07', '08')`);
    expect(expected.awards).toBeGreaterThan(0);
    expect(rows.length - 1).toBe(expected.recipients);
    expect(rows.slice(1).reduce((n, r) => n + Number(r[4]), 0)).toBe(expected.awards);
    expect(rows.slice(1).reduce((n, r) => n + Number(r[1] || 0), 0)).toBeCloseTo(Number(expected.obligation ?? 0), 2);
  });

  it('unknown DEF codes are a 400, no job', async () => {
    const before = await jobCount();
    const res = await http.post('/api/v2/download/disaster/recipients/').send({ filters: { def_codes: ['QQ'] } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Unknown DEF code(s): QQ.');
    expect(await jobCount()).toBe(before);
  });
});

describe('POST /api/v2/bulk_download/list_agencies/', () => {
  it('award agencies: CFO agencies first in CFO order, others by name; one agency: its subtiers', async () => {
    const res = await http.post('/api/v2/bulk_download/list_agencies/').send({ type: 'award_agencies' });
    expect(res.status).toBe(200);
    const expected = await db.pool.any(sql.type(z.object({ toptier_code: z.string(), name: z.string(), toptier_agency_id: z.number() }))`
      SELECT t.toptier_code, t.name, t.toptier_agency_id FROM toptier_agency t
      WHERE EXISTS (SELECT 1 FROM agency a WHERE a.toptier_agency_id = t.toptier_agency_id AND a.subtier_agency_id IS NOT NULL AND a.user_selectable)`);
    const all = [...res.body.agencies.cfo_agencies, ...res.body.agencies.other_agencies];
    expect(all).toHaveLength(expected.length);
    expect(new Set(all.map((a: { toptier_code: string }) => a.toptier_code))).toEqual(new Set(expected.map((e) => e.toptier_code)));
    expect(res.body.agencies.cfo_agencies.length).toBeGreaterThan(5);
    expect(res.body.agencies.cfo_agencies[0].toptier_code).toBe('012');
    const others = res.body.agencies.other_agencies.map((a: { name: string }) => a.name);
    expect(others).toEqual([...others].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(res.body.sub_agencies).toEqual([]);

    const agency = res.body.agencies.cfo_agencies[0];
    const subs = await http.post('/api/v2/bulk_download/list_agencies/').send({ type: 'award_agencies', agency: agency.toptier_agency_id });
    const names = await db.pool.anyFirst(sql.type(z.object({ n: z.string() }))`
      SELECT DISTINCT s.name AS n FROM agency a JOIN subtier_agency s USING (subtier_agency_id) WHERE a.toptier_agency_id = ${agency.toptier_agency_id} AND a.user_selectable ORDER BY 1`);
    expect(subs.body).toEqual({ agencies: { cfo_agencies: [], other_agencies: [] }, sub_agencies: names.map((n) => ({ subtier_agency_name: n })) });
    expect(names.length).toBeGreaterThan(0);

    const bad = await http.post('/api/v2/bulk_download/list_agencies/').send({ type: 'nope' });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/v2/download/accounts/', () => {
  const num = z.object({ n: z.number() });
  /** The fiscal year with the most award financial rows: the one the account tests download. */
  const busiestYear = () => db.pool.oneFirst(sql.type(num)`
    SELECT s.reporting_fiscal_year AS n FROM financial_accounts_by_awards f JOIN submission_attributes s USING (submission_id)
    GROUP BY 1 ORDER BY count(*) DESC, 1 DESC LIMIT 1`);
  /**
   * The submissions of the year's last period (balances are cumulative): each agency's latest submission of the
   * year, when it is of period 12 (monthly) or the fourth quarter (quarterly); an agency that stopped earlier is out.
   */
  const latestSubmissions = (fy: number) => db.pool.anyFirst(sql.type(num)`
    SELECT n FROM (
      SELECT DISTINCT ON (toptier_code) submission_id AS n, reporting_fiscal_period AS period FROM submission_attributes
      WHERE reporting_fiscal_year = ${fy}
      ORDER BY toptier_code, reporting_fiscal_period DESC, published_date DESC NULLS LAST, submission_id DESC) l
    WHERE period = 12`);

  it('by TAS: balances and object class rows of the year\'s last period, the award financial rows of the year that are not all zero, in the upstream layouts', async () => {
    const fy = await busiestYear();
    const res = await http.post('/api/v2/download/accounts/').send({ account_level: 'treasury_account', filters: { fy: String(fy), quarter: 4, submission_types: ['award_financial', 'account_balances', 'object_class_program_activity'] } });
    expect(res.status).toBe(200);
    const fileName: string = res.body.file_name;
    expect(fileName).toMatch(new RegExp(`^FY${fy}Q1-Q4_All_TAS_AccountData_\\d{4}-\\d{2}-\\d{2}_H\\d{2}M\\d{2}S\\d{8}\\.zip$`));
    expect(res.body.download_request).toEqual({
      request_type: 'account', account_level: 'treasury_account', download_types: ['account_balances', 'object_class_program_activity', 'award_financial'],
      file_format: 'csv', columns: [], agency: 'all', filters: { fy, quarter: 4 },
    });
    expect((await waitForStatus(fileName, ['finished', 'failed'])).status).toBe('finished');
    const entries = await fetchZip(fileName);
    const ts = fileName.replace(/^.*_AccountData_/, '').replace(/\.zip$/, '');
    // File C in three files, as upstream: the rows of contract awards, of assistance awards, and of no award
    expect(Object.keys(entries)).toEqual([
      `FY${fy}Q1-Q4_All_TAS_AccountBalances_${ts}_1.csv`, `FY${fy}Q1-Q4_All_TAS_AccountBreakdownByPA-OC_${ts}_1.csv`,
      `FY${fy}Q1-Q4_All_TAS_Contracts_AccountBreakdownByAward_${ts}_1.csv`, `FY${fy}Q1-Q4_All_TAS_Assistance_AccountBreakdownByAward_${ts}_1.csv`,
      `FY${fy}Q1-Q4_All_TAS_Unlinked_AccountBreakdownByAward_${ts}_1.csv`,
    ]);

    const balances = parse(entries[`FY${fy}Q1-Q4_All_TAS_AccountBalances_${ts}_1.csv`]!) as string[][];
    expect(balances[0]).toEqual([...layoutColumns('account_balances.treasury_account')]);
    const at = (header: string[], name: string) => header.indexOf(name);
    const gotBalances = balances.slice(1)
      .map((r) => [r[at(balances[0]!, 'treasury_account_symbol')]!, r[at(balances[0]!, 'obligations_incurred')]!, r[at(balances[0]!, 'total_budgetary_resources')]!, r[at(balances[0]!, 'federal_account_symbol')]!])
      .sort(byText);
    const latest = await latestSubmissions(fy);
    const expectedBalances = (await db.pool.any(sql.type(z.object({ tas: z.string(), obligation: z.string(), resources: z.string(), fa: z.string() }))`
      SELECT t.tas_rendering_label AS tas, coalesce(b.obligations_incurred_total_by_tas_cpe::text, '') AS obligation,
        coalesce(b.total_budgetary_resources_amount_cpe::text, '') AS resources, coalesce(f.federal_account_code, '') AS fa
      FROM appropriation_account_balances b
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_identifier
      LEFT JOIN federal_account f ON f.id = t.federal_account_id
      WHERE b.submission_id = ANY(${sql.array([...latest], 'int4')})`)).map((r) => [r.tas, r.obligation, r.resources, r.fa]).sort(byText);
    expect(expectedBalances.length).toBeGreaterThan(5);
    expect(gotBalances).toEqual(expectedBalances);

    const breakdown = parse(entries[`FY${fy}Q1-Q4_All_TAS_AccountBreakdownByPA-OC_${ts}_1.csv`]!) as string[][];
    expect(breakdown[0]).toEqual([...layoutColumns('object_class_program_activity.treasury_account')]);
    const gotBreakdown = breakdown.slice(1)
      .map((r) => [r[at(breakdown[0]!, 'treasury_account_symbol')]!, r[at(breakdown[0]!, 'program_activity_code')]!, r[at(breakdown[0]!, 'object_class_code')]!, r[at(breakdown[0]!, 'disaster_emergency_fund_code')]!, r[at(breakdown[0]!, 'obligations_incurred')]!])
      .sort(byText);
    const expectedBreakdown = (await db.pool.any(sql.type(z.object({ tas: z.string(), pa: z.string(), oc: z.string(), defc: z.string(), obligation: z.string() }))`
      SELECT t.tas_rendering_label AS tas, coalesce(p.program_activity_code, '') AS pa, coalesce(o.object_class, '') AS oc,
        coalesce(b.disaster_emergency_fund_code, '') AS defc, coalesce(b.obligations_incurred_by_program_object_class_cpe::text, '') AS obligation
      FROM financial_accounts_by_program_activity_object_class b
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_id
      LEFT JOIN ref_program_activity p ON p.id = b.program_activity_id
      LEFT JOIN object_class o ON o.id = b.object_class_id
      WHERE b.submission_id = ANY(${sql.array([...latest], 'int4')})`)).map((r) => [r.tas, r.pa, r.oc, r.defc, r.obligation]).sort(byText);
    expect(expectedBreakdown.length).toBeGreaterThan(5);
    expect(gotBreakdown).toEqual(expectedBreakdown);

    const parts = ['Contracts', 'Assistance', 'Unlinked'].map((part) => parse(entries[`FY${fy}Q1-Q4_All_TAS_${part}_AccountBreakdownByAward_${ts}_1.csv`]!) as string[][]);
    for (const part of parts) expect(part[0]).toEqual([...layoutColumns('award_financial.treasury_account')]);
    const keyAt = parts[0]![0]!.indexOf('award_unique_key');
    const [contracts, assistance, unlinked] = parts.map((p) => p.slice(1));
    for (const [rows, prefix] of [[contracts!, 'CONT_'], [assistance!, 'ASST_']] as const) {
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => !r[keyAt]!.startsWith(prefix))).toEqual([]);
    }
    expect(unlinked!.length).toBeGreaterThan(0);
    expect(unlinked!.filter((r) => r[keyAt] !== '')).toEqual([]);
    const awards = [parts[0]![0]!, ...contracts!, ...assistance!, ...unlinked!];
    // every File C row of the year with an obligation, outlay or refund that is not zero (upstream's nonzero filter)
    const nonzero = (f: string) => sql.fragment`(coalesce(${sql.identifier([f, 'transaction_obligated_amount'])}, 0) <> 0
      OR coalesce(${sql.identifier([f, 'gross_outlay_amount_by_award_cpe'])}, 0) <> 0
      OR coalesce(${sql.identifier([f, 'ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe'])}, 0) <> 0
      OR coalesce(${sql.identifier([f, 'ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe'])}, 0) <> 0)`;
    const expectedAwards = await db.pool.one(sql.type(z.object({ rows: z.number(), zero: z.number(), obligation: z.string(), keys: z.array(z.string()) }))`
      SELECT count(*) FILTER (WHERE ${nonzero('f')})::int AS rows, count(*) FILTER (WHERE NOT ${nonzero('f')})::int AS zero,
        sum(f.transaction_obligated_amount)::text AS obligation,
        array(SELECT DISTINCT a.generated_unique_award_id FROM financial_accounts_by_awards g JOIN submission_attributes u USING (submission_id)
              JOIN award_search a ON a.award_id = g.award_id WHERE u.reporting_fiscal_year = ${fy} AND ${nonzero('g')} ORDER BY 1) AS keys
      FROM financial_accounts_by_awards f JOIN submission_attributes s USING (submission_id) WHERE s.reporting_fiscal_year = ${fy}`);
    expect(expectedAwards.zero).toBeGreaterThan(0);
    expect(awards.length - 1).toBe(expectedAwards.rows);
    const obligations = awards.slice(1).reduce((sum, r) => sum + Math.round(Number(r[at(awards[0]!, 'transaction_obligated_amount')] || 0) * 100), 0);
    expect(obligations).toBe(Math.round(Number(expectedAwards.obligation) * 100));
    const keys = [...new Set(awards.slice(1).map((r) => r[at(awards[0]!, 'award_unique_key')]!).filter((k) => k !== ''))].sort();
    expect(keys).toEqual(expectedAwards.keys);
  });

  it('by federal account: File B amounts of the TAS added up per account, one agency, DEF codes, chosen columns, tsv', async () => {
    const fy = await busiestYear();
    const latest = await latestSubmissions(fy);
    const pick = await db.pool.one(sql.type(z.object({ agency_id: z.number(), code: z.string(), defc: z.string() }))`
      SELECT t.funding_toptier_agency_id AS agency_id, a.toptier_code AS code, b.disaster_emergency_fund_code AS defc
      FROM financial_accounts_by_program_activity_object_class b
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_id
      JOIN toptier_agency a ON a.toptier_agency_id = t.funding_toptier_agency_id
      WHERE b.submission_id = ANY(${sql.array([...latest], 'int4')}) AND b.disaster_emergency_fund_code IS NOT NULL
      GROUP BY 1, 2, 3 ORDER BY count(*) DESC, 2, 3 LIMIT 1`);
    const columns = ['obligations_incurred', 'federal_account_symbol', 'object_class_code', 'disaster_emergency_fund_code'];
    const res = await http.post('/api/v2/download/accounts/').send({
      account_level: 'federal_account', file_format: 'tsv', columns,
      filters: { fy, period: '12', agency: String(pick.agency_id), submission_type: 'object_class_program_activity', def_codes: [pick.defc] },
    });
    expect(res.status).toBe(200);
    const fileName: string = res.body.file_name;
    expect(fileName).toMatch(new RegExp(`^FY${fy}P01-P12_${pick.code}_FA_AccountBreakdownByPA-OC_`));
    expect(res.body.download_request).toMatchObject({ agency: String(pick.agency_id), filters: { fy, period: 12, agency: String(pick.agency_id), def_codes: [pick.defc] } });
    expect((await waitForStatus(fileName, ['finished', 'failed'])).status).toBe('finished');
    const entries = await fetchZip(fileName);
    const ts = fileName.replace(/^.*_AccountBreakdownByPA-OC_/, '').replace(/\.zip$/, '');
    const text = entries[`FY${fy}P01-P12_${pick.code}_FA_AccountBreakdownByPA-OC_${ts}_1.tsv`];
    expect(text).toBeDefined();
    const rows = parse(text!, { delimiter: '\t' }) as string[][];
    expect(rows[0]).toEqual(['federal_account_symbol', 'object_class_code', 'disaster_emergency_fund_code', 'obligations_incurred']);
    const expected = (await db.pool.any(sql.type(z.object({ fa: z.string(), oc: z.string(), obligation: z.string() }))`
      SELECT coalesce(f.federal_account_code, '') AS fa, coalesce(o.object_class, '') AS oc, coalesce(sum(b.obligations_incurred_by_program_object_class_cpe)::text, '') AS obligation
      FROM financial_accounts_by_program_activity_object_class b
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_id
      LEFT JOIN federal_account f ON f.id = t.federal_account_id
      LEFT JOIN object_class o ON o.id = b.object_class_id
      WHERE b.submission_id = ANY(${sql.array([...latest], 'int4')}) AND t.funding_toptier_agency_id = ${pick.agency_id} AND b.disaster_emergency_fund_code = ${pick.defc}
      GROUP BY 1, 2`)).map((r) => [r.fa, r.oc, pick.defc, r.obligation]).sort(byText);
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.slice(1).sort(byText)).toEqual(expected);
  });
  it('by federal account: award financial rows of the TAS added up per account and award, the same total', async () => {
    const fy = await busiestYear();
    const res = await http.post('/api/v2/download/accounts/').send({ account_level: 'federal_account', filters: { fy, quarter: '4', submission_types: ['award_financial'] } });
    expect(res.status).toBe(200);
    expect((await waitForStatus(res.body.file_name, ['finished', 'failed'])).status).toBe('finished');
    const entries = await fetchZip(res.body.file_name);
    expect(Object.keys(entries).map((n) => n.replace(/_\d{4}-\d{2}-\d{2}_H\d{2}M\d{2}S\d{8}_1\.csv$/, ''))).toEqual(
      ['Contracts', 'Assistance', 'Unlinked'].map((part) => `FY${fy}Q1-Q4_All_FA_${part}_AccountBreakdownByAward`));
    const files = Object.values(entries).map((text) => parse(text) as string[][]);
    for (const file of files) expect(file[0]).toEqual([...layoutColumns('award_financial.federal_account')]);
    const rows = [files[0]![0]!, ...files.flatMap((f) => f.slice(1))];
    const at = rows[0]!.indexOf('transaction_obligated_amount');
    const expected = await db.pool.one(sql.type(z.object({ obligation: z.string(), groups: z.number() }))`
      SELECT sum(f.transaction_obligated_amount)::text AS obligation,
        count(DISTINCT (t.federal_account_id, s.submission_id, f.award_id, f.program_activity_id, f.object_class_id, f.disaster_emergency_fund_code))::int AS groups
      FROM financial_accounts_by_awards f JOIN submission_attributes s USING (submission_id)
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = f.treasury_account_id WHERE s.reporting_fiscal_year = ${fy}`);
    expect(rows.slice(1).reduce((sum, r) => sum + Math.round(Number(r[at] || 0) * 100), 0)).toBe(Math.round(Number(expected.obligation) * 100));
    expect(rows.length - 1).toBeLessThanOrEqual(expected.groups);
    expect(rows.length - 1).toBeGreaterThan(0);
  });
});

describe('POST /api/v2/download/disaster/', () => {
  it('the COVID-19 profile zip: GTAS balances, File B rows, prime awards and subawards of the COVID-19 codes', async () => {
    const res = await http.post('/api/v2/download/disaster/').send({});
    expect(res.status).toBe(200);
    const fileName: string = res.body.file_name;
    expect(fileName).toMatch(/^COVID-19_Profile_\d{4}-\d{2}-\d{2}_H\d{2}M\d{2}S\d{8}\.zip$/);
    const covid = [...await db.pool.anyFirst(sql.type(z.object({ code: z.string() }))`SELECT code FROM disaster_emergency_fund_code WHERE group_name = 'covid_19' ORDER BY code COLLATE "C"`)];
    const latest = await db.pool.one(sql.type(z.object({ fy: z.number(), period: z.number() }))`
      SELECT submission_fiscal_year AS fy, submission_fiscal_month AS period FROM dabs_submission_window_schedule
      WHERE NOT is_quarter AND submission_reveal_date <= now() ORDER BY 1 DESC, 2 DESC LIMIT 1`);
    expect(res.body.download_request).toEqual({
      request_type: 'disaster', file_format: 'csv',
      filters: { def_codes: covid, latest_fiscal_year: String(latest.fy), latest_fiscal_period: String(latest.period), start_date: '2020-04-01' },
    });
    expect((await waitForStatus(fileName, ['finished', 'failed'])).status).toBe('finished');
    const entries = await fetchZip(fileName);
    const short = fileName.replace(/^COVID-19_Profile_/, '').replace(/\.zip$/, '').slice(0, -6);
    const stem = `FY${latest.fy}P${String(latest.period).padStart(2, '0')}-Present_All_TAS`;
    expect(Object.keys(entries).sort()).toEqual([
      `Assistance_PrimeAwardSummaries_${short}_1.csv`, `Assistance_Subawards_${short}_1.csv`, `Contracts_PrimeAwardSummaries_${short}_1.csv`, `Contracts_Subawards_${short}_1.csv`,
      `${stem}_AccountBalances_${short}_1.csv`, `${stem}_AccountBreakdownByPA-OC_${short}_1.csv`,
    ]);
    const codes = sql.array(covid, 'text');

    const gtas = parse(entries[`${stem}_AccountBalances_${short}_1.csv`]!) as string[][];
    expect(gtas[0]).toEqual([...layoutColumns('gtas_balances.treasury_account')]);
    const col = (rows: string[][], name: string) => rows[0]!.indexOf(name);
    const expectedGtas = (await db.pool.any(sql.type(z.object({ tas: z.string(), defc: z.string(), obligation: z.string() }))`
      SELECT coalesce(t.tas_rendering_label, '') AS tas, g.disaster_emergency_fund_code AS defc, coalesce(g.obligations_incurred_total_cpe::text, '') AS obligation
      FROM gtas_sf133_balances g LEFT JOIN treasury_appropriation_account t USING (treasury_account_identifier)
      WHERE g.fiscal_year = ${latest.fy} AND g.fiscal_period = ${latest.period} AND g.disaster_emergency_fund_code = ANY(${codes})`))
      .map((r) => [r.tas, r.defc, r.obligation]).sort(byText);
    expect(expectedGtas.length).toBeGreaterThan(0);
    expect(gtas.slice(1).map((r) => [r[col(gtas, 'treasury_account_symbol')]!, r[col(gtas, 'disaster_emergency_fund_code')]!, r[col(gtas, 'obligations_incurred')]!]).sort(byText)).toEqual(expectedGtas);

    const fileB = parse(entries[`${stem}_AccountBreakdownByPA-OC_${short}_1.csv`]!) as string[][];
    expect(fileB[0]).toEqual([...layoutColumns('object_class_program_activity.treasury_account')]);
    const expectedB = await db.pool.one(sql.type(z.object({ rows: z.number(), obligation: z.string().nullable() }))`
      WITH latest AS (
        SELECT DISTINCT ON (toptier_code, reporting_fiscal_year) submission_id, reporting_fiscal_year, reporting_fiscal_period FROM submission_attributes
        WHERE reporting_fiscal_year >= 2020 AND (reporting_fiscal_year, reporting_fiscal_period) <= (${latest.fy}, ${latest.period})
        ORDER BY toptier_code, reporting_fiscal_year, reporting_fiscal_period DESC, published_date DESC NULLS LAST, submission_id DESC)
      SELECT count(*)::int AS rows, sum(b.obligations_incurred_by_program_object_class_cpe)::text AS obligation
      FROM financial_accounts_by_program_activity_object_class b JOIN latest l USING (submission_id)
      WHERE b.disaster_emergency_fund_code = ANY(${codes}) AND (l.reporting_fiscal_year, l.reporting_fiscal_period) >= (2020, 7)`);
    expect(expectedB.rows).toBeGreaterThan(0);
    expect(fileB.length - 1).toBe(expectedB.rows);
    expect(fileB.slice(1).reduce((sum, r) => sum + Math.round(Number(r[col(fileB, 'obligations_incurred')] || 0) * 100), 0)).toBe(Math.round(Number(expectedB.obligation ?? 0) * 100));

    const contracts = parse(entries[`Contracts_PrimeAwardSummaries_${short}_1.csv`]!) as string[][];
    expect(contracts[0]).toEqual([...layoutColumns('award.d1')]);
    const expectedKeys = await db.pool.anyFirst(sql.type(z.object({ key: z.string() }))`
      SELECT generated_unique_award_id AS key FROM award_search WHERE is_fpds AND disaster_emergency_fund_codes && ${codes} ORDER BY 1`);
    expect(expectedKeys.length).toBeGreaterThan(0);
    expect(contracts.slice(1).map((r) => r[col(contracts, 'contract_award_unique_key')]!).sort()).toEqual([...expectedKeys]);
    const assistance = parse(entries[`Assistance_PrimeAwardSummaries_${short}_1.csv`]!) as string[][];
    expect(assistance[0]).toEqual([...layoutColumns('award.d2')]);
  });

  it('a code outside COVID-19 is a 400, no job', async () => {
    const before = await jobCount();
    const res = await http.post('/api/v2/download/disaster/').send({ filters: { def_codes: ['Z'] } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^Not COVID-19 DEF code\(s\): Z\./);
    const bad = await http.post('/api/v2/download/disaster/').send({ filters: { def_codes: 'L' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/def_codes/);
    expect(await jobCount()).toBe(before);
  });
});

describe('an identical request', () => {
  it('is answered with the job that has it, until the data changes or the job fails', async () => {
    const body = { account_level: 'treasury_account', file_format: 'csv', filters: { fy: 2020, quarter: 2, submission_types: ['account_balances'] } };
    const first = await http.post('/api/v2/download/accounts/').send(body);
    expect(first.status).toBe(200);
    const before = await jobCount();
    // The same request with its keys in another order, numbers as strings, the default file_format left out.
    const same = await http.post('/api/v2/download/accounts/').send({ filters: { submission_types: ['account_balances'], quarter: '2', fy: '2020' }, account_level: 'treasury_account' });
    const withoutHost = (b: Record<string, unknown>) => ({ ...b, status_url: undefined, file_url: undefined }); // supertest: a new port per request
    expect(withoutHost(same.body)).toEqual(withoutHost(first.body));
    expect(same.body.file_url).toMatch(new RegExp(`/api/v2/download/files/${first.body.file_name}$`));
    expect(await jobCount()).toBe(before);
    const other = await http.post('/api/v2/download/accounts/').send({ ...body, file_format: 'tsv' });
    expect(other.body.file_name).not.toBe(first.body.file_name);
    expect(await jobCount()).toBe(before + 1);

    await waitForStatus(first.body.file_name, ['finished']);
    expect((await http.post('/api/v2/download/accounts/').send(body)).body.file_name).toBe(first.body.file_name);
    // A data load (any write to the tables the log watches) makes every earlier job stale.
    await db.pool.query(sql.unsafe`UPDATE toptier_agency SET name = name WHERE false`);
    const afterLoad = await http.post('/api/v2/download/accounts/').send(body);
    expect(afterLoad.body.file_name).not.toBe(first.body.file_name);
    await waitForStatus(afterLoad.body.file_name, ['finished']);
    // A failed job is never the answer.
    await db.pool.query(sql.unsafe`UPDATE download_job SET status = 'failed' WHERE file_name = ${afterLoad.body.file_name}`);
    const afterFailure = await http.post('/api/v2/download/accounts/').send(body);
    expect([first.body.file_name, afterLoad.body.file_name]).not.toContain(afterFailure.body.file_name);
    await waitForStatus(afterFailure.body.file_name, ['finished']);
  });
});

describe('bad input: JSON 4xx, no job created', () => {
  it.each([
    ['unknown column', '/api/v2/download/awards/', { filters: {}, columns: ['no_such_column'] }, 400, /Unknown columns: no_such_column/],
    ['bad file_format', '/api/v2/download/awards/', { filters: {}, file_format: 'xlsx' }, 400, /file_format/],
    ['missing filters', '/api/v2/download/transactions/', { columns: [] }, 422, /filters/],
    ['limit over 500,000', '/api/v2/download/transactions/', { filters: {}, limit: 500001 }, 400, /limit/],
    ['unknown DEF code', '/api/v2/download/awards/', { filters: { def_codes: ['ZZ'] } }, 400, /Unknown DEF code/],
    ['accounts: quarter and period', '/api/v2/download/accounts/', { account_level: 'treasury_account', filters: { fy: '2020', quarter: '1', period: '3', submission_types: ['account_balances'] } }, 400, /either filters.quarter or filters.period/],
    ['accounts: neither quarter nor period', '/api/v2/download/accounts/', { account_level: 'treasury_account', filters: { fy: 2020, submission_types: ['account_balances'] } }, 400, /either filters.quarter or filters.period/],
    ['accounts: no submission type', '/api/v2/download/accounts/', { account_level: 'federal_account', filters: { fy: 2020, quarter: 1 } }, 400, /submission_types/],
    ['accounts: period 1', '/api/v2/download/accounts/', { account_level: 'treasury_account', filters: { fy: 2020, period: '1', submission_type: 'award_financial' } }, 400, /period/],
    ['accounts: bad fy', '/api/v2/download/accounts/', { account_level: 'treasury_account', filters: { fy: '20x0', quarter: 1, submission_type: 'award_financial' } }, 400, /fy/],
    ['accounts: unknown agency', '/api/v2/download/accounts/', { account_level: 'treasury_account', filters: { fy: 2020, quarter: 1, agency: 'NOPE', submission_type: 'award_financial' } }, 400, /Unknown agency: NOPE/],
    ['accounts: unknown federal account', '/api/v2/download/accounts/', { account_level: 'federal_account', filters: { fy: 2020, quarter: 1, federal_account: 999999999, submission_type: 'award_financial' } }, 400, /Unknown federal account: 999999999/],
    ['accounts: unknown DEF code', '/api/v2/download/accounts/', { account_level: 'treasury_account', filters: { fy: 2020, quarter: 1, def_codes: ['ZZ'], submission_type: 'award_financial' } }, 400, /Unknown DEF code\(s\): ZZ/],
    ['accounts: a TAS column in a federal account file', '/api/v2/download/accounts/', { account_level: 'federal_account', columns: ['treasury_account_symbol'], filters: { fy: 2020, quarter: 1, submission_type: 'account_balances' } }, 400, /Unknown columns: treasury_account_symbol/],
    ['accounts: bad account_level', '/api/v2/download/accounts/', { account_level: 'agency', filters: { fy: 2020, quarter: 1, submission_type: 'account_balances' } }, 400, /account_level/],
    ['accounts: missing account_level', '/api/v2/download/accounts/', { filters: { fy: 2020, quarter: 1, submission_type: 'account_balances' } }, 422, /account_level/],
    ['accounts: empty body', '/api/v2/download/accounts/', {}, 422, /account_level|filters/],
    ['bad date', '/api/v2/download/awards/', { filters: { time_period: [{ start_date: '2020-13-01', end_date: '2021-01-01' }] } }, 400, /date/],
  ])('%s', async (_name, url, body, code, detail) => {
    const before = await jobCount();
    const res = await http.post(url).send(body);
    expect(res.status).toBe(code);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.detail).toMatch(detail);
    expect(await jobCount()).toBe(before);
  });

  it('status: unknown file_name is 404, a path is 400, none is 400', async () => {
    const unknown = await http.get('/api/v2/download/status').query({ file_name: 'PrimeAwardSummariesAndSubawards_2020-01-01_H00M00S00000000.zip' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toMatch(/No download job named/);
    const traversal = await http.get('/api/v2/download/status').query({ file_name: '../../etc/passwd.zip' });
    expect(traversal.status).toBe(400);
    expect(traversal.body.detail).toMatch(/Invalid file_name/);
    const missing = await http.get('/api/v2/download/status');
    expect([400, 422]).toContain(missing.status);
    expect(missing.body.detail).toMatch(/file_name/);
  });

  it('files: no traversal, no listing, nothing but finished jobs', async () => {
    for (const url of ['/api/v2/download/files/..%2F..%2Fetc%2Fpasswd', '/api/v2/download/files/.hidden.zip', '/api/v2/download/files/a..zip']) {
      const res = await http.get(url);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBeDefined();
    }
    const partial = readdirSync(path.join(dataDir, 'downloads')).filter((n) => n.startsWith('.'));
    expect(partial).toEqual([]);
    const listing = await http.get('/api/v2/download/files/');
    expect(listing.status).toBe(404);
    const unknown = await http.get('/api/v2/download/files/Nothing_2020-01-01_H00M00S00000000.zip');
    expect(unknown.status).toBe(404);
  });
});
