import { sql } from 'slonik';
import { layoutColumns } from './column-sets';
import { fileQuery, type PlannedFile } from './download-plan';

/** The award kinds of the monthly archive files (the `type` of list_monthly_files). */
export type MonthlyKind = 'contracts' | 'assistance';

/** One archive file to produce: an agency's (or `All` agencies') transactions of one fiscal year and kind. */
export interface MonthlyTarget {
  fiscalYear: number;
  /** The awarding toptier agency's code, or `All`. */
  toptierCode: string;
  kind: MonthlyKind;
}

const KIND_NAME: Record<MonthlyKind, string> = { contracts: 'Contracts', assistance: 'Assistance' };

/**
 * Upstream's archive file names: `FY2020_020_Contracts_Full_20201108.zip` (every transaction of the agency's
 * fiscal year) and `..._Delta_20201108.zip` (those written since the previous run); the date is the run's.
 */
export function monthlyFileName(target: MonthlyTarget, delta: boolean, fileDate: string): string {
  return `FY${target.fiscalYear}_${target.toptierCode}_${KIND_NAME[target.kind]}_${delta ? 'Delta' : 'Full'}_${fileDate.replaceAll('-', '')}.zip`;
}

/**
 * The one CSV of an archive file (split into `_1`, `_2`, ... past the row limit by the zip writer): the prime
 * transaction layout of the kind, rows of the awarding agency (every agency for `All`) whose action date lies in
 * the fiscal year. A Delta keeps the rows written since `deltaSince` (every row when there was no run before) and
 * starts with upstream's `correction_delete_ind` column (`C`: a new or corrected row).
 */
export function planMonthlyFile(target: MonthlyTarget, delta: { since: string | null } | null, fileDate: string): PlannedFile {
  const fpds = target.kind === 'contracts';
  const layout = fpds ? 'transaction_search.d1' : 'transaction_search.d2';
  const columns = [...layoutColumns(layout)];
  const agency = target.toptierCode === 'All' ? sql.fragment`TRUE` : sql.fragment`awarding_toptier_agency_code = ${target.toptierCode}`;
  const changed = delta?.since ? sql.fragment`row_changed_at >= ${delta.since}::timestamptz` : sql.fragment`TRUE`;
  const where = sql.fragment`fiscal_year = ${target.fiscalYear} AND ${agency} AND is_fpds = ${fpds} AND ${changed}`;
  const leading: Array<[string, ReturnType<typeof sql.fragment>]> = delta ? [['correction_delete_ind', sql.fragment`'C'::text`]] : [];
  const name = monthlyFileName(target, delta !== null, fileDate).replace(/\.zip$/, '_1.csv');
  return { entryName: name, layout, columns: [...leading.map(([n]) => n), ...columns], query: fileQuery('transaction_search', fpds, columns, where, leading) };
}
