import { createReadStream } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataFileError } from '../csv';
import {
  AWARD_TYPE_ROWS, awardFromTransactionColumns, fileCJoins, awardSummaryColumns, subawardColumns, transactionColumns,
  typeExpression, type ColumnMapping,
} from './award-file-mapping';
import { detectLayout, type AwardFileLayout, type LayoutName } from './layouts';
import { SourceColumns } from './source-columns';
import { listZipEntries, openZipEntry } from './zip-reader';

/** Problems found in one award file; nothing of the file was loaded. */
export class AwardFileError extends Error {
  constructor(
    readonly problems: DataFileError[],
    readonly total: number,
  ) {
    super([...problems.map((p) => p.message), ...(total > problems.length ? [`... and ${total - problems.length} more problem(s)`] : [])].join('\n'));
    this.name = 'AwardFileError';
  }
}

export interface AwardFileResult {
  file: string;
  layout: LayoutName;
  rows: number;
  inserted: number;
  updated: number;
  seconds: number;
}

export interface LoadAwardFilesResult {
  files: AwardFileResult[];
  derive: Array<{ step: string; changed: number; seconds: number }>;
  seconds: number;
}

export interface LoadAwardFilesOptions {
  /** Day the derived "last 12 months" figures are computed for (YYYY-MM-DD); default today. */
  asOf?: string;
  /** Skip the derive step (the caller derives later). */
  skipDerive?: boolean;
  onFile?: (file: string, layout: LayoutName) => void;
  /** Timing of each statement of a file's load (benchmarks). */
  onStep?: (step: string, seconds: number) => void;
}

interface Source {
  label: string;
  open: () => Promise<Readable>;
}

const MAX_REPORTED = 20;

async function expandSources(files: string[]): Promise<Source[]> {
  const out: Source[] = [];
  for (const file of files) {
    if (/\.zip$/i.test(file)) {
      let entries;
      try {
        entries = await listZipEntries(file);
      } catch (error) {
        throw new AwardFileError([new DataFileError(file, undefined, (error as Error).message)], 1);
      }
      const csvs = entries.filter((e) => /\.csv$/i.test(e.name));
      if (csvs.length === 0) throw new AwardFileError([new DataFileError(file, undefined, 'the zip holds no .csv file')], 1);
      for (const entry of csvs) out.push({ label: `${file}/${entry.name}`, open: () => openZipEntry(file, entry) });
    } else {
      out.push({ label: file, open: async () => createReadStream(file) });
    }
  }
  return out;
}

/** The header row of a CSV stream (the first line; headers never span lines). */
async function readHeader(source: Source): Promise<string[]> {
  const stream = await source.open();
  let text = '';
  try {
    for await (const chunk of stream) {
      text += (chunk as Buffer).toString('utf8');
      if (text.includes('\n') || text.length > 1_000_000) break;
    }
  } finally {
    stream.destroy();
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

/** FROM clause shared by the mappings: staged rows with their award type, agencies and offices. */
function fromClause(src: SourceColumns, layout: AwardFileLayout): string {
  const awarding = src.first('awarding_sub_agency_code', 'prime_award_awarding_sub_agency_code');
  const funding = src.first('funding_sub_agency_code', 'prime_award_funding_sub_agency_code');
  const typeSql = layout.kind === 'subaward' ? `'-1'` : typeExpression(src, layout);
  return `award_stage s
    CROSS JOIN LATERAL (SELECT ${typeSql} AS code) t0
    JOIN award_type_lookup ty ON ty.code = t0.code
    LEFT JOIN agency_lookup aw ON aw.subtier_code = ${awarding}
    LEFT JOIN agency_lookup fu ON fu.subtier_code = ${funding}
    LEFT JOIN office ao ON ao.office_code = ${src.text('awarding_office_code')}
    LEFT JOIN office fo ON fo.office_code = ${src.text('funding_office_code')}`;
}

const cols = (m: ColumnMapping[]) => m.map(([c]) => `"${c}"`).join(', ');
const prefixed = (m: ColumnMapping[], alias: string, prefix = '') => m.map(([c]) => `${alias}."${prefix}${c}"`).join(', ');
const selectList = (m: ColumnMapping[], prefix = '') => m.map(([c, e]) => `${e} AS "${prefix}${c}"`).join(',\n    ');
const rowOf = (list: string) => (list.includes(',') ? `(${list})` : `ROW(${list})`);

/** Checks every staged row; returns up to MAX_REPORTED problems with their file lines, and the total. */
async function validate(client: pg.Client, source: Source, layout: AwardFileLayout, header: string[]): Promise<void> {
  const src = new SourceColumns(header);
  // One pass over the staged rows: every check is a CASE yielding its reason or null.
  const checks: string[] = [];
  const check = (condition: string, reason: string) => checks.push(`CASE WHEN ${condition} THEN ${reason} END`);
  for (const c of layout.requiredValues) check(`${src.text(c)} IS NULL`, pg.escapeLiteral(`missing value for ${c}`));
  for (const c of layout.dateColumns.filter((x) => src.has(x))) {
    check(`${src.text(c)} IS NOT NULL AND NOT is_iso_date(${src.text(c)})`, `format('invalid date %L in ${c} (expected YYYY-MM-DD)', ${src.text(c)})`);
  }
  for (const c of ['last_modified_date', 'subaward_sam_report_last_modified_date'].filter((x) => src.has(x))) {
    check(`${src.text(c)} IS NOT NULL AND NOT is_iso_date(left(${src.text(c)}, 10))`, `format('invalid date %L in ${c}', ${src.text(c)})`);
  }
  for (const c of layout.numericColumns.filter((x) => src.has(x))) {
    check(`${src.text(c)} IS NOT NULL AND ${src.text(c)} !~ '^-?[0-9]{1,21}(\\.[0-9]+)?$'`, `format('invalid amount %L in ${c}', ${src.text(c)})`);
  }
  for (const prefix of ['awarding', 'funding']) {
    const code = src.first(`${prefix}_sub_agency_code`, `prime_award_${prefix}_sub_agency_code`);
    if (code === 'NULL::text') continue;
    check(`${code} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM subtier_agency x JOIN agency a USING (subtier_agency_id) WHERE x.subtier_code = ${code})`,
      `format('unknown ${prefix} sub-agency code %L (not in the agency reference data)', ${code})`);
  }
  let key: string;
  if (layout.kind === 'subaward') {
    key = `${src.text('prime_award_unique_key')} || '|' || ${src.text('subaward_number')} || '|' || coalesce(${src.text('subaward_sam_report_id')}, '')`;
    check(`${src.text('prime_award_unique_key')} !~ '^(CONT_AWD_|CONT_IDV_|ASST_NON_|ASST_AGG_)'`, `format('prime_award_unique_key %L is not a generated award key', ${src.text('prime_award_unique_key')})`);
  } else {
    const awardKey = src.text(layout.fpds ? 'contract_award_unique_key' : 'assistance_award_unique_key');
    const pattern = layout.fpds ? '^CONT_(AWD|IDV)_' : '^ASST_(NON|AGG)_';
    check(`${awardKey} !~ '${pattern}'`, `format('award key %L does not start with ${pattern.slice(1).replace(/\\/g, '')}', ${awardKey})`);
    key = layout.kind === 'transaction' ? src.text(layout.fpds ? 'contract_transaction_unique_key' : 'assistance_transaction_unique_key') : awardKey;
    if (!layout.fpds) check(`${src.text('award_id_fain')} IS NULL AND ${src.text('award_id_uri')} IS NULL`, `'missing value for award_id_fain or award_id_uri'`);
  }
  const duplicates = `SELECT _row, format('duplicate key %L (also on record %s of the file)', k, first_row) FROM (
      SELECT _row, ${key} AS k, min(_row) OVER (PARTITION BY ${key}) AS first_row FROM award_stage s) d
    WHERE k IS NOT NULL AND _row > first_row`;
  const found = await client.query<{ row: string; reason: string; total: string; line: string }>(`
    WITH problems AS (
      SELECT s._row, r.reason FROM award_stage s CROSS JOIN LATERAL unnest(ARRAY[${checks.join(',\n        ')}]::text[]) AS r(reason)
      WHERE r.reason IS NOT NULL
      UNION ALL ${duplicates}),
    firsts AS (SELECT _row, reason, count(*) OVER () AS total FROM problems ORDER BY _row, reason LIMIT ${MAX_REPORTED})
    SELECT f._row AS row, f.reason, f.total,
      1 + f._row + coalesce((SELECT sum(length(x::text) - length(replace(x::text, E'\\n', ''))) FROM award_stage x WHERE x._row < f._row), 0) AS line
    FROM firsts f ORDER BY f._row, f.reason`);
  if (found.rows.length > 0) {
    throw new AwardFileError(found.rows.map((r) => new DataFileError(source.label, Number(r.line), r.reason)), Number(found.rows[0]?.total ?? found.rows.length));
  }
}

async function stage(client: pg.Client, source: Source, header: string[]): Promise<number> {
  const names = header.map((_, i) => `c${i + 1}`);
  await client.query(`CREATE TEMP TABLE award_stage (_row bigint GENERATED ALWAYS AS IDENTITY, ${names.map((n) => `${n} text`).join(', ')}) ON COMMIT DROP`);
  const copy = client.query(copyFrom(`COPY award_stage (${names.join(', ')}) FROM STDIN WITH (FORMAT csv, HEADER true)`));
  try {
    await pipeline(await source.open(), copy);
  } catch (error) {
    const e = error as Error & { where?: string };
    const line = /line (\d+)/.exec(e.where ?? '')?.[1];
    const reason = e.message.replace(/column "?c(\d+)"?/g, (_, i: string) => `column ${header[Number(i) - 1] ?? i}`);
    throw new AwardFileError([new DataFileError(source.label, line ? Number(line) : undefined, reason)], 1);
  }
  return Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM award_stage')).rows[0]?.n ?? 0);
}

/** A client whose queries report their duration, labelled by their first words. */
function timed(client: pg.Client, onStep: LoadAwardFilesOptions['onStep']): pg.Client {
  if (!onStep) return client;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'query') return Reflect.get(target, prop, receiver);
      return (...args: unknown[]) => {
        if (typeof args[0] !== 'string') return query(...args); // COPY streams pass through
        const text = args[0];
        const started = performance.now();
        return query(...args).then((result) => {
          onStep(text.trim().split(/\s+/).slice(0, 5).join(' '), (performance.now() - started) / 1000);
          return result;
        });
      };
    },
  });
}

async function upsertTransactions(client: pg.Client, layout: AwardFileLayout, header: string[]): Promise<{ inserted: number; updated: number }> {
  const src = new SourceColumns(header);
  const tx = transactionColumns(src, layout);
  const detail = src.detail();
  const awardSrc = new SourceColumns(header);
  const award = awardFromTransactionColumns(awardSrc, layout);
  await client.query(`
    CREATE TEMP TABLE award_tx ON COMMIT DROP AS
    WITH ${typeLookup}, ${agencyLookup}
    SELECT s._row,
      ${selectList(tx)},
      ${detail} AS detail
    FROM ${fromClause(src, layout)}`);
  // The award row comes from the award's latest transaction in the file.
  await client.query(`
    CREATE TEMP TABLE award_latest ON COMMIT DROP AS
    WITH ${typeLookup}, ${agencyLookup},
    latest AS (
      SELECT DISTINCT ON (generated_unique_award_id) _row, action_date AS latest_action_date FROM award_tx
      ORDER BY generated_unique_award_id, action_date DESC, modification_number DESC NULLS LAST, transaction_unique_id DESC)
    SELECT s._row, latest.latest_action_date, ${selectList(award, 'a__')}
    FROM ${fromClause(awardSrc, layout)}
    JOIN latest ON latest._row = s._row
    ${fileCJoins(awardSrc)}`);
  await client.query(`
    INSERT INTO award_search (${cols(award)}, update_date)
    SELECT ${prefixed(award, 'm', 'a__')}, now() FROM award_latest m
    WHERE NOT EXISTS (SELECT 1 FROM award_search x WHERE x.generated_unique_award_id = m.a__generated_unique_award_id)
    ORDER BY m._row`);
  await client.query(`
    UPDATE award_search x SET ${rowOf(cols(award))} = ${rowOf(prefixed(award, 'm', 'a__'))}, update_date = now()
    FROM award_latest m
    WHERE x.generated_unique_award_id = m.a__generated_unique_award_id
      AND (x.action_date IS NULL OR m.latest_action_date >= x.action_date)
      AND ${rowOf(prefixed(award, 'x'))} IS DISTINCT FROM ${rowOf(prefixed(award, 'm', 'a__'))}`);
  const txCols = [...tx, ['detail', ''] as ColumnMapping];
  const updated = await client.query(`
    UPDATE transaction_search t SET ${rowOf(`award_id, ${cols(txCols)}`)} = ${rowOf(`x.award_id, ${prefixed(txCols, 'm')}`)}
    FROM award_tx m JOIN award_search x ON x.generated_unique_award_id = m.generated_unique_award_id
    WHERE t.transaction_unique_id = m.transaction_unique_id
      AND ${rowOf(`t.award_id, ${prefixed(txCols, 't')}`)} IS DISTINCT FROM ${rowOf(`x.award_id, ${prefixed(txCols, 'm')}`)}`);
  const inserted = await client.query(`
    INSERT INTO transaction_search (award_id, ${cols(txCols)})
    SELECT x.award_id, ${prefixed(txCols, 'm')}
    FROM award_tx m JOIN award_search x ON x.generated_unique_award_id = m.generated_unique_award_id
    WHERE NOT EXISTS (SELECT 1 FROM transaction_search t WHERE t.transaction_unique_id = m.transaction_unique_id)
    ORDER BY m._row`);
  await client.query(`
    INSERT INTO derive_scope (award_id)
    SELECT DISTINCT x.award_id FROM award_latest m JOIN award_search x ON x.generated_unique_award_id = m.a__generated_unique_award_id
    ON CONFLICT DO NOTHING`);
  return { inserted: inserted.rowCount ?? 0, updated: updated.rowCount ?? 0 };
}

async function upsertAwards(client: pg.Client, layout: AwardFileLayout, header: string[]): Promise<{ inserted: number; updated: number }> {
  const src = new SourceColumns(header);
  const { descriptive: rawDescriptive, totals } = awardSummaryColumns(src, layout);
  const joins = fileCJoins(src);
  const detail = src.detail();
  const descriptive = rawDescriptive.map(([c, e]): ColumnMapping => [c, e === 'DETAIL' ? detail : e]);
  await client.query(`
    CREATE TEMP TABLE award_summary ON COMMIT DROP AS
    WITH ${typeLookup}, ${agencyLookup}
    SELECT s._row, ${selectList(descriptive)}, ${selectList(totals, 't__')}
    FROM ${fromClause(src, layout)}
    ${joins}`);
  const inserted = await client.query(`
    INSERT INTO award_search (${cols(descriptive)}, ${cols(totals)}, update_date)
    SELECT ${prefixed(descriptive, 'm')}, ${prefixed(totals, 'm', 't__')}, now() FROM award_summary m
    WHERE NOT EXISTS (SELECT 1 FROM award_search x WHERE x.generated_unique_award_id = m.generated_unique_award_id)
    ORDER BY m._row`);
  const updated = await client.query(`
    UPDATE award_search x SET ${rowOf(cols(descriptive))} = ${rowOf(prefixed(descriptive, 'm'))}, update_date = now()
    FROM award_summary m
    WHERE x.generated_unique_award_id = m.generated_unique_award_id
      AND ${rowOf(prefixed(descriptive, 'x'))} IS DISTINCT FROM ${rowOf(prefixed(descriptive, 'm'))}`);
  // Totals of a summary file stand only for awards without transactions (derive sums those).
  const totalsUpdated = await client.query(`
    UPDATE award_search x SET ${rowOf(cols(totals))} = ${rowOf(prefixed(totals, 'm', 't__'))}
    FROM award_summary m
    WHERE x.generated_unique_award_id = m.generated_unique_award_id AND x.transaction_count = 0
      AND ${rowOf(prefixed(totals, 'x'))} IS DISTINCT FROM ${rowOf(prefixed(totals, 'm', 't__'))}`);
  await client.query(`
    INSERT INTO derive_scope (award_id)
    SELECT x.award_id FROM award_summary m JOIN award_search x ON x.generated_unique_award_id = m.generated_unique_award_id
    ON CONFLICT DO NOTHING`);
  return { inserted: inserted.rowCount ?? 0, updated: Math.max(updated.rowCount ?? 0, totalsUpdated.rowCount ?? 0) };
}

async function upsertSubawards(client: pg.Client, layout: AwardFileLayout, header: string[]): Promise<{ inserted: number; updated: number }> {
  const src = new SourceColumns(header);
  const raw = subawardColumns(src, layout);
  const detail = src.detail();
  const mapped = raw.map(([c, e]): ColumnMapping => [c, e === 'DETAIL' ? detail : e]);
  await client.query(`
    CREATE TEMP TABLE award_sub ON COMMIT DROP AS
    WITH ${typeLookup}, ${agencyLookup}
    SELECT s._row, ${selectList(mapped)}
    FROM ${fromClause(src, layout)}
    LEFT JOIN award_search pa ON pa.generated_unique_award_id = ${src.text('prime_award_unique_key')}`);
  const updated = await client.query(`
    UPDATE subaward_search x SET ${rowOf(cols(mapped))} = ${rowOf(prefixed(mapped, 'm'))}
    FROM award_sub m WHERE x.subaward_key = m.subaward_key
      AND ${rowOf(prefixed(mapped, 'x'))} IS DISTINCT FROM ${rowOf(prefixed(mapped, 'm'))}`);
  const inserted = await client.query(`
    INSERT INTO subaward_search (${cols(mapped)})
    SELECT ${prefixed(mapped, 'm')} FROM award_sub m
    WHERE NOT EXISTS (SELECT 1 FROM subaward_search x WHERE x.subaward_key = m.subaward_key)
    ORDER BY m._row`);
  await client.query(`INSERT INTO derive_scope (award_id) SELECT DISTINCT award_id FROM award_sub WHERE award_id IS NOT NULL ON CONFLICT DO NOTHING`);
  return { inserted: inserted.rowCount ?? 0, updated: updated.rowCount ?? 0 };
}

/**
 * Loads award files in the USAspending download layouts (prime transactions, prime award summaries,
 * subawards; CSV files or zips of them), detecting each file's layout from its header. Each file is staged
 * with COPY into a temporary table, checked row by row (a problem is reported with file, line and reason,
 * and nothing of that file is loaded), then upserted in the same transaction on its unique keys, so
 * loading a file twice changes nothing. The derived tables are refreshed for the awards touched.
 */
export async function loadAwardFiles(url: string, files: string[], options: LoadAwardFilesOptions = {}): Promise<LoadAwardFilesResult> {
  const started = performance.now();
  const sources = await expandSources(files);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const results: AwardFileResult[] = [];
  try {
    await client.query('SELECT derive_ensure_scope()');
    await client.query('TRUNCATE derive_scope');
    for (const source of sources) {
      const fileStarted = performance.now();
      const header = await readHeader(source);
      const layout = detectLayout(header);
      if (!layout) {
        throw new AwardFileError([new DataFileError(source.label, 1, 'unknown layout: the header has no USAspending award, transaction or subaward key column')], 1);
      }
      const duplicate = header.find((h, i) => header.indexOf(h) !== i);
      if (duplicate) throw new AwardFileError([new DataFileError(source.label, 1, `column ${duplicate} appears twice in the header`)], 1);
      const missing = layout.requiredColumns.filter((c) => !header.includes(c));
      if (missing.length > 0) throw new AwardFileError([new DataFileError(source.label, 1, `missing column(s) for ${layout.name}: ${missing.join(', ')}`)], 1);
      options.onFile?.(source.label, layout.name);
      await client.query('BEGIN');
      try {
        const c = timed(client, options.onStep);
        const rows = await stage(c, source, header);
        await validate(c, source, layout, header);
        const outcome = layout.kind === 'transaction' ? await upsertTransactions(c, layout, header)
          : layout.kind === 'award' ? await upsertAwards(c, layout, header)
          : await upsertSubawards(c, layout, header);
        await client.query('COMMIT');
        results.push({ file: source.label, layout: layout.name, rows, ...outcome, seconds: Math.round(performance.now() - fileStarted) / 1000 });
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
    const derive: LoadAwardFilesResult['derive'] = [];
    if (!options.skipDerive) derive.push(...await deriveImported(client, options.asOf));
    const changed = results.reduce((n, r) => n + r.inserted + r.updated, 0);
    await client.query(
      `INSERT INTO award_data_load (kind, source, as_of, row_counts, seconds) VALUES ('imported', $1, coalesce($2::date, current_date), $3, $4)`,
      [sources.map((s) => path.basename(s.label)).join(', ').slice(0, 2000), options.asOf ?? null,
        JSON.stringify(Object.fromEntries(results.map((r) => [path.basename(r.file), { rows: r.rows, inserted: r.inserted, updated: r.updated }]))),
        Math.round((performance.now() - started) / 100) / 10],
    );
    if (changed > 0) {
      const summaries = await client.query(`SELECT to_regprocedure('refresh_search_summaries()') IS NOT NULL AS present`);
      if (summaries.rows[0]?.present) await client.query('SELECT refresh_search_summaries()');
    }
    return { files: results, derive, seconds: Math.round((performance.now() - started) / 100) / 10 };
  } finally {
    await client.end();
  }
}

/** Scoped derive of the awards the loaded files touched (derive_scope), then the transactions' signing dates. */
async function deriveImported(client: pg.Client, asOf: string | undefined): Promise<LoadAwardFilesResult['derive']> {
  const steps = await client.query<{ step: string; changed: string; seconds: string }>(
    'SELECT step, changed, seconds FROM derive_award_data(true, coalesce($1::date, current_date))', [asOf ?? null]);
  const signed = await client.query(`
    UPDATE transaction_search t SET award_date_signed = a.date_signed
    FROM award_search a
    WHERE t.award_id = a.award_id AND a.award_id IN (SELECT award_id FROM derive_scope)
      AND t.award_date_signed IS DISTINCT FROM a.date_signed`);
  return [
    ...steps.rows.map((r) => ({ step: r.step, changed: Number(r.changed), seconds: Number(r.seconds) })),
    { step: 'transaction_date_signed', changed: signed.rowCount ?? 0, seconds: 0 },
  ];
}
