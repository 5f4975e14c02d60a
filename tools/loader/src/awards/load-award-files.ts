import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import { LEVEL_COLUMNS } from '@usas/filters';
import { clearDerivedPending, clearDeriveScope, deriveScoped, refreshSearchSummaries } from '@usas/read-model';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataFileError } from '../csv';
import {
  AWARD_TYPE_ROWS, awardFromTransactionColumns, fileCJoins, fileCLists, awardSummaryColumns, subawardColumns, transactionColumns,
  typeExpression, type ColumnMapping,
} from './award-file-mapping';
import { businessCategoryInputs } from './business-categories';
import { columnRules, ruleAccepts, ruleReason, ruleReports, ruleValue } from './column-rules';
import { detectLayout, type AwardFileLayout, type LayoutName } from './layouts';
import { dropSecondaryIndexes, shouldRebuild } from './secondary-indexes';
import { SourceColumns } from './source-columns';
import { listZipEntries, openZipEntry } from './zip-reader';

/** Problems that stop one award file as a whole (unreadable, unknown layout, not CSV); nothing of it is loaded. */
export class AwardFileError extends Error {
  constructor(
    readonly problems: DataFileError[],
    readonly total: number,
  ) {
    super([...problems.map((p) => p.message), ...(total > problems.length ? [`... and ${total - problems.length} more problem(s)`] : [])].join('\n'));
    this.name = 'AwardFileError';
  }
}

/**
 * What one file did. `rows` (records read) = `inserted` + `updated` + `unchanged` + `rejected`, except for a
 * file rejected as a whole before its rows were read (`status` `failed`, every count 0).
 */
export interface AwardFileResult {
  file: string;
  layout: LayoutName | null;
  /**
   * `loaded`: every row written or found as it was; `partial`: some rows rejected, the others loaded; `rejected`:
   * every row rejected; `failed`: the file could not be read as a file of a known layout, nothing of it loaded.
   */
  status: 'loaded' | 'partial' | 'rejected' | 'failed';
  rows: number;
  inserted: number;
  updated: number;
  /** Rows found in the database as the file has them (passed over by fingerprint, or compared value by value). */
  unchanged: number;
  /** Rows not loaded: those with a problem and, in transaction files, the other rows of their awards. */
  rejected: number;
  /** The first problems (file, line, reason), in file order; `problemCount` counts them all. */
  problems: DataFileError[];
  problemCount: number;
  /** Values loaded in a normal form (FIPS codes such as `11001.0`, date-times in date columns), per column. */
  normalised: NormalisedValues[];
  seconds: number;
}

export interface LoadAwardFilesResult {
  files: AwardFileResult[];
  derive: Array<{ step: string; changed: number; seconds: number }>;
  /** Rows rejected over all files, plus one per file that failed as a whole: 0 when everything was loaded. */
  rejected: number;
  seconds: number;
}

export interface LoadAwardFilesOptions {
  /** Day the derived "last 12 months" figures are computed for (YYYY-MM-DD); default today. */
  asOf?: string;
  /** Skip the derive step (the caller derives later). */
  skipDerive?: boolean;
  onFile?: (file: string, layout: LayoutName) => void;
  /** Each file's outcome, as soon as it is committed or rejected. */
  onFileDone?: (result: AwardFileResult) => void;
  /** Timing of each phase of a load: stage, validate, map, table writes, index rebuild, derive steps (benchmarks). */
  onStep?: (step: string, seconds: number) => void;
  /**
   * Secondary indexes of the target tables: `auto` (default) drops and rebuilds them inside the file's
   * transaction when the file is large next to the table, `keep` never does, `rebuild` always does.
   */
  indexes?: IndexMode;
}

export type IndexMode = 'auto' | 'keep' | 'rebuild';

interface Source {
  label: string;
  open: () => Promise<Readable>;
  /** Why the source cannot be read at all (an archive that is not a zip, a zip without CSV files). */
  unreadable?: string;
}

const MAX_REPORTED = 20;

/** The CSV sources of the files given: a CSV file itself, each CSV entry of a zip. */
async function expandSources(files: string[]): Promise<Source[]> {
  const out: Source[] = [];
  const fail = (file: string, reason: string): Source => ({ label: file, open: () => Promise.reject(new Error(reason)), unreadable: reason });
  for (const file of files) {
    if (/\.zip$/i.test(file)) {
      let entries;
      try {
        entries = await listZipEntries(file);
      } catch (error) {
        out.push(fail(file, `unreadable zip: ${(error as Error).message}`));
        continue;
      }
      const csvs = entries.filter((e) => /\.csv$/i.test(e.name));
      if (csvs.length === 0) out.push(fail(file, 'the zip holds no .csv file'));
      for (const entry of csvs) out.push({ label: `${file}/${entry.name}`, open: () => openZipEntry(file, entry) });
    } else {
      out.push({ label: file, open: async () => createReadStream(file) });
    }
  }
  return out;
}

/** The header row of a CSV stream (the first line; headers never span lines). */
async function readHeader(source: Source): Promise<string[]> {
  if (source.unreadable !== undefined) throw new AwardFileError([new DataFileError(source.label, undefined, source.unreadable)], 1);
  let text = '';
  try {
    const stream = await source.open();
    try {
      for await (const chunk of stream) {
        text += (chunk as Buffer).toString('utf8');
        if (text.includes('\n') || text.length > 1_000_000) break;
      }
    } finally {
      stream.destroy();
    }
  } catch (error) {
    throw new AwardFileError([new DataFileError(source.label, undefined, `unreadable file: ${(error as Error).message}`)], 1);
  }
  const line = text.split(/\r?\n/, 1)[0]?.replace(/^\uFEFF/, '') ?? '';
  if (line.trim() === '') throw new AwardFileError([new DataFileError(source.label, 1, 'file is empty (no header row)')], 1);
  try {
    const [header] = parse(line, { relax_quotes: false }) as string[][];
    return (header ?? []).map((h) => h.trim());
  } catch (error) {
    throw new AwardFileError([new DataFileError(source.label, 1, `unreadable header: ${(error as Error).message}`)], 1);
  }
}

const typeLookup = `award_type_lookup (code, description, category) AS (VALUES ${AWARD_TYPE_ROWS.map(([c, d, k]) => `(${pg.escapeLiteral(c)}, ${pg.escapeLiteral(d)}, ${k === null ? 'NULL::text' : pg.escapeLiteral(k)})`).join(', ')})`;
const agencyLookup = `agency_lookup AS (
  SELECT a.id, t.toptier_agency_id, t.name AS toptier_name, t.toptier_code, t.abbreviation AS toptier_abbreviation,
    st.name AS subtier_name, st.subtier_code, st.abbreviation AS subtier_abbreviation
  FROM agency a JOIN toptier_agency t USING (toptier_agency_id) JOIN subtier_agency st USING (subtier_agency_id))`;

interface LookupKeys {
  awarding: string;
  funding: string;
  awardingOffice: string;
  fundingOffice: string;
}

/** The agency and office codes of a staged row `s`, as the lookups join on them. */
function lookupKeys(src: SourceColumns): LookupKeys {
  return {
    awarding: src.first('awarding_sub_agency_code', 'prime_award_awarding_sub_agency_code'),
    funding: src.first('funding_sub_agency_code', 'prime_award_funding_sub_agency_code'),
    awardingOffice: src.text('awarding_office_code'),
    fundingOffice: src.text('funding_office_code'),
  };
}

/** Agency and office lookups of a row's codes (joins `aw`, `fu`, `ao`, `fo`). */
function lookupJoins(keys: LookupKeys): string {
  return `LEFT JOIN agency_lookup aw ON aw.subtier_code = ${keys.awarding}
    LEFT JOIN agency_lookup fu ON fu.subtier_code = ${keys.funding}
    LEFT JOIN office ao ON ao.office_code = ${keys.awardingOffice}
    LEFT JOIN office fo ON fo.office_code = ${keys.fundingOffice}`;
}

/** FROM clause shared by the mappings: staged rows with their award type, agencies and offices. */
function fromClause(src: SourceColumns, layout: AwardFileLayout, table = 'award_stage'): string {
  const typeSql = layout.kind === 'subaward' ? `'-1'` : typeExpression(src, layout);
  return `${table} s
    CROSS JOIN LATERAL (SELECT ${typeSql} AS code) t0
    JOIN award_type_lookup ty ON ty.code = t0.code
    ${lookupJoins(lookupKeys(src))}`;
}

const cols = (m: ColumnMapping[]) => m.map(([c]) => `"${c}"`).join(', ');
const prefixed = (m: ColumnMapping[], alias: string, prefix = '') => m.map(([c]) => `${alias}."${prefix}${c}"`).join(', ');
const selectList = (m: ColumnMapping[], prefix = '') => m.map(([c, e]) => `${e} AS "${prefix}${c}"`).join(',\n    ');
const rowOf = (list: string) => (list.includes(',') ? `(${list})` : `ROW(${list})`);

/**
 * Whether a (trimmed, non-null) value is a decimal amount that fits the amount columns (numeric(23, 2)):
 * an optional minus, digits, optional decimals, and at most 21 integer digits once rounded to cents. The
 * size is only worked out for values long enough to exceed it (a bounded repeat like {1,21} in the
 * expression makes PostgreSQL's regular expressions about three times slower).
 */
const decimalAmount = (v: string) => `(${v} ~ '^-?[0-9]+(\\.[0-9]+)?$' AND (octet_length(${v}) <= 21 OR abs(round(${v}::numeric, 2)) < 1e21))`;

/** The checks of a layout over the staged rows: each a condition (the row is bad) and its reason. */
function problemChecks(layout: AwardFileLayout, header: string[]): { checks: Array<[condition: string, reason: string]>; key: string; awardKey: string | undefined } {
  const src = new SourceColumns(header);
  const checks: Array<[string, string]> = [];
  const check = (condition: string, reason: string) => checks.push([condition, reason]);
  for (const c of layout.requiredValues) check(`${src.text(c)} IS NULL`, pg.escapeLiteral(`missing value for ${c}`));
  for (const [c, rule] of columnRules(layout, header)) {
    check(`NOT ${ruleAccepts(rule, src.written(c))}`, ruleReason(rule, c, src.written(c)));
  }
  for (const c of layout.numericColumns.filter((x) => src.has(x))) {
    check(`NOT ${decimalAmount(src.text(c))}`, `format('invalid amount %L in ${c}', ${src.text(c)})`);
  }
  for (const prefix of ['awarding', 'funding']) {
    const code = src.first(`${prefix}_sub_agency_code`, `prime_award_${prefix}_sub_agency_code`);
    if (code === 'NULL::text') continue;
    // uncorrelated NOT IN: one hashed lookup per row instead of a correlated subquery
    check(`${code} NOT IN (SELECT x.subtier_code FROM subtier_agency x JOIN agency a USING (subtier_agency_id) WHERE x.subtier_code IS NOT NULL)`,
      `format('unknown ${prefix} sub-agency code %L (not in the agency reference data)', ${code})`);
  }
  let key: string;
  let awardKey: string | undefined;
  if (layout.kind === 'subaward') {
    key = `${src.text('prime_award_unique_key')} || '|' || ${src.text('subaward_number')} || '|' || coalesce(${src.text('subaward_sam_report_id')}, '')`;
    check(`left(${src.text('prime_award_unique_key')}, 9) NOT IN ('CONT_AWD_', 'CONT_IDV_', 'ASST_NON_', 'ASST_AGG_')`,
      `format('prime_award_unique_key %L is not a generated award key', ${src.text('prime_award_unique_key')})`);
  } else {
    const award = src.text(layout.fpds ? 'contract_award_unique_key' : 'assistance_award_unique_key');
    const prefixes = layout.fpds ? ['CONT_AWD_', 'CONT_IDV_'] : ['ASST_NON_', 'ASST_AGG_'];
    const pattern = layout.fpds ? 'CONT_(AWD|IDV)_' : 'ASST_(NON|AGG)_';
    check(`left(${award}, 9) NOT IN (${prefixes.map((x) => `'${x}'`).join(', ')})`, `format('award key %L does not start with ${pattern}', ${award})`);
    key = layout.kind === 'transaction' ? src.text(layout.fpds ? 'contract_transaction_unique_key' : 'assistance_transaction_unique_key') : award;
    if (layout.kind === 'transaction') awardKey = award;
    if (!layout.fpds) check(`${src.text('award_id_fain')} IS NULL AND ${src.text('award_id_uri')} IS NULL`, `'missing value for award_id_fain or award_id_uri'`);
  }
  return { checks, key, awardKey };
}

/** The file line of a staged row: the header's line, plus the lines of the records before it (values may hold newlines). */
const lineOf = (row: string) =>
  `1 + ${row} + coalesce((SELECT sum(length(x::text) - length(replace(x::text, E'\\n', ''))) FROM award_stage x WHERE x._row < ${row}), 0)`;

/** Values of one column that a rule normalised (a FIPS code written as `11001.0`, a date-time in a date column). */
export interface NormalisedValues {
  column: string;
  /** Rows loaded with the value normalised. */
  count: number;
  /** The first such row: its file line, the value as written and as loaded. */
  line: number;
  written: string;
  loaded: string;
}

interface RowCheck {
  /** Rows excluded from the load: the rows with a problem and, in transaction files, the other rows of their awards. */
  rejected: number;
  /** The first MAX_REPORTED problems, in file order. */
  problems: DataFileError[];
  /** Every problem found (a row may have several). */
  problemCount: number;
  normalised: NormalisedValues[];
}

/**
 * Checks every staged row, set-based, and takes the rows with a problem out of the stage (with the other rows
 * of their awards in a transaction file: an award is written from all its rows in the file or from none, so
 * that its totals never stand for part of the file). The common case (a clean file) costs one scan that ORs
 * all the conditions and counts normalised values, and one hash aggregate for duplicate keys; only when
 * something is wrong are the problems listed with their reasons (the first MAX_REPORTED with file lines).
 */
async function checkRows(client: pg.Client, source: Source, layout: AwardFileLayout, header: string[]): Promise<RowCheck> {
  const { checks, key, awardKey } = problemChecks(layout, header);
  const src = new SourceColumns(header);
  const reported = [...columnRules(layout, header)].filter(([c, rule]) => ruleReports(rule, c));
  const changed = reported.map(([c, rule]) => `${src.written(c)} IS DISTINCT FROM ${ruleValue(rule, src.written(c))}`);
  const anyBad = checks.map(([condition]) => `coalesce(${condition}, false)`).join('\n      OR ');
  const duplicateKeys = `SELECT k FROM (SELECT ${key} AS k FROM award_stage s) x WHERE k IS NOT NULL GROUP BY k HAVING count(*) > 1`;
  /** Per normalised column: how many rows, and the first one (aggregates over the staged rows `s`). */
  const counts = reported.map((_, i) => `count(*) FILTER (WHERE ${changed[i]}) AS n${i}, min(s._row) FILTER (WHERE ${changed[i]}) AS r${i}`);
  /** The normalised columns of the counts (n<i>: rows, r<i>: the first one), with the first one's line and values. */
  const normalisedValues = async (row: Record<string, unknown>): Promise<NormalisedValues[]> => {
    const out: NormalisedValues[] = [];
    for (const [i, [column, rule]] of reported.entries()) {
      const count = Number(row[`n${i}`] ?? 0);
      if (count === 0) continue;
      const first = await client.query<{ line: string; written: string; loaded: string }>(`
        SELECT ${lineOf('s._row')} AS line, ${src.written(column)} AS written, ${ruleValue(rule, src.written(column))} AS loaded
        FROM award_stage s WHERE s._row = $1`, [row[`r${i}`]]);
      const f = first.rows[0];
      if (f) out.push({ column, count, line: Number(f.line), written: f.written, loaded: f.loaded });
    }
    return out;
  };
  // one scan: whether any row is bad, and the normalised values of all rows (right unless a row is rejected)
  const quick = await client.query<Record<string, unknown> & { bad: boolean | null; duplicated: boolean }>(`
    SELECT bool_or(${anyBad}) AS bad, EXISTS (${duplicateKeys}) AS duplicated${counts.map((c) => `, ${c}`).join('')}
    FROM award_stage s`);
  const scanned = quick.rows[0];
  if (!scanned?.bad && !scanned?.duplicated) return { rejected: 0, problems: [], problemCount: 0, normalised: await normalisedValues(scanned ?? {}) };
  await client.query(`
    CREATE TEMP TABLE award_problem ON COMMIT DROP AS
    SELECT s._row, r.reason FROM award_stage s
    CROSS JOIN LATERAL unnest(ARRAY[${checks.map(([condition, reason]) => `CASE WHEN ${condition} THEN ${reason} END`).join(',\n      ')}]::text[]) AS r(reason)
    WHERE (${anyBad}) AND r.reason IS NOT NULL
    UNION ALL
    SELECT _row, format('duplicate key %L (also on record %s of the file)', k, first_row) FROM (
      SELECT _row, k, min(_row) OVER (PARTITION BY k) AS first_row
      FROM (SELECT s._row, ${key} AS k FROM award_stage s) x WHERE k IN (${duplicateKeys})) d
    WHERE _row > first_row`);
  // the rows taken out: those with a problem, and in a transaction file the other rows of their awards
  await client.query(`
    CREATE TEMP TABLE award_rejected ON COMMIT DROP AS
    SELECT DISTINCT _row FROM award_problem
    ${awardKey === undefined ? '' : `UNION SELECT s._row FROM award_stage s WHERE ${awardKey} IN (
      SELECT ${awardKey} FROM award_stage s WHERE s._row IN (SELECT _row FROM award_problem) AND ${awardKey} IS NOT NULL)`}`);
  if (awardKey !== undefined) {
    await client.query(`
      INSERT INTO award_problem (_row, reason)
      SELECT s._row, format('not loaded: another row of award %L is rejected (an award is loaded with all its rows or none)', ${awardKey})
      FROM award_stage s WHERE s._row IN (SELECT _row FROM award_rejected) AND s._row NOT IN (SELECT _row FROM award_problem)`);
  }
  const found = await client.query<{ line: string; reason: string; total: string; rejected: string }>(`
    WITH firsts AS (SELECT _row, reason, count(*) OVER () AS total FROM award_problem ORDER BY _row, reason LIMIT ${MAX_REPORTED})
    SELECT ${lineOf('f._row')} AS line, f.reason, f.total, (SELECT count(*) FROM award_rejected) AS rejected
    FROM firsts f ORDER BY f._row, f.reason`);
  const normalised = reported.length === 0 ? [] : await normalisedValues((await client.query<Record<string, unknown>>(`
    SELECT ${counts.join(', ')} FROM award_stage s WHERE s._row NOT IN (SELECT _row FROM award_rejected)`)).rows[0] ?? {});
  await client.query('DELETE FROM award_stage WHERE _row IN (SELECT _row FROM award_rejected)');
  return {
    rejected: Number(found.rows[0]?.rejected ?? 0),
    problems: found.rows.map((r) => new DataFileError(source.label, Number(r.line), r.reason)),
    problemCount: Number(found.rows[0]?.total ?? 0),
    normalised,
  };
}

/** Runs one named phase and reports its duration. */
type Step = <T>(name: string, run: () => Promise<T>) => Promise<T>;

function stepper(onStep: LoadAwardFilesOptions['onStep']): Step {
  return async (name, run) => {
    const started = performance.now();
    const out = await run();
    onStep?.(name, (performance.now() - started) / 1000);
    return out;
  };
}

async function stage(client: pg.Client, source: Source, header: string[]): Promise<number> {
  const names = header.map((_, i) => `c${i + 1}`);
  await client.query(`CREATE TEMP TABLE award_stage (_row bigint GENERATED ALWAYS AS IDENTITY, ${names.map((n) => `${n} text`).join(', ')}) ON COMMIT DROP`);
  // blanks are staged as '' rather than null (the mappings read both as null; the row digest needs them there)
  const copy = client.query(copyFrom(`COPY award_stage (${names.join(', ')}) FROM STDIN WITH (FORMAT csv, HEADER true, FORCE_NOT_NULL (${names.join(', ')}))`));
  try {
    await pipeline(await source.open(), copy);
  } catch (error) {
    const e = error as Error & { where?: string };
    const line = /line (\d+)/.exec(e.where ?? '')?.[1];
    const reason = e.message.replace(/column "?c(\d+)"?/g, (_, i: string) => `column ${header[Number(i) - 1] ?? i}`);
    throw new AwardFileError([new DataFileError(source.label, line ? Number(line) : undefined, reason)], 1);
  }
  // The row count (a sample, no statistics of the wide text columns) lets the planner hash the joins to the staged rows.
  await client.query('ANALYZE award_stage (_row)');
  return copy.rowCount;
}

/** Rows of the target table a file inserted, and rows whose values it changed. */
interface Outcome {
  inserted: number;
  updated: number;
}

/** Rows of a table as the planner knows them (an estimate is enough to pick a strategy; no scan). */
async function estimatedRows(client: pg.Client, table: string): Promise<number> {
  const found = await client.query<{ n: string }>(`
    SELECT CASE WHEN reltuples >= 0 THEN reltuples ELSE relpages * 20 END::bigint AS n FROM pg_class WHERE oid = to_regclass($1)`, [table]);
  return Number(found.rows[0]?.n ?? 0);
}

/**
 * Runs `write` with the secondary indexes of the tables that receive many new rows (next to their size)
 * dropped, and rebuilds them before returning, all inside the file's transaction.
 */
async function withIndexWindow<T>(
  client: pg.Client, step: Step, mode: IndexMode, newRows: Record<string, number>, write: () => Promise<T>,
): Promise<T> {
  const tables: string[] = [];
  for (const [table, rows] of Object.entries(newRows)) {
    if (rows === 0 || mode === 'keep') continue;
    if (mode === 'rebuild' || shouldRebuild(rows, await estimatedRows(client, table))) tables.push(table);
  }
  if (tables.length === 0) return write();
  const dropped = await step('drop indexes', () => dropSecondaryIndexes(client, tables));
  // A write this large next to the tables is cheaper summarised and derived again in full than logged row by
  // row: the triggers that record each changed row (for the summaries and the recipients) are off while it
  // runs, which marks both records incomplete (set_change_recording). Like the index drop this is inside the
  // file's transaction (no other writer gets in while the tables are locked), so a rollback undoes it too.
  const recording = (await client.query<{ on: boolean }>('SELECT search_summary_recording() AS on')).rows[0]?.on === true;
  if (recording) await client.query('SELECT set_change_recording(false)');
  const out = await write();
  if (recording) await client.query('SELECT set_change_recording(true)');
  await client.query(`SET LOCAL maintenance_work_mem = '1GB'`);
  await step('rebuild indexes', () => dropped.restore());
  return out;
}

/** The award column upstream takes from the award's earliest transaction rather than its latest. */
const START_DATE = 'period_of_performance_start_date';

/** File C columns an award row carries from the file and its transactions copy (derive_search_file_c's list). */
const COPIED_FILE_C = ['treasury_account_identifiers', 'federal_account_ids', 'tas_paths', 'tas_components', 'disaster_emergency_fund_codes',
  'object_classes', 'program_activity_ids', 'program_activities'];

/**
 * The transaction columns the award rollups, award links and recipient levels read, and the business
 * categories (costly rules an award row reuses from its latest transaction): the narrow `award_tx` table
 * holds these, one row per staged row. The other transaction_search columns (most of the width) and the
 * `detail` JSON of transaction_detail are computed from the staged row once, in the statement that writes
 * them, rather than written to a temporary table and copied from it.
 */
const TX_KEY_COLUMNS = new Set(['transaction_unique_id', 'generated_unique_award_id', 'modification_number', 'action_date', 'last_modified_date', 'type',
  'federal_action_obligation', 'original_loan_subsidy_cost', 'face_value_loan_guarantee', 'generated_pragmatic_obligation', 'non_federal_funding_amount',
  'total_funding_amount', 'indirect_federal_sharing', 'base_and_all_options_value', 'base_exercised_options_val', 'recipient_hash', 'parent_recipient_hash',
  'business_categories']);

/**
 * The transaction columns whose values the award's keyword document must hold (the filters' definition of it,
 * which functions/derive_award_keyword_text.sql follows), and the award columns of the award's own values
 * that they are compared with (the document's arguments besides the transactions' text).
 */
const TX_KEYWORD_COLUMNS = LEVEL_COLUMNS.transactions.keywordDocument.viaAward?.covers ?? [];
const AWARD_KEYWORD_COLUMNS = LEVEL_COLUMNS.awards.keywordDocument.columns.filter((c) => c !== 'transaction_keyword_text');

/**
 * Raise when a change to this module alters what a transaction file's row is written as in a way the
 * column expressions hashed by sourceDigest do not show (a rule in a statement rather than in the mapping).
 */
// 2: an award's last_modified_date is its latest transaction's, not the greatest (derive_award_rollups' latest_key)
const IMPORT_RULES_VERSION = 2;

/**
 * The SQL expression of a staged row's `source_digest` (transaction_search.source_digest, baseline 0099): a 64-bit hash of the row's values,
 * seeded with a fingerprint of everything else its written values depend on, namely the file's header, the
 * mapping of that header to columns, the version of the import rules, and the checksums of the reference
 * data loaded (agency, office and other lookups). A row that was written from the same values under the
 * same fingerprint would be written the same again. The values are joined with a unit separator; staged
 * values are never null (FORCE_NOT_NULL), so a blank cannot be skipped over and shift the others.
 */
async function sourceDigest(client: pg.Client, header: string[], mapping: unknown[]): Promise<string> {
  const reference = await client.query<{ v: string }>(
    `SELECT coalesce(string_agg(group_name || ':' || checksum, ',' ORDER BY group_name), '') AS v FROM reference_data_load`);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([IMPORT_RULES_VERSION, reference.rows[0]?.v ?? '', header, mapping]))
    .digest('hex');
  const seed = BigInt(`0x${fingerprint.slice(0, 15)}`);
  // (a function takes at most 100 arguments: wide files are joined in groups, then the groups)
  const columns = header.map((_, i) => `s.c${i + 1}`);
  const groups: string[] = [];
  for (let i = 0; i < columns.length; i += 90) groups.push(`concat_ws(chr(31), ${columns.slice(i, i + 90).join(', ')})`);
  return `hashtextextended(${groups.length === 1 ? groups[0] : `concat_ws(chr(31), ${groups.join(', ')})`}, ${seed})`;
}

/**
 * Prime transaction files. Each transaction and each award is written once, with the values the derive
 * step would give it (award rollups and dates, parent links, recipient levels, the award's File C columns
 * on its transactions) computed here from the file, so that for new data the derive step's guarded
 * updates find nothing to rewrite. Where the database holds more (an award with transactions from other
 * files), the derive step still recomputes and corrects.
 */
async function upsertTransactions(client: pg.Client, step: Step, mode: IndexMode, layout: AwardFileLayout, header: string[]): Promise<Outcome> {
  const src = new SourceColumns(header, columnRules(layout, header));
  const tx = transactionColumns(src, layout);
  const detail = src.detail();
  const awardSrc = new SourceColumns(header, columnRules(layout, header));
  // an award's business categories are those of its latest transaction (same rules, same row), from award_tx
  // and its period of performance start date its earliest transaction's, as upstream's update_awards sets them
  // (award_tx carries each row's start date, so the earliest row's is a join of narrow rows)
  const hasStartDate = header.includes(START_DATE);
  const award = awardFromTransactionColumns(awardSrc, layout)
    .map(([c, e]): ColumnMapping => [c, c === 'business_categories' ? 's.latest_business_categories' : c === START_DATE && hasStartDate ? 's.earliest_start_date' : e]);
  const latestValues = award.filter(([c]) => c !== START_DATE);
  const txKey = src.text(layout.fpds ? 'contract_transaction_unique_key' : 'assistance_transaction_unique_key');
  const keyColumns = tx.filter(([c]) => TX_KEY_COLUMNS.has(c) && c !== 'business_categories');
  const categories = businessCategoryInputs(src, layout);
  // every transaction_search column the file gives, the key columns read back from award_tx (`m`); `detail` goes
  // to transaction_detail (migration 0196)
  const txCols: ColumnMapping[] = [...tx.map(([c, e]): ColumnMapping => [c, TX_KEY_COLUMNS.has(c) ? `m."${c}"` : e]),
    ['source_digest', 'm.source_digest']];
  // the values compared to tell an updated row (a row whose digest alone differs is not one)
  const txValues = txCols.filter(([c]) => c !== 'source_digest');
  const keys = lookupKeys(src);
  const txExpression = new Map(tx);
  const keywordValues = `ARRAY[${TX_KEYWORD_COLUMNS.map((c) => txExpression.get(c) ?? 'NULL::text').join(', ')}]::text[]`;
  const txWith = `WITH ${typeLookup}, ${agencyLookup}`;
  const digest = await sourceDigest(client, header, [tx, award, detail, categories?.inputs ?? [], typeExpression(src, layout), fileCLists(awardSrc, 'picked'), fileCJoins(awardSrc)]);
  // Each award_tx row `m` with its type, agencies, offices, award and recipient levels, and last its staged
  // row `s`: the lookups join on codes award_tx carries, so the wide staged row goes through one join only.
  const txFrom = `award_tx m
    JOIN award_type_lookup ty ON ty.code = m.type
    ${lookupJoins({ awarding: 'm.lookup_awarding', funding: 'm.lookup_funding', awardingOffice: 'm.lookup_awarding_office', fundingOffice: 'm.lookup_funding_office' })}
    JOIN award_latest a ON a.a__generated_unique_award_id = m.generated_unique_award_id
    LEFT JOIN award_levels lv ON lv.recipient_hash = m.recipient_hash
    JOIN award_stage s ON s._row = m._row`;
  // Awards every row of which is in the database as written from the same text before: nothing of them is
  // mapped, written or derived again (a re-import of an unchanged file does little more than stage and check
  // it). Only rows already in the database are fingerprinted here, so a file of new rows costs one probe each.
  const unchanged = await step('skip unchanged', async () => {
    const awardKey = src.peek(layout.fpds ? 'contract_award_unique_key' : 'assistance_award_unique_key');
    const seen = await client.query(`
      CREATE TEMP TABLE award_seen ON COMMIT DROP AS
      SELECT s._row, ${awardKey} AS award_key, ${digest} = ex.source_digest AS same
      FROM award_stage s JOIN transaction_search ex ON ex.transaction_unique_id = ${txKey}
      WHERE ex.source_digest IS NOT NULL`);
    if ((seen.rowCount ?? 0) === 0) return 0;
    const counts = (await client.query<{ same: string; staged: string }>(
      'SELECT (SELECT count(*) FROM award_seen WHERE same) AS same, (SELECT count(*) FROM award_stage) AS staged')).rows[0];
    if (counts && Number(counts.same) === Number(counts.staged)) {
      // the whole file as imported before
      await client.query('TRUNCATE award_stage');
      return Number(counts.staged);
    }
    const skipped = await client.query(`
      DELETE FROM award_stage s USING (
        SELECT x.k FROM (SELECT s._row, ${awardKey} AS k FROM award_stage s) x LEFT JOIN award_seen z USING (_row)
        WHERE x.k IN (SELECT award_key FROM award_seen WHERE same)
        GROUP BY x.k HAVING bool_and(coalesce(z.same, false))) u
      WHERE ${awardKey} = u.k`);
    return skipped.rowCount ?? 0;
  });
  if (unchanged > 0 && (await client.query('SELECT 1 FROM award_stage LIMIT 1')).rowCount === 0) return { inserted: 0, updated: 0 };
  await step('map transactions', async () => {
    // Same order as derive_award_rollups' packed keys: action date, modification number, unique id (byte-wise).
    await client.query(`
      CREATE TEMP TABLE award_tx ON COMMIT DROP AS
      SELECT n._row, ${prefixed(keyColumns, 'n')}, n.existing_id, n.source_digest, n.lookup_awarding, n.lookup_funding, n.lookup_awarding_office, n.lookup_funding_office, n.keyword_values,
        ${categories ? categories.categories('n') : 'NULL::text[]'} AS business_categories, n.start_date,
        (n.action_date::text || chr(1) || coalesce(n.modification_number, '') || chr(1) || n.transaction_unique_id || chr(1) || n._row::text) COLLATE "C" AS sort_key,
        CASE WHEN n.existing_id IS NULL THEN nextval('transaction_search_transaction_id_seq') ELSE n.existing_id END AS transaction_id
      FROM (
        WITH ${typeLookup}
        SELECT s._row, ${selectList(keyColumns)}, ex.transaction_id AS existing_id, ${digest} AS source_digest,
          ${keys.awarding} AS lookup_awarding,
          ${keys.funding} AS lookup_funding, ${keys.awardingOffice} AS lookup_awarding_office, ${keys.fundingOffice} AS lookup_funding_office,
          ${keywordValues} AS keyword_values, ${hasStartDate ? src.date(START_DATE) : 'NULL::date'} AS start_date
          ${(categories?.inputs ?? []).map(([name, sql]) => `, ${sql} AS ${name}`).join('')}
        FROM award_stage s
        CROSS JOIN LATERAL (SELECT ${typeExpression(src, layout)} AS code) t0
        JOIN award_type_lookup ty ON ty.code = t0.code
        LEFT JOIN transaction_search ex ON ex.transaction_unique_id = ${txKey}
        OFFSET 0) n`);
    await client.query('ANALYZE award_tx (_row, generated_unique_award_id, transaction_unique_id, recipient_hash, parent_recipient_hash)');
  });
  await step('map awards', async () => {
    // One row per award: descriptive columns from its latest transaction in the file, rollups over all of them.
    await client.query(`
      CREATE TEMP TABLE award_latest ON COMMIT DROP AS
      WITH ${typeLookup}, ${agencyLookup},
      r AS MATERIALIZED (
        SELECT generated_unique_award_id AS k,
          count(*)::integer AS transaction_count,
          coalesce(sum(federal_action_obligation), 0)::numeric(23, 2) AS total_obligation,
          sum(original_loan_subsidy_cost)::numeric(23, 2) AS total_subsidy_cost,
          sum(face_value_loan_guarantee)::numeric(23, 2) AS total_loan_value,
          coalesce(sum(generated_pragmatic_obligation), 0)::numeric(23, 2) AS generated_pragmatic_obligation,
          sum(base_and_all_options_value)::numeric(23, 2) AS base_and_all_options_value,
          sum(base_exercised_options_val)::numeric(23, 2) AS base_exercised_options_val,
          sum(total_funding_amount)::numeric(23, 2) AS total_funding_amount,
          sum(non_federal_funding_amount)::numeric(23, 2) AS non_federal_funding_amount,
          sum(indirect_federal_sharing)::numeric(23, 2) AS total_indirect_federal_sharing,
          max(sort_key) AS latest_key, min(sort_key) AS earliest_key
        FROM award_tx GROUP BY generated_unique_award_id),
      -- the distinct searched values of each award's transactions, for its keyword document (derive_award_keyword_text)
      kw AS MATERIALIZED (
        SELECT t.generated_unique_award_id AS k, array_agg(DISTINCT v.v) AS keyword_values
        FROM award_tx t CROSS JOIN LATERAL unnest(t.keyword_values) AS v(v) WHERE v.v IS NOT NULL
        GROUP BY 1),
      -- the staged row of each award's latest transaction, picked before any lookup is made; in file order,
      -- which the lookups below keep (picked is their outer side), so new awards are numbered in file order
      picked AS MATERIALIZED (
        SELECT s.*, r.*, t.business_categories AS latest_business_categories, t.last_modified_date, e.start_date AS earliest_start_date
        FROM r JOIN award_stage s ON s._row = split_part(r.latest_key, chr(1), 4)::bigint JOIN award_tx t ON t._row = s._row
        JOIN award_tx e ON e._row = split_part(r.earliest_key, chr(1), 4)::bigint
        ORDER BY s._row),
      ${fileCLists(awardSrc, 'picked')}
      SELECT s._row, s.transaction_count, s.total_obligation, s.total_subsidy_cost, s.total_loan_value, s.generated_pragmatic_obligation,
        s.base_and_all_options_value, s.base_exercised_options_val, s.total_funding_amount, s.non_federal_funding_amount,
        s.total_indirect_federal_sharing, s.last_modified_date,
        split_part(s.latest_key, chr(1), 1)::date AS latest_action_date,
        split_part(s.earliest_key, chr(1), 1)::date AS date_signed,
        split_part(s.earliest_key, chr(1), 4)::bigint AS earliest_row,
        (split_part(s.latest_key, chr(1), 1) || chr(1) || split_part(s.latest_key, chr(1), 2) || chr(1) || split_part(s.latest_key, chr(1), 3)) COLLATE "C" AS latest_order,
        x.latest_transaction_id AS existing_latest_transaction_id,
        (split_part(s.earliest_key, chr(1), 1) || chr(1) || split_part(s.earliest_key, chr(1), 2) || chr(1) || split_part(s.earliest_key, chr(1), 3)) COLLATE "C" AS earliest_order,
        x.earliest_transaction_id AS existing_earliest_transaction_id,
        x.award_id AS existing_award_id, x.date_signed AS existing_date_signed, kw.keyword_values,
        CASE WHEN x.award_id IS NULL THEN nextval('award_search_award_id_seq') ELSE x.award_id END AS award_id,
        ${selectList(award, 'a__')}
      FROM ${fromClause(awardSrc, layout, 'picked')}
      LEFT JOIN award_search x ON x.generated_unique_award_id = s.k
      LEFT JOIN kw ON kw.k = s.k
      ${fileCJoins(awardSrc)}`);
    await client.query('ANALYZE award_latest (a__generated_unique_award_id, a__parent_generated_unique_award_id, a__recipient_hash)');
  });
  await step('map recipient levels', async () => {
    // Recipient levels as derive_recipients will compute them: the file's transactions plus what is known.
    await client.query(`
      CREATE TEMP TABLE award_levels ON COMMIT DROP AS
      SELECT h AS recipient_hash, array_agg(l ORDER BY l) AS levels FROM (
        SELECT recipient_hash AS h, CASE WHEN parent_recipient_hash IS NOT NULL THEN 'C' ELSE 'R' END AS l FROM award_tx WHERE recipient_hash IS NOT NULL
        UNION SELECT parent_recipient_hash, 'P' FROM award_tx WHERE recipient_hash IS NOT NULL AND parent_recipient_hash IS NOT NULL
        UNION SELECT p.recipient_hash, p.recipient_level::text FROM recipient_profile p
          WHERE p.recipient_hash IN (SELECT recipient_hash FROM award_tx UNION SELECT parent_recipient_hash FROM award_tx)) v
      GROUP BY h`);
  });
  const counts = (await client.query<{ awards: string; transactions: string }>(`
    SELECT (SELECT count(*) FROM award_latest WHERE existing_award_id IS NULL) AS awards,
      (SELECT count(*) FROM award_tx WHERE existing_id IS NULL) AS transactions`)).rows[0];
  const awardNames = new Set(award.map(([c]) => c));
  const copied = COPIED_FILE_C.filter((c) => awardNames.has(c));
  return withIndexWindow(client, step, mode, { award_search: Number(counts?.awards ?? 0), transaction_search: Number(counts?.transactions ?? 0) }, async () => {
    await step('award_search', async () => {
      await client.query(`
        INSERT INTO award_search (award_id, ${cols(award)}, transaction_count, total_obligation, total_subsidy_cost, total_loan_value, award_amount,
          generated_pragmatic_obligation, base_and_all_options_value, base_exercised_options_val, total_funding_amount, non_federal_funding_amount,
          total_indirect_federal_sharing, last_modified_date, action_date, fiscal_year, date_signed, latest_transaction_id, earliest_transaction_id,
          parent_award_id, recipient_levels, transaction_keyword_text, update_date)
        SELECT m.award_id, ${prefixed(award, 'm', 'a__')}, m.transaction_count, m.total_obligation, m.total_subsidy_cost, m.total_loan_value,
          CASE WHEN m.a__type IN ('07', '08') THEN m.total_loan_value ELSE m.total_obligation END,
          m.generated_pragmatic_obligation, m.base_and_all_options_value, m.base_exercised_options_val, m.total_funding_amount,
          m.non_federal_funding_amount, m.total_indirect_federal_sharing, m.last_modified_date, m.latest_action_date,
          fiscal_year_of(m.latest_action_date), m.date_signed, lt.transaction_id, et.transaction_id,
          coalesce(p1.award_id, p2.award_id), lv.levels,
          (SELECT string_agg(v, E'\\x1f' ORDER BY v COLLATE "C") FROM unnest(m.keyword_values) AS v
            WHERE v <> ALL (ARRAY[${AWARD_KEYWORD_COLUMNS.map((c) => (award.some(([a]) => a === c) ? `coalesce(m."a__${c}", '')` : `''`)).join(', ')}])),
          now()
        FROM award_latest m
        JOIN award_tx lt ON lt._row = m._row
        JOIN award_tx et ON et._row = m.earliest_row
        LEFT JOIN award_search p1 ON p1.generated_unique_award_id = m.a__parent_generated_unique_award_id
        LEFT JOIN award_latest p2 ON p2.a__generated_unique_award_id = m.a__parent_generated_unique_award_id
        LEFT JOIN award_levels lv ON lv.recipient_hash = m.a__recipient_hash
        WHERE m.existing_award_id IS NULL`);
      await client.query(`
        UPDATE award_search x SET ${rowOf(cols(latestValues))} = ${rowOf(prefixed(latestValues, 'm', 'a__'))}, update_date = now()
        FROM award_latest m LEFT JOIN transaction_search lt ON lt.transaction_id = m.existing_latest_transaction_id
        WHERE x.award_id = m.existing_award_id
          -- the award's values are its latest transaction's (action date, then modification number, then key):
          -- a file's rows replace them only when its latest row is not older than the award's latest transaction
          AND (lt.transaction_id IS NULL
            OR m.latest_order >= (lt.action_date::text || chr(1) || coalesce(lt.modification_number, '') || chr(1) || lt.transaction_unique_id) COLLATE "C")
          AND ${rowOf(prefixed(latestValues, 'x'))} IS DISTINCT FROM ${rowOf(prefixed(latestValues, 'm', 'a__'))}`);
      if (award.some(([c]) => c === START_DATE)) {
        // ... and the start date only when the file's earliest row is not newer than the award's earliest transaction
        await client.query(`
          UPDATE award_search x SET ${START_DATE} = m.a__${START_DATE}, update_date = now()
          FROM award_latest m LEFT JOIN transaction_search et ON et.transaction_id = m.existing_earliest_transaction_id
          WHERE x.award_id = m.existing_award_id
            AND (et.transaction_id IS NULL
              OR m.earliest_order <= (et.action_date::text || chr(1) || coalesce(et.modification_number, '') || chr(1) || et.transaction_unique_id) COLLATE "C")
            AND x.${START_DATE} IS DISTINCT FROM m.a__${START_DATE}`);
      }
    });
    return step('transaction_search', async () => {
      // The new values are computed once per row in a subquery that is not flattened (OFFSET 0), so that
      // the comparison and the SET read them rather than each evaluating the expressions.
      const updated = await client.query(`
        UPDATE transaction_search t SET ${rowOf(`award_id, ${cols(txCols)}`)} = ${rowOf(`w.award_id, ${prefixed(txCols, 'w')}`)}
        FROM (
          ${txWith}
          SELECT m.existing_id, a.award_id, ${selectList(txCols)}
          FROM ${txFrom}
          WHERE m.existing_id IS NOT NULL
          OFFSET 0) w
        WHERE t.transaction_id = w.existing_id
          AND ${rowOf(`t.award_id, ${prefixed(txValues, 't')}`)} IS DISTINCT FROM ${rowOf(`w.award_id, ${prefixed(txValues, 'w')}`)}`);
      // Details of existing rows: written where they changed, deleted where the file has none now. A row whose
      // detail alone changed counts as updated and is stamped as changed (row_changed_at, for the monthly deltas),
      // unless the update above stamped it already (now() is the transaction's time).
      const detailChanged = await client.query(`
        WITH w AS MATERIALIZED (
          SELECT m.existing_id AS transaction_id, ${detail} AS detail
          FROM award_tx m JOIN award_stage s ON s._row = m._row WHERE m.existing_id IS NOT NULL),
        written AS (
          INSERT INTO transaction_detail (transaction_id, detail) SELECT transaction_id, detail FROM w WHERE detail IS NOT NULL
          ON CONFLICT (transaction_id) DO UPDATE SET detail = EXCLUDED.detail WHERE transaction_detail.detail IS DISTINCT FROM EXCLUDED.detail
          RETURNING transaction_id),
        gone AS (
          DELETE FROM transaction_detail d USING w WHERE d.transaction_id = w.transaction_id AND w.detail IS NULL RETURNING d.transaction_id)
        UPDATE transaction_search t SET row_changed_at = now()
        FROM (SELECT transaction_id FROM written UNION SELECT transaction_id FROM gone) c
        WHERE t.transaction_id = c.transaction_id AND t.row_changed_at IS DISTINCT FROM now()`);
      // rows whose values are as written, from another text or another fingerprint (or by the generator)
      await client.query(`
        UPDATE transaction_search t SET source_digest = m.source_digest
        FROM award_tx m WHERE t.transaction_id = m.existing_id AND t.source_digest IS DISTINCT FROM m.source_digest`);
      const inserted = await client.query(`
        INSERT INTO transaction_search (transaction_id, award_id, ${cols(txCols)}, award_date_signed, recipient_levels${copied.map((c) => `, "${c}"`).join('')})
        ${txWith}
        SELECT m.transaction_id, a.award_id, ${txCols.map(([, e]) => e).join(', ')},
          CASE WHEN a.existing_award_id IS NULL THEN a.date_signed ELSE least(a.existing_date_signed, a.date_signed) END,
          lv.levels${copied.map((c) => `, a."a__${c}"`).join('')}
        FROM ${txFrom}
        WHERE m.existing_id IS NULL`);
      await client.query(`
        INSERT INTO transaction_detail (transaction_id, detail)
        SELECT transaction_id, detail FROM (
          SELECT m.transaction_id, ${detail} AS detail FROM award_tx m JOIN award_stage s ON s._row = m._row
          WHERE m.existing_id IS NULL OFFSET 0) x
        WHERE detail IS NOT NULL`);
      // An award created here from all its transactions is written whole: the derive steps that recompute its
      // rollups, keyword text and File C columns pass it over (award_derive_pending.whole, migration 0180). Any
      // other write of it (another file of the same import, a cut-off import before) clears the mark.
      await client.query(`
        INSERT INTO award_derive_pending (award_id, whole) SELECT award_id, existing_award_id IS NULL FROM award_latest
        ON CONFLICT (award_id) DO UPDATE SET whole = false WHERE award_derive_pending.whole`);
      return { inserted: inserted.rowCount ?? 0, updated: (updated.rowCount ?? 0) + (detailChanged.rowCount ?? 0) };
    });
  });
}

/** Prime award summary files (award.d1 / award.d2). */
async function upsertAwards(client: pg.Client, step: Step, mode: IndexMode, layout: AwardFileLayout, header: string[]): Promise<Outcome> {
  const src = new SourceColumns(header, columnRules(layout, header));
  const { descriptive: rawDescriptive, totals } = awardSummaryColumns(src, layout);
  const joins = fileCJoins(src);
  const detail = src.detail();
  const descriptive = rawDescriptive.map(([c, e]): ColumnMapping => [c, e === 'DETAIL' ? detail : e]);
  await step('map', async () => {
    await client.query(`
      CREATE TEMP TABLE award_summary ON COMMIT DROP AS
      WITH ${typeLookup}, ${agencyLookup}, ${fileCLists(src, 'award_stage')}
      SELECT s._row, x.award_id AS existing_award_id, ${selectList(descriptive)}, ${selectList(totals, 't__')}
      FROM ${fromClause(src, layout)}
      LEFT JOIN award_search x ON x.generated_unique_award_id = ${src.text(layout.fpds ? 'contract_award_unique_key' : 'assistance_award_unique_key')}
      ${joins}`);
    await client.query('ANALYZE award_summary (generated_unique_award_id)');
  });
  const fresh = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM award_summary WHERE existing_award_id IS NULL')).rows[0]?.n ?? 0);
  return withIndexWindow(client, step, mode, { award_search: fresh }, () => step('award_search', async () => {
    const inserted = await client.query(`
      INSERT INTO award_search (${cols(descriptive)}, ${cols(totals)}, update_date)
      SELECT ${prefixed(descriptive, 'm')}, ${prefixed(totals, 'm', 't__')}, now() FROM award_summary m
      WHERE m.existing_award_id IS NULL
      ORDER BY m._row`);
    // an award row counts once as updated, whether its descriptive columns, its totals or both changed
    await client.query('CREATE TEMP TABLE award_updated (award_id bigint) ON COMMIT DROP');
    await client.query(`
      WITH u AS (
        UPDATE award_search x SET ${rowOf(cols(descriptive))} = ${rowOf(prefixed(descriptive, 'm'))}, update_date = now()
        FROM award_summary m
        WHERE x.award_id = m.existing_award_id
          AND ${rowOf(prefixed(descriptive, 'x'))} IS DISTINCT FROM ${rowOf(prefixed(descriptive, 'm'))}
        RETURNING x.award_id)
      INSERT INTO award_updated SELECT award_id FROM u`);
    // Totals of a summary file stand only for awards without transactions (derive sums those).
    await client.query(`
      WITH u AS (
        UPDATE award_search x SET ${rowOf(cols(totals))} = ${rowOf(prefixed(totals, 'm', 't__'))}
        FROM award_summary m
        WHERE x.award_id = m.existing_award_id AND x.transaction_count = 0
          AND ${rowOf(prefixed(totals, 'x'))} IS DISTINCT FROM ${rowOf(prefixed(totals, 'm', 't__'))}
        RETURNING x.award_id)
      INSERT INTO award_updated SELECT award_id FROM u`);
    // the awards the file wrote are derived; those it found as they were are not
    await client.query(`
      INSERT INTO award_derive_pending (award_id)
      SELECT award_id FROM award_updated
      UNION SELECT x.award_id FROM award_summary m JOIN award_search x ON x.generated_unique_award_id = m.generated_unique_award_id
        WHERE m.existing_award_id IS NULL
      ON CONFLICT (award_id) DO UPDATE SET whole = false WHERE award_derive_pending.whole`);
    const updated = await client.query<{ n: string }>('SELECT count(DISTINCT award_id) AS n FROM award_updated');
    return { inserted: inserted.rowCount ?? 0, updated: Number(updated.rows[0]?.n ?? 0) };
  }));
}

/** Subaward files (subaward.d1 / subaward.d2). */
async function upsertSubawards(client: pg.Client, step: Step, mode: IndexMode, layout: AwardFileLayout, header: string[]): Promise<Outcome> {
  const src = new SourceColumns(header, columnRules(layout, header));
  const raw = subawardColumns(src, layout);
  const detail = src.detail();
  const mapped = raw.map(([c, e]): ColumnMapping => [c, e === 'DETAIL' ? detail : e]);
  await step('map', async () => {
    await client.query(`
      CREATE TEMP TABLE award_sub ON COMMIT DROP AS
      WITH ${typeLookup}, ${agencyLookup}
      SELECT s._row, ${selectList(mapped)}
      FROM ${fromClause(src, layout)}
      LEFT JOIN award_search pa ON pa.generated_unique_award_id = ${src.text('prime_award_unique_key')}`);
    await client.query('ANALYZE award_sub (subaward_key, award_id)');
  });
  const fresh = Number((await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM award_sub m WHERE NOT EXISTS (SELECT 1 FROM subaward_search x WHERE x.subaward_key = m.subaward_key)')).rows[0]?.n ?? 0);
  return withIndexWindow(client, step, mode, { subaward_search: fresh }, () => step('subaward_search', async () => {
    const updated = await client.query(`
      UPDATE subaward_search x SET ${rowOf(cols(mapped))} = ${rowOf(prefixed(mapped, 'm'))}
      FROM award_sub m WHERE x.subaward_key = m.subaward_key
        AND ${rowOf(prefixed(mapped, 'x'))} IS DISTINCT FROM ${rowOf(prefixed(mapped, 'm'))}`);
    const inserted = await client.query(`
      INSERT INTO subaward_search (${cols(mapped)})
      SELECT ${prefixed(mapped, 'm')} FROM award_sub m
      WHERE NOT EXISTS (SELECT 1 FROM subaward_search x WHERE x.subaward_key = m.subaward_key)
      ORDER BY m._row`);
    await client.query(`
      INSERT INTO award_derive_pending (award_id) SELECT DISTINCT award_id FROM award_sub WHERE award_id IS NOT NULL
      ON CONFLICT (award_id) DO UPDATE SET whole = false WHERE award_derive_pending.whole`);
    return { inserted: inserted.rowCount ?? 0, updated: updated.rowCount ?? 0 };
  }));
}

/** Tables a layout writes, for the statistics refresh after a large load. */
const TARGETS: Record<AwardFileLayout['kind'], string[]> = {
  transaction: ['award_search', 'transaction_search'],
  award: ['award_search'],
  subaward: ['subaward_search'],
};

/**
 * Columns whose statistics the derive step's joins and filters need. Analysing these alone takes a
 * fraction of a full ANALYZE of the wide search tables; autovacuum analyses the rest later.
 */
const KEY_COLUMNS: Record<string, string[]> = {
  award_search: ['award_id', 'generated_unique_award_id', 'parent_generated_unique_award_id', 'parent_award_id', 'type', 'recipient_hash', 'parent_recipient_hash', 'action_date'],
  transaction_search: ['transaction_id', 'award_id', 'transaction_unique_id', 'recipient_hash', 'parent_recipient_hash', 'action_date'],
  subaward_search: ['broker_subaward_id', 'award_id', 'subaward_key', 'unique_award_key', 'subaward_recipient_hash'],
};

/**
 * Loads award files in the USAspending download layouts (prime transactions, prime award summaries,
 * subawards; CSV files or zips of them), detecting each file's layout from its header. Each file is staged
 * with COPY into a temporary table, checked set-based (a problem is reported with file, line and reason,
 * and nothing of that file is loaded), then upserted in one transaction on its unique keys, so loading a
 * file twice changes nothing. A file that is large next to its target tables is written with their
 * secondary indexes dropped and rebuilt in the same transaction. The derived tables are then refreshed for
 * the awards touched (also when a later file fails: what was committed gets derived before the error is
 * reported).
 */
export async function loadAwardFiles(url: string, files: string[], options: LoadAwardFilesOptions = {}): Promise<LoadAwardFilesResult> {
  const started = performance.now();
  const step = stepper(options.onStep);
  const mode = options.indexes ?? 'auto';
  const sources = await expandSources(files);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const results: AwardFileResult[] = [];
  let failure: unknown;
  try {
    // temp_buffers only takes effect before the session's first temporary table; staged files live there.
    await client.query(`SET temp_buffers = '512MB'; SET work_mem = '256MB'`);
    await clearDeriveScope(client);
    for (const source of sources) {
      const fileStarted = performance.now();
      const seconds = () => Math.round(performance.now() - fileStarted) / 1000;
      let layout: AwardFileLayout | undefined;
      try {
        const header = await readHeader(source);
        layout = detectLayout(header);
        if (!layout) {
          throw new AwardFileError([new DataFileError(source.label, 1, 'unknown layout: the header has no USAspending award, transaction or subaward key column')], 1);
        }
        const duplicate = header.find((h, i) => header.indexOf(h) !== i);
        if (duplicate) throw new AwardFileError([new DataFileError(source.label, 1, `column ${duplicate} appears twice in the header`)], 1);
        const missing = layout.requiredColumns.filter((c) => !header.includes(c));
        if (missing.length > 0) throw new AwardFileError([new DataFileError(source.label, 1, `missing column(s) for ${layout.name}: ${missing.join(', ')}`)], 1);
        const fileLayout = layout;
        options.onFile?.(source.label, layout.name);
        const before = Object.fromEntries(await Promise.all(TARGETS[layout.kind].map(async (t) => [t, await estimatedRows(client, t)] as const)));
        // One transaction per file: its accepted rows are written together or not at all.
        await client.query('BEGIN');
        let outcome: Outcome;
        let rows: number;
        let checked: RowCheck;
        try {
          rows = await step('stage', () => stage(client, source, header));
          checked = await step('validate', () => checkRows(client, source, fileLayout, header));
          outcome = rows === checked.rejected ? { inserted: 0, updated: 0 }
            : layout.kind === 'transaction' ? await upsertTransactions(client, step, mode, layout, header)
            : layout.kind === 'award' ? await upsertAwards(client, step, mode, layout, header)
            : await upsertSubawards(client, step, mode, layout, header);
          await step('commit', () => client.query('COMMIT'));
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
        const result: AwardFileResult = {
          file: source.label, layout: layout.name,
          status: checked.rejected === 0 ? 'loaded' : checked.rejected === rows ? 'rejected' : 'partial',
          rows, inserted: outcome.inserted, updated: outcome.updated,
          // every accepted row is one row of the target table: inserted, updated, or found with the file's values
          unchanged: rows - checked.rejected - outcome.inserted - outcome.updated,
          rejected: checked.rejected, problems: checked.problems, problemCount: checked.problemCount, normalised: checked.normalised,
          seconds: seconds(),
        };
        results.push(result);
        options.onFileDone?.(result);
        // Statistics of tables that grew by a tenth or more, so the derive step's plans see the new rows.
        const grown = TARGETS[layout.kind].filter((t) => outcome.inserted >= 0.1 * (before[t] ?? 0));
        if (grown.length > 0) await step('analyze', () => client.query(`ANALYZE ${grown.map((t) => `${t} (${(KEY_COLUMNS[t] ?? []).join(', ')})`).join(', ')}`));
      } catch (error) {
        // A file that cannot be read, or whose data the database refuses (a data exception or a constraint:
        // SQLSTATE classes 22 and 23), is reported and the next file goes on; anything else stops the import.
        const code = (error as { code?: unknown }).code;
        const refused = typeof code === 'string' && /^2[23]/.test(code);
        if (!(error instanceof AwardFileError) && !refused) {
          failure = error;
          break;
        }
        const problems = error instanceof AwardFileError ? error.problems : [new DataFileError(source.label, undefined, `not loaded: ${(error as Error).message}`)];
        const result: AwardFileResult = {
          file: source.label, layout: layout?.name ?? null, status: 'failed', rows: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0,
          problems, problemCount: error instanceof AwardFileError ? error.total : 1, normalised: [], seconds: seconds(),
        };
        results.push(result);
        options.onFileDone?.(result);
      }
    }
    // The awards written, and any an earlier import wrote without finishing their derive.
    const derive: LoadAwardFilesResult['derive'] = [];
    let pending = 0;
    if (!options.skipDerive) {
      // (scopePendingAwards, with each award's whole mark)
      pending = (await client.query(`
        INSERT INTO derive_scope (award_id, whole) SELECT award_id, whole FROM award_derive_pending ON CONFLICT DO NOTHING`)).rowCount ?? 0;
      if (pending > 0) {
        derive.push(...await deriveScoped(client, { asOf: options.asOf, onStep: options.onStep }));
        await clearDerivedPending(client);
      }
    }
    const changed = results.reduce((n, r) => n + r.inserted + r.updated, 0);
    if (changed > 0 || pending > 0) {
      await step('summaries', () => refreshSearchSummaries(client));
    }
    if (failure !== undefined) throw failure;
    await client.query(
      `INSERT INTO award_data_load (kind, source, as_of, row_counts, seconds) VALUES ('imported', $1, coalesce($2::date, current_date), $3, $4)`,
      [sources.map((s) => path.basename(s.label)).join(', ').slice(0, 2000), options.asOf ?? null,
        JSON.stringify(Object.fromEntries(results.map((r) => [path.basename(r.file),
          { status: r.status, rows: r.rows, inserted: r.inserted, updated: r.updated, unchanged: r.unchanged, rejected: r.rejected }]))),
        Math.round((performance.now() - started) / 100) / 10],
    );
    const rejected = results.reduce((n, r) => n + (r.status === 'failed' ? 1 : r.rejected), 0);
    return { files: results, derive, rejected, seconds: Math.round((performance.now() - started) / 100) / 10 };
  } finally {
    await client.end();
  }
}
