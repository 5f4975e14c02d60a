import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { MonthlyKind, MonthlyTarget } from './monthly-archive-plan';

const Run = z.object({ run_id: z.number(), file_date: z.string(), delta_since: z.string().nullable(), finished: z.boolean() });
export type MonthlyRun = z.infer<typeof Run>;

/**
 * The run of a schedule-started workflow, created on first call (a retried activity finds the same run). The
 * Delta files of the run hold the rows changed since the previous finished run's `changed_from`; this run's own
 * `changed_from` is now, moved back to the start of the oldest transaction still writing (rows it commits later
 * are not visible to this run, and so belong to the next Delta).
 */
export async function startMonthlyRun(db: CommonQueryMethods, workflowId: string): Promise<MonthlyRun> {
  await db.query(sql.unsafe`
    INSERT INTO monthly_archive_run (workflow_id, file_date, changed_from, delta_since)
    SELECT ${workflowId}, (now() AT TIME ZONE 'UTC')::date,
      least(now(), (SELECT min(xact_start) FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid())),
      (SELECT changed_from FROM monthly_archive_run WHERE finished_at IS NOT NULL ORDER BY run_id DESC LIMIT 1)
    ON CONFLICT (workflow_id) DO NOTHING`);
  return db.one(sql.type(Run)`
    SELECT run_id::int AS run_id, to_char(file_date, 'YYYY-MM-DD') AS file_date,
      to_char(delta_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS delta_since, finished_at IS NOT NULL AS finished
    FROM monthly_archive_run WHERE workflow_id = ${workflowId}`);
}

/** A run by id. */
export async function findMonthlyRun(db: CommonQueryMethods, runId: number): Promise<MonthlyRun | null> {
  return db.maybeOne(sql.type(Run)`
    SELECT run_id::int AS run_id, to_char(file_date, 'YYYY-MM-DD') AS file_date,
      to_char(delta_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS delta_since, finished_at IS NOT NULL AS finished
    FROM monthly_archive_run WHERE run_id = ${runId}`);
}

const Target = z.object({ fiscal_year: z.number(), toptier_code: z.string(), is_fpds: z.boolean() });

/**
 * Every (fiscal year, awarding agency, kind) with transactions from `firstFiscalYear` on, plus `All` agencies per
 * fiscal year and kind (an index-only walk of transaction_search_monthly_archive_idx).
 */
export async function listMonthlyTargets(db: CommonQueryMethods, firstFiscalYear: number): Promise<MonthlyTarget[]> {
  const rows = await db.any(sql.type(Target)`
    WITH t AS (
      SELECT DISTINCT fiscal_year, awarding_toptier_agency_code AS toptier_code, is_fpds FROM transaction_search
      WHERE fiscal_year >= ${firstFiscalYear} AND awarding_toptier_agency_code IS NOT NULL)
    SELECT fiscal_year, toptier_code, is_fpds FROM t
    UNION ALL SELECT DISTINCT fiscal_year, 'All', is_fpds FROM t
    ORDER BY 1, 2, 3`);
  return rows.map((r) => ({ fiscalYear: r.fiscal_year, toptierCode: r.toptier_code, kind: r.is_fpds ? 'contracts' : 'assistance' }));
}

/** File names a run has already produced (a retried activity skips them). */
export async function listRunFiles(db: CommonQueryMethods, runId: number): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ file_name: z.string() }))`SELECT file_name FROM monthly_archive_file WHERE run_id = ${runId}`);
}

/** Records a complete file of a run (a file of the same name from an earlier run the same day is taken over). */
export async function recordMonthlyFile(db: CommonQueryMethods, file: { fileName: string; runId: number; target: MonthlyTarget; delta: boolean; rows: number; bytes: number }): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO monthly_archive_file (file_name, run_id, toptier_code, fiscal_year, award_kind, is_delta, total_rows, file_size)
    VALUES (${file.fileName}, ${file.runId}, ${file.target.toptierCode}, ${file.target.fiscalYear}, ${file.target.kind}, ${file.delta}, ${file.rows}, ${file.bytes})
    ON CONFLICT (file_name) DO UPDATE SET run_id = EXCLUDED.run_id, total_rows = EXCLUDED.total_rows, file_size = EXCLUDED.file_size, created_at = now()`);
}

/**
 * Marks a run finished and forgets the files of the runs before it (their names are returned, for deletion from
 * disk): only the newest versions are listed and kept.
 */
export async function finishMonthlyRun(db: CommonQueryMethods, runId: number): Promise<readonly string[]> {
  await db.query(sql.unsafe`UPDATE monthly_archive_run SET finished_at = coalesce(finished_at, now()) WHERE run_id = ${runId}`);
  return db.anyFirst(sql.type(z.object({ file_name: z.string() }))`
    DELETE FROM monthly_archive_file WHERE run_id < ${runId} RETURNING file_name`);
}

const Listed = z.object({ file_name: z.string(), fiscal_year: z.number(), award_kind: z.enum(['contracts', 'assistance']), updated_date: z.string(), is_delta: z.boolean() });
export type ListedMonthlyFile = z.infer<typeof Listed>;

/** The current files of an agency (or `All`) and fiscal year (of finished runs), Full files first, by kind. */
export async function listMonthlyFiles(db: CommonQueryMethods, filter: { toptierCode: string; fiscalYear: number; kind?: MonthlyKind }): Promise<readonly ListedMonthlyFile[]> {
  return db.any(sql.type(Listed)`
    SELECT f.file_name, f.fiscal_year, f.award_kind, to_char(r.file_date, 'YYYY-MM-DD') AS updated_date, f.is_delta
    FROM monthly_archive_file f JOIN monthly_archive_run r USING (run_id)
    WHERE r.finished_at IS NOT NULL AND f.toptier_code = ${filter.toptierCode} AND f.fiscal_year = ${filter.fiscalYear}
      ${filter.kind ? sql.fragment`AND f.award_kind = ${filter.kind}` : sql.fragment``}
    ORDER BY f.is_delta, f.award_kind, f.file_name`);
}

/** True when `fileName` is a current archive file (of a finished run): the file route serves it. */
export async function isMonthlyFile(db: CommonQueryMethods, fileName: string): Promise<boolean> {
  return db.exists(sql.unsafe`
    SELECT 1 FROM monthly_archive_file f JOIN monthly_archive_run r USING (run_id) WHERE f.file_name = ${fileName} AND r.finished_at IS NOT NULL`);
}
