import { badRequest } from '@usas/errors';
import { AWARD_TYPE_GROUPS, compileFilters, type AdvancedFilter, type FilterContext } from '@usas/filters';
import { sql, type FragmentSqlToken } from 'slonik';
import { columnExpression, layoutColumns, sourceRows, type DownloadSource, type LayoutKey } from './column-sets';

/** Upstream `MAX_DOWNLOAD_LIMIT`: rows per file of a row-limited (non-bulk) download. */
export const MAX_DOWNLOAD_LIMIT = 500_000;

/** Earliest date a download may ask for (downloads reach further back than searches). */
export const DOWNLOAD_MIN_DATE = '1000-01-01';

export type FileFormat = 'csv' | 'tsv' | 'pstxt';

/** The request as processed (`download_request` of the response, `json_request` of the job row). */
export interface AwardDownloadRequest {
  request_type: 'award' | 'transaction' | 'search' | 'bulk_award';
  download_types: string[];
  filters: AdvancedFilter;
  columns: string[];
  file_format: FileFormat;
  /** Rows per file; null for bulk downloads (no limit). */
  limit: number | null;
  /** Bulk downloads: which subaward files (procurement: contracts, grant: assistance), regardless of prime award types. */
  sub_award_types?: Array<'procurement' | 'grant'>;
}

/**
 * One file of a job's zip: its entry name, layout, and the SELECT that produces its rows. `query` is null for an
 * empty entry (emptyFile).
 */
export interface PlannedFile {
  entryName: string;
  layout: LayoutKey;
  columns: string[];
  query: FragmentSqlToken | null;
}

/**
 * The file of a layout none of the requested columns is in: upstream still puts it in the zip, as an empty entry
 * (0 bytes, no header) named without the part number (`..._1.csv` becomes `....csv`).
 */
export function emptyFile(entryName: string, layout: LayoutKey): PlannedFile {
  return { entryName: entryName.replace(/_1(\.[A-Za-z]+)$/, '$1'), layout, columns: [], query: null };
}

const CONTRACT_CODES = new Set<string>([...AWARD_TYPE_GROUPS.contracts, ...AWARD_TYPE_GROUPS.idvs]);
const ASSISTANCE_CODES = new Set<string>([
  ...AWARD_TYPE_GROUPS.grants,
  ...AWARD_TYPE_GROUPS.direct_payments,
  ...AWARD_TYPE_GROUPS.loans,
  ...AWARD_TYPE_GROUPS.other_financial_assistance,
]);

/** The default of `award_type_codes`: every award type (the list upstream puts in `download_request`). */
export const ALL_AWARD_TYPE_CODES: NonNullable<AdvancedFilter['award_type_codes']> = ['02', '03', '04', '05', '06', '07', '08', '09', '10', '11', 'A', 'B', 'C', 'D', 'IDV_A', 'IDV_B', 'IDV_B_A', 'IDV_B_B', 'IDV_B_C', 'IDV_C', 'IDV_D', 'IDV_E', '-1'];

/** Extension of the files inside the zip per `file_format`. */
export const FILE_EXTENSION: Record<FileFormat, string> = { csv: 'csv', tsv: 'tsv', pstxt: 'txt' };

interface FileSpec {
  prefix: string;
  source: DownloadSource;
  fpds: boolean;
  layout: LayoutKey;
}

function fileSpecs(request: AwardDownloadRequest): FileSpec[] {
  const codes = request.filters.award_type_codes ?? ALL_AWARD_TYPE_CODES;
  const contracts = codes.some((c) => CONTRACT_CODES.has(c));
  const assistance = codes.some((c) => ASSISTANCE_CODES.has(c));
  const specs: FileSpec[] = [];
  const add = (fpds: boolean, what: string, source: DownloadSource, layout: LayoutKey) =>
    specs.push({ prefix: `${fpds ? 'Contracts' : 'Assistance'}_${what}`, source, fpds, layout });
  for (const type of request.download_types) {
    if (type === 'sub_awards' && request.sub_award_types) {
      if (request.sub_award_types.includes('procurement')) add(true, 'Subawards', 'subaward_search', 'subaward_search.d1');
      if (request.sub_award_types.includes('grant')) add(false, 'Subawards', 'subaward_search', 'subaward_search.d2');
      continue;
    }
    const [what, source, level] =
      type === 'awards' ? ['PrimeAwardSummaries', 'award_search', 'award'] as const
      : type === 'prime_transactions' ? ['PrimeTransactions', 'transaction_search', 'transaction_search'] as const
      : ['Subawards', 'subaward_search', 'subaward_search'] as const;
    if (contracts) add(true, what, source, `${level}.d1` as LayoutKey);
    if (assistance) add(false, what, source, `${level}.d2` as LayoutKey);
  }
  return specs;
}

/** Columns of `columns` that no file of the request has (a 400 upstream). */
export function unknownColumns(request: AwardDownloadRequest): string[] {
  const known = new Set(fileSpecs({ ...request, filters: { ...request.filters, award_type_codes: ALL_AWARD_TYPE_CODES } }).flatMap((s) => layoutColumns(s.layout)));
  return request.columns.filter((c) => !known.has(c));
}

const LEVEL = { award_search: 'awards', transaction_search: 'transactions', subaward_search: 'subawards' } as const;

/**
 * The files of an award or transaction download and their queries. Each query filters its table in a
 * subquery (the compiled filters name the table's columns unqualified) and then joins what the layout needs
 * (a transaction's award for the "overall award" columns). Throws ApiError for filters the compiler rejects,
 * so a request is checked completely before its job exists.
 */
export function planAwardDownload(request: AwardDownloadRequest, timestamp: string, context: FilterContext): PlannedFile[] {
  const bad = unknownColumns(request);
  if (bad.length > 0) {
    throw badRequest(`Unknown columns: ${bad.join(', ')}.`, [{ path: '/body/columns', message: `unknown column ${bad[0]}`, code: 'enum' }]);
  }
  const files: PlannedFile[] = [];
  for (const spec of fileSpecs(request)) {
    const all = layoutColumns(spec.layout);
    const columns = request.columns.length === 0 ? [...all] : all.filter((c) => request.columns.includes(c));
    // Upstream names the files of a custom award (bulk) download after the agency, which it always leaves `All`.
    const entryName = `${request.request_type === 'bulk_award' ? 'All_' : ''}${spec.prefix}_${timestamp}_1.${FILE_EXTENSION[request.file_format]}`;
    if (columns.length === 0) {
      files.push(emptyFile(entryName, spec.layout));
      continue;
    }
    // Bulk subaward files are chosen by sub_award_types; the prime award types do not narrow them.
    const filters = spec.source === 'subaward_search' && request.sub_award_types ? { ...request.filters, award_type_codes: undefined } : request.filters;
    const where = compileFilters(filters, LEVEL[spec.source], { ...context, minDate: DOWNLOAD_MIN_DATE });
    const limit = request.limit === null ? sql.fragment`` : sql.fragment`LIMIT ${request.limit}`;
    const kind = spec.source === 'subaward_search'
      ? sql.fragment`prime_award_group = ${spec.fpds ? 'procurement' : 'grant'}`
      : spec.fpds ? sql.fragment`is_fpds` : sql.fragment`NOT is_fpds`;
    const query = fileQuery(spec.source, spec.fpds, columns, sql.fragment`${kind} AND ${where} ${limit}`);
    files.push({ entryName, layout: spec.layout, columns, query });
  }
  return files;
}

/**
 * The SELECT of one file: `columns` of the layout over the rows of `source` that `where` keeps (unqualified column
 * names; it may end in a LIMIT), joined as the layout needs (a transaction's award for the "overall award"
 * columns). `leading` columns (name and expression) come first (the Delta files' correction_delete_ind).
 */
export function fileQuery(source: DownloadSource, fpds: boolean, columns: readonly string[], where: FragmentSqlToken, leading: Array<[string, FragmentSqlToken]> = []): FragmentSqlToken {
  const select = sql.join(
    [...leading.map(([name, expr]) => sql.fragment`${expr} AS ${sql.identifier([name])}`), ...columns.map((c) => sql.fragment`${columnExpression(source, fpds, c)} AS ${sql.identifier([c])}`)],
    sql.fragment`, `,
  );
  const filtered = sourceRows(source, where);
  return source === 'transaction_search'
    ? sql.fragment`SELECT ${select} FROM ${filtered} LEFT JOIN award_search AS aw ON aw.award_id = src.award_id`
    : sql.fragment`SELECT ${select} FROM ${filtered}`;
}
