import { sql } from 'slonik';
import { accountRowsQuery, gtasRowsQuery } from './account-plan';
import { layoutColumns } from './column-sets';
import { FILE_EXTENSION, planAwardDownload, type FileFormat, type PlannedFile } from './download-plan';
import type { FilterContext } from '@usas/filters';

/** The request of `download/disaster` as processed (upstream: the COVID-19 profile's download). */
export interface DisasterProfileRequest {
  request_type: 'disaster';
  file_format: FileFormat;
  filters: {
    def_codes: string[];
    /** The latest closed monthly submission period (upstream strings). */
    latest_fiscal_year: string;
    latest_fiscal_period: string;
    /** Upstream's constant: DEF code tracking starts in April 2020 (FY2020 P07). */
    start_date: '2020-04-01';
  };
}

/** First fiscal year and period of DEF code tracking. */
const FIRST_YEAR = 2020;
const FIRST_PERIOD = 7;

/**
 * The files of the COVID-19 profile zip, as upstream's `generate_covid19_download` names them (the timestamp
 * without its microseconds): GTAS balances of the latest closed period (`FY2024P06-Present_All_TAS_AccountBalances`),
 * File B rows from FY2020 P07 on (each agency's latest submission of each fiscal year: balances are cumulative
 * within a year) (`…_AccountBreakdownByPA-OC`), then the prime award summaries and subawards of the awards the
 * DEF codes funded (`Contracts_PrimeAwardSummaries`, `Assistance_…`, `Contracts_Subawards`, `Assistance_Subawards`).
 * All of it only for the request's DEF codes. Upstream also adds its data dictionary workbook, which this service
 * does not have.
 */
export function planDisasterProfile(request: DisasterProfileRequest, timestamp: string, context: FilterContext): PlannedFile[] {
  const short = timestamp.slice(0, -6);
  const ext = FILE_EXTENSION[request.file_format];
  const fy = Number(request.filters.latest_fiscal_year);
  const period = Number(request.filters.latest_fiscal_period);
  const codes = request.filters.def_codes;
  const stem = `FY${fy}P${String(period).padStart(2, '0')}-Present_All_TAS`;
  const gtasColumns = [...layoutColumns('gtas_balances.treasury_account')];
  const breakdownColumns = [...layoutColumns('object_class_program_activity.treasury_account')];
  const breakdown = accountRowsQuery('object_class_program_activity', breakdownColumns, [
    sql.fragment`t.disaster_emergency_fund_code = ANY(${sql.array(codes, 'text')})`,
    sql.fragment`(s.reporting_fiscal_year, s.reporting_fiscal_period) >= (${FIRST_YEAR}, ${FIRST_PERIOD})`,
    sql.fragment`(s.reporting_fiscal_year, s.reporting_fiscal_period) <= (${fy}, ${period})`,
    sql.fragment`s.submission_id IN (
      SELECT DISTINCT ON (l.toptier_code, l.reporting_fiscal_year) l.submission_id FROM submission_attributes l
      WHERE l.reporting_fiscal_year >= ${FIRST_YEAR} AND (l.reporting_fiscal_year, l.reporting_fiscal_period) <= (${fy}, ${period})
      ORDER BY l.toptier_code, l.reporting_fiscal_year, l.reporting_fiscal_period DESC, l.published_date DESC NULLS LAST, l.submission_id DESC)`,
  ]);
  const awards = planAwardDownload(
    { request_type: 'award', download_types: ['awards', 'sub_awards'], filters: { def_codes: codes }, columns: [], file_format: request.file_format, limit: null },
    short,
    context,
  );
  return [
    { entryName: `${stem}_AccountBalances_${short}_1.${ext}`, layout: 'gtas_balances.treasury_account', columns: gtasColumns, query: gtasRowsQuery(gtasColumns, fy, period, codes) },
    { entryName: `${stem}_AccountBreakdownByPA-OC_${short}_1.${ext}`, layout: 'object_class_program_activity.treasury_account', columns: breakdownColumns, query: breakdown },
    ...awards,
  ];
}
