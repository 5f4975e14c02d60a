import { badRequest } from '@usas/errors';
import { sql, type FragmentSqlToken, type IdentifierSqlToken } from 'slonik';
import { columnExpression, layoutColumns, type LayoutKey } from './column-sets';
import { emptyFile, FILE_EXTENSION, type FileFormat, type PlannedFile } from './download-plan';

export type AccountLevel = 'treasury_account' | 'federal_account';
export type AccountSubmissionType = 'account_balances' | 'object_class_program_activity' | 'award_financial';

/** The request of `download/accounts` as processed (`download_request`; the job row adds the resolved names). */
export interface AccountDownloadRequest {
  request_type: 'account';
  account_level: AccountLevel;
  download_types: AccountSubmissionType[];
  file_format: FileFormat;
  columns: string[];
  /** `all`, or the toptier_agency_id of the agency filtered on. */
  agency: string;
  filters: {
    fy: number;
    quarter?: number;
    period?: number;
    /** Resolved ids: toptier_agency_id, federal_account id. */
    agency?: string;
    federal_account?: number;
    budget_function?: string;
    budget_subfunction?: string;
    def_codes?: string[];
  };
}

/** Upstream file kinds per submission type (download/v2/download_admin / `FILE_TYPES`). */
export const ACCOUNT_FILE_KIND: Record<AccountSubmissionType, string> = {
  account_balances: 'AccountBalances',
  object_class_program_activity: 'AccountBreakdownByPA-OC',
  award_financial: 'AccountBreakdownByAward',
};

/**
 * `FY2018Q1_All_TAS`, `FY2018Q1-Q3_012_FA`, `FY2020P01-P07_All_TAS`: the start every file name of an account
 * download shares (upstream: the range of quarters or periods from the start of the year, the agency's toptier
 * code or `All`, the level).
 */
export function accountFileStem(request: AccountDownloadRequest, agencyCode: string | null): string {
  const { fy, quarter, period } = request.filters;
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = period !== undefined ? `P01-P${pad(period)}` : quarter === 1 ? 'Q1' : `Q1-Q${quarter}`;
  return `FY${fy}${when}_${agencyCode ?? 'All'}_${request.account_level === 'treasury_account' ? 'TAS' : 'FA'}`;
}

/** The zip of an account download: named after its one file type, `AccountData` when it holds several. */
export function accountZipName(request: AccountDownloadRequest, fileStem: string, timestamp: string): string {
  const [only] = request.download_types;
  const kind = request.download_types.length === 1 && only ? ACCOUNT_FILE_KIND[only] : 'AccountData';
  return `${fileStem}_${kind}_${timestamp}.zip`;
}

type Expr = FragmentSqlToken | IdentifierSqlToken;
const t = (name: string): IdentifierSqlToken => sql.identifier(['t', name]);
const NO_VALUE = sql.fragment`NULL::numeric`;
const agencyName = (code: Expr) => sql.fragment`(SELECT ta.name FROM toptier_agency ta WHERE ta.toptier_code = ${code} LIMIT 1)`;

/** Columns every account file shares: the submission and the account (TAS, federal account, owning agency). */
const ACCOUNT_COLUMNS: Record<string, Expr> = {
  owning_agency_name: sql.fragment`ota.name`,
  reporting_agency_name: sql.fragment`s.reporting_agency_name`,
  submission_period: sql.fragment`'FY' || s.reporting_fiscal_year || CASE WHEN s.quarter_format_flag THEN 'Q' || s.reporting_fiscal_quarter ELSE 'P' || lpad(s.reporting_fiscal_period::text, 2, '0') END`,
  allocation_transfer_agency_identifier_code: sql.fragment`taa.allocation_transfer_agency_id`,
  agency_identifier_code: sql.fragment`taa.agency_id`,
  beginning_period_of_availability: sql.fragment`taa.beginning_period_of_availability`,
  ending_period_of_availability: sql.fragment`taa.ending_period_of_availability`,
  availability_type_code: sql.fragment`taa.availability_type_code`,
  main_account_code: sql.fragment`taa.main_account_code`,
  sub_account_code: sql.fragment`taa.sub_account_code`,
  treasury_account_symbol: sql.fragment`taa.tas_rendering_label`,
  treasury_account_name: sql.fragment`taa.account_title`,
  agency_identifier_name: agencyName(sql.fragment`taa.agency_id`),
  allocation_transfer_agency_identifier_name: agencyName(sql.fragment`taa.allocation_transfer_agency_id`),
  budget_function: sql.fragment`taa.budget_function_title`,
  budget_subfunction: sql.fragment`taa.budget_subfunction_title`,
  federal_account_symbol: sql.fragment`fa.federal_account_code`,
  federal_account_name: sql.fragment`fa.account_title`,
  last_modified_date: sql.fragment`s.published_date::date`,
};

/** Program activity, object class and DEF code of File B and C rows. */
const BREAKDOWN_COLUMNS: Record<string, Expr> = {
  program_activity_reporting_key: sql.fragment`NULL::text`,
  program_activity_code: sql.fragment`pa.program_activity_code`,
  program_activity_name: sql.fragment`pa.program_activity_name`,
  object_class_code: sql.fragment`oc.object_class`,
  object_class_name: sql.fragment`oc.object_class_name`,
  direct_or_reimbursable_funding_source: sql.fragment`oc.direct_reimbursable`,
  disaster_emergency_fund_code: t('disaster_emergency_fund_code'),
  disaster_emergency_fund_name: sql.fragment`defc.title`,
};

/** File A amounts: the balance columns, under their file names. */
const BALANCE_AMOUNTS: Record<string, Expr> = {
  budget_authority_unobligated_balance_brought_forward: t('budget_authority_unobligated_balance_brought_forward_fyb'),
  adjustments_to_unobligated_balance_brought_forward_cpe: t('adjustments_to_unobligated_balance_brought_forward_cpe'),
  budget_authority_appropriated_amount: t('budget_authority_appropriated_amount_cpe'),
  borrowing_authority_amount: t('borrowing_authority_amount_total_cpe'),
  contract_authority_amount: t('contract_authority_amount_total_cpe'),
  spending_authority_from_offsetting_collections_amount: t('spending_authority_from_offsetting_collections_amount_cpe'),
  total_other_budgetary_resources_amount: t('other_budgetary_resources_amount_cpe'),
  total_budgetary_resources: t('total_budgetary_resources_amount_cpe'),
  obligations_incurred: t('obligations_incurred_total_by_tas_cpe'),
  deobligations_or_recoveries_or_refunds_from_prior_year: t('deobligations_recoveries_refunds_by_tas_cpe'),
  unobligated_balance: t('unobligated_balance_cpe'),
  gross_outlay_amount: t('gross_outlay_amount_by_tas_cpe'),
  status_of_budgetary_resources_total: t('status_of_budgetary_resources_total_cpe'),
};

const USSGL_ADJUSTMENTS: Record<string, Expr> = {
  USSGL487200_downward_adj_prior_year_prepaid_undeliv_order_oblig: t('ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe'),
  USSGL497200_downward_adj_of_prior_year_paid_deliv_orders_oblig: t('ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe'),
};

/** File B amounts the database keeps; the other File B balances (USSGL 48x/49x detail) are not loaded and stay empty. */
const OBJECT_CLASS_AMOUNTS: Record<string, Expr> = {
  obligations_incurred: t('obligations_incurred_by_program_object_class_cpe'),
  gross_outlay_amount_FYB_to_period_end: t('gross_outlay_amount_by_program_object_class_cpe'),
  deobligations_or_recoveries_or_refunds_from_prior_year: t('deobligations_recoveries_refund_pri_program_object_class_cpe'),
  ...USSGL_ADJUSTMENTS,
};

const AWARD_AMOUNTS: Record<string, Expr> = {
  transaction_obligated_amount: t('transaction_obligated_amount'),
  gross_outlay_amount_FYB_to_period_end: t('gross_outlay_amount_by_award_cpe'),
  ...USSGL_ADJUSTMENTS,
};

const FISCAL_YEAR = (date: Expr) => sql.fragment`extract(year FROM ${date} + interval '3 months')::int`;

/** File C award columns that the award summary files name differently (or not at all); the rest as there. */
const AWARD_COLUMNS: Record<string, Expr> = {
  award_unique_key: sql.fragment`src.generated_unique_award_id`,
  award_id_piid: t('piid'),
  parent_award_id_piid: t('parent_award_id'),
  award_id_fain: t('fain'),
  award_id_uri: t('uri'),
  award_base_action_date: sql.fragment`src.date_signed`,
  award_base_action_date_fiscal_year: FISCAL_YEAR(sql.fragment`src.date_signed`),
  award_latest_action_date: sql.fragment`src.action_date`,
  award_latest_action_date_fiscal_year: FISCAL_YEAR(sql.fragment`src.action_date`),
  awarding_subagency_code: sql.fragment`src.awarding_subtier_agency_code`,
  awarding_subagency_name: sql.fragment`src.awarding_subtier_agency_name`,
  recipient_country: sql.fragment`src.recipient_location_country_name`,
  recipient_state: sql.fragment`src.recipient_location_state_name`,
  recipient_county: sql.fragment`src.recipient_location_county_name`,
  recipient_city: sql.fragment`src.recipient_location_city_name`,
  primary_place_of_performance_country: sql.fragment`src.pop_country_name`,
  primary_place_of_performance_state: sql.fragment`src.pop_state_name`,
  primary_place_of_performance_county: sql.fragment`src.pop_county_name`,
  primary_place_of_performance_zip_code: sql.fragment`src.pop_zip5`,
  cfda_number: sql.fragment`src.cfda_number`,
  cfda_title: sql.fragment`src.cfda_program_title`,
};

interface TypeSpec {
  table: string;
  tasColumn: string;
  joins: FragmentSqlToken;
  amounts: Record<string, Expr>;
  /** File A and B hold balances to date: only each agency's latest submission in the period counts. */
  latestOnly: boolean;
  defc: boolean;
  columns: (column: string) => Expr | undefined;
}

const BREAKDOWN_JOINS = sql.fragment`
  LEFT JOIN ref_program_activity pa ON pa.id = t.program_activity_id
  LEFT JOIN object_class oc ON oc.id = t.object_class_id
  LEFT JOIN disaster_emergency_fund_code defc ON defc.code = t.disaster_emergency_fund_code`;

const TYPES: Record<AccountSubmissionType, TypeSpec> = {
  account_balances: {
    table: 'appropriation_account_balances',
    tasColumn: 'treasury_account_identifier',
    joins: sql.fragment``,
    amounts: BALANCE_AMOUNTS,
    latestOnly: true,
    defc: false,
    columns: (c) => ACCOUNT_COLUMNS[c] ?? BALANCE_AMOUNTS[c],
  },
  object_class_program_activity: {
    table: 'financial_accounts_by_program_activity_object_class',
    tasColumn: 'treasury_account_id',
    joins: BREAKDOWN_JOINS,
    amounts: OBJECT_CLASS_AMOUNTS,
    latestOnly: true,
    defc: true,
    // Every other column of the layout is a File B balance the database does not keep.
    columns: (c) => ACCOUNT_COLUMNS[c] ?? BREAKDOWN_COLUMNS[c] ?? OBJECT_CLASS_AMOUNTS[c] ?? NO_VALUE,
  },
  award_financial: {
    table: 'financial_accounts_by_awards',
    tasColumn: 'treasury_account_id',
    // `detail || '{}'` gives the summary-file columns read from the award's detail JSON a value to read.
    joins: sql.fragment`${BREAKDOWN_JOINS}
      LEFT JOIN (SELECT *, detail || '{}'::jsonb AS detail_value FROM award_search) src ON src.award_id = t.award_id`,
    amounts: AWARD_AMOUNTS,
    latestOnly: false,
    defc: true,
    columns: (c) => ACCOUNT_COLUMNS[c] ?? BREAKDOWN_COLUMNS[c] ?? AWARD_AMOUNTS[c] ?? AWARD_COLUMNS[c]
      ?? sql.fragment`CASE WHEN src.is_fpds THEN ${columnExpression('award_search', true, c)} ELSE ${columnExpression('award_search', false, c)} END`,
  },
};

/**
 * The File A, B or C rows of one submission type at TAS level, `columns` under their file names, filtered by
 * `where` (aliases: `t` the file's table, `s` submission_attributes, `taa` the TAS, `fa` its federal account).
 * `overrides` replaces the expression of some columns; `hidden` adds columns the file does not show (for an
 * outer query to read).
 */
export function accountRowsQuery(
  type: AccountSubmissionType,
  columns: readonly string[],
  where: readonly FragmentSqlToken[],
  options: { overrides?: Record<string, Expr>; hidden?: Record<string, Expr> } = {},
): FragmentSqlToken {
  const spec = TYPES[type];
  const expressions: Array<[string, Expr]> = [
    ...columns.map((c): [string, Expr] => [c, options.overrides?.[c] ?? spec.columns(c) ?? NO_VALUE]),
    ...Object.entries(options.hidden ?? {}),
  ];
  const select = sql.join(expressions.map(([name, expr]) => sql.fragment`${expr} AS ${sql.identifier([name])}`), sql.fragment`, `);
  return sql.fragment`
      SELECT ${select}
      FROM ${sql.identifier([spec.table])} t
      JOIN submission_attributes s ON s.submission_id = t.submission_id
      JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = ${sql.identifier(['t', spec.tasColumn])}
      LEFT JOIN federal_account fa ON fa.id = taa.federal_account_id
      LEFT JOIN toptier_agency ota ON ota.toptier_agency_id = fa.parent_toptier_agency_id
      ${spec.joins}
      WHERE ${sql.join(where, sql.fragment` AND `)}`;
}

const GTAS_AMOUNTS: Record<string, Expr> = {
  budget_authority_appropriated_amount: t('budget_authority_appropriation_amount_cpe'),
  total_budgetary_resources: t('total_budgetary_resources_cpe'),
  obligations_incurred: t('obligations_incurred_total_cpe'),
  gross_outlay_amount: t('gross_outlay_amount_by_tas_cpe'),
  unobligated_balance: t('unobligated_balance_cpe'),
  deobligations_or_recoveries_or_refunds_from_prior_year: t('deobligations_or_recoveries_or_refunds_from_prior_year_cpe'),
  prior_year_paid_obligation_recoveries: t('prior_year_paid_obligation_recoveries'),
  anticipated_prior_year_obligation_recoveries: t('anticipated_prior_year_obligation_recoveries'),
};

/**
 * GTAS SF-133 balances per TAS and DEF code (layout `gtas_balances.treasury_account`; balances the GTAS table does
 * not keep stay empty) of one fiscal year and period, for the DEF codes given.
 */
export function gtasRowsQuery(columns: readonly string[], fy: number, period: number, defCodes: readonly string[]): FragmentSqlToken {
  const expr = (c: string): Expr =>
    c === 'submission_period' ? sql.fragment`'FY' || t.fiscal_year || 'P' || lpad(t.fiscal_period::text, 2, '0')`
    : c === 'disaster_emergency_fund_name' ? sql.fragment`defc.public_law`
    : c === 'disaster_emergency_fund_code' ? t('disaster_emergency_fund_code')
    : GTAS_AMOUNTS[c] ?? (c in ACCOUNT_COLUMNS && !['reporting_agency_name', 'last_modified_date'].includes(c) ? ACCOUNT_COLUMNS[c]! : NO_VALUE);
  const select = sql.join(columns.map((c) => sql.fragment`${expr(c)} AS ${sql.identifier([c])}`), sql.fragment`, `);
  return sql.fragment`
      SELECT ${select}
      FROM gtas_sf133_balances t
      JOIN disaster_emergency_fund_code defc ON defc.code = t.disaster_emergency_fund_code
      LEFT JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = t.treasury_account_identifier
      LEFT JOIN federal_account fa ON fa.id = taa.federal_account_id
      LEFT JOIN toptier_agency ota ON ota.toptier_agency_id = fa.parent_toptier_agency_id
      WHERE t.fiscal_year = ${fy} AND t.fiscal_period = ${period} AND t.disaster_emergency_fund_code = ANY(${sql.array([...defCodes], 'text')})`;
}

/** Columns of `columns` that none of the request's files has (a 400). */
export function unknownAccountColumns(request: Pick<AccountDownloadRequest, 'account_level' | 'download_types' | 'columns'>): string[] {
  const known = new Set(request.download_types.flatMap((type) => layoutColumns(`${type}.${request.account_level}` as LayoutKey)));
  return request.columns.filter((c) => !known.has(c));
}

/**
 * Upstream writes the File C rows in three files (`..._Contracts_AccountBreakdownByAward_...`, `Assistance_`,
 * `Unlinked_`): the rows of contract and IDV awards, of assistance awards, and the rows linked to no award. A row
 * whose award id is not in award_search is in none of them, as upstream.
 */
const FILE_PARTS: Record<AccountSubmissionType, Array<{ part: string; where: FragmentSqlToken | null }>> = {
  account_balances: [{ part: '', where: null }],
  object_class_program_activity: [{ part: '', where: null }],
  award_financial: [
    { part: 'Contracts_', where: sql.fragment`src.is_fpds IS TRUE` },
    { part: 'Assistance_', where: sql.fragment`src.is_fpds IS FALSE` },
    { part: 'Unlinked_', where: sql.fragment`t.award_id IS NULL` },
  ],
};

/**
 * The request's quarter and period paired as upstream pairs them: a `period` request also reads the quarterly
 * submissions up to the last quarter whose window closed (was revealed) by that month, a `quarter` request the
 * monthly submissions up to the last month whose window closed within that quarter (null where there is none).
 */
function pairedPeriods(filters: AccountDownloadRequest['filters']): { quarter: FragmentSqlToken; period: FragmentSqlToken } {
  const { fy } = filters;
  return {
    quarter: filters.quarter !== undefined
      ? sql.fragment`${filters.quarter}::int`
      : sql.fragment`(SELECT max(w.submission_fiscal_quarter) FROM dabs_submission_window_schedule w
          WHERE w.is_quarter AND w.submission_fiscal_year = ${fy} AND w.submission_fiscal_month <= ${filters.period ?? 12} AND w.submission_reveal_date <= now())`,
    period: filters.period !== undefined
      ? sql.fragment`${filters.period}::int`
      : sql.fragment`(SELECT max(w.submission_fiscal_month) FROM dabs_submission_window_schedule w
          WHERE NOT w.is_quarter AND w.submission_fiscal_year = ${fy} AND w.submission_fiscal_quarter <= ${filters.quarter ?? 4} AND w.submission_reveal_date <= now())`,
  };
}

/** Submissions (alias `alias`) of the fiscal year up to the request's quarter (quarterly ones) or period (monthly ones). */
function inRange(alias: string, filters: AccountDownloadRequest['filters']): FragmentSqlToken {
  const { quarter, period } = pairedPeriods(filters);
  const x = (c: string) => sql.identifier([alias, c]);
  return sql.fragment`${x('reporting_fiscal_year')} = ${filters.fy}
    AND ((${x('quarter_format_flag')} AND ${x('reporting_fiscal_quarter')} <= ${quarter})
      OR (NOT ${x('quarter_format_flag')} AND ${x('reporting_fiscal_period')} <= ${period}))`;
}

/**
 * The submissions whose balances an account download reads (upstream's submission ids for the periods): each
 * agency's latest submission in range, when it is of the requested quarter or period itself; an agency whose
 * latest submission is older is left out. (Upstream keeps every submission of that agency and period; where an
 * agency has several, the latest published one is kept here, so that balances are not counted twice.)
 */
function periodSubmissions(filters: AccountDownloadRequest['filters']): FragmentSqlToken {
  const { quarter, period } = pairedPeriods(filters);
  return sql.fragment`
    SELECT l.submission_id FROM (
      SELECT DISTINCT ON (l.toptier_code) l.submission_id, l.quarter_format_flag, l.reporting_fiscal_quarter, l.reporting_fiscal_period
      FROM submission_attributes l WHERE ${inRange('l', filters)}
      ORDER BY l.toptier_code, l.reporting_fiscal_period DESC, l.published_date DESC NULLS LAST, l.submission_id DESC) l
    WHERE (l.quarter_format_flag AND l.reporting_fiscal_quarter = ${quarter}) OR (NOT l.quarter_format_flag AND l.reporting_fiscal_period = ${period})`;
}

/** File A columns that upstream joins (`;`, distinct values) in its one row per federal account and period. */
const FILE_A_JOINED = new Set(['owning_agency_name', 'reporting_agency_name', 'federal_account_name', 'agency_identifier_name', 'budget_function', 'budget_subfunction']);

/** File C amounts that are balances to date (outlays and the USSGL 487200/497200 refunds), by file column and table column. */
const AWARD_BALANCES: Record<string, string> = {
  gross_outlay_amount_FYB_to_period_end: 'gross_outlay_amount_by_award_cpe',
  USSGL487200_downward_adj_prior_year_prepaid_undeliv_order_oblig: 'ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe',
  USSGL497200_downward_adj_of_prior_year_paid_deliv_orders_oblig: 'ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe',
};

/**
 * The files of an account download: one per submission type (File C: three, FILE_PARTS), read as upstream reads
 * them. Balances (A, B) are cumulative, so they come from each agency's submission of the requested period
 * (periodSubmissions). File C lists the rows of every submission in range whose obligation, outlay or refund
 * is not zero. Federal account files add the amounts of the account's TAS up, grouped by every other column of
 * the file (File A: by account and period, names joined); File C's balances to date (outlays, refunds) count there only from the submissions of the requested
 * period, and a group is kept when one of its sums is not zero.
 */
export function planAccountDownload(request: AccountDownloadRequest, timestamp: string, fileStem: string): PlannedFile[] {
  const bad = unknownAccountColumns(request);
  if (bad.length > 0) {
    throw badRequest(`Unknown columns: ${bad.join(', ')}.`, [{ path: '/body/columns', message: `unknown column ${bad[0]}`, code: 'enum' }]);
  }
  const { filters } = request;
  const byFederalAccount = request.account_level === 'federal_account';
  const files: PlannedFile[] = [];
  const parts = request.download_types.flatMap((type) => FILE_PARTS[type].map(({ part, where }) => ({ type, part, partWhere: where })));
  for (const { type, part, partWhere } of parts) {
    const spec = TYPES[type];
    const layout = `${type}.${request.account_level}` as LayoutKey;
    const all = layoutColumns(layout);
    const columns = request.columns.length === 0 ? [...all] : all.filter((c) => request.columns.includes(c));
    const entryName = `${fileStem}_${part}${ACCOUNT_FILE_KIND[type]}_${timestamp}_1.${FILE_EXTENSION[request.file_format]}`;
    if (columns.length === 0) {
      files.push(emptyFile(entryName, layout));
      continue;
    }
    const where: FragmentSqlToken[] = [spec.latestOnly ? sql.fragment`s.submission_id IN (${periodSubmissions(filters)})` : inRange('s', filters)];
    if (filters.agency !== undefined) where.push(sql.fragment`taa.funding_toptier_agency_id = ${Number(filters.agency)}`);
    if (filters.federal_account !== undefined) where.push(sql.fragment`taa.federal_account_id = ${filters.federal_account}`);
    if (filters.budget_function !== undefined) where.push(sql.fragment`taa.budget_function_code = ${filters.budget_function}`);
    if (filters.budget_subfunction !== undefined) where.push(sql.fragment`taa.budget_subfunction_code = ${filters.budget_subfunction}`);
    if (spec.defc && filters.def_codes?.length) where.push(sql.fragment`t.disaster_emergency_fund_code = ANY(${sql.array(filters.def_codes, 'text')})`);
    if (partWhere) where.push(partWhere);
    const isAwardFile = type === 'award_financial';
    // File C: the amounts that decide whether a row (TAS) or a group (federal account) is listed.
    const balance = (column: string): Expr => byFederalAccount
      ? sql.fragment`CASE WHEN s.submission_id IN (${periodSubmissions(filters)}) THEN ${t(column)} END`
      : t(column);
    const nonzero: Array<[string, Expr]> = isAwardFile
      ? [['nonzero_obligation', t('transaction_obligated_amount')], ...Object.values(AWARD_BALANCES).map((c): [string, Expr] => [`nonzero_${c}`, balance(c)])]
      : [];
    if (isAwardFile && !byFederalAccount) {
      where.push(sql.fragment`(${sql.join(nonzero.map(([, e]) => sql.fragment`coalesce(${e}, 0) <> 0`), sql.fragment` OR `)})`);
    }
    const overrides = isAwardFile && byFederalAccount
      ? Object.fromEntries(Object.entries(AWARD_BALANCES).map(([name, column]) => [name, balance(column)]))
      : {};
    const rows = accountRowsQuery(type, columns, where, byFederalAccount ? { overrides, hidden: Object.fromEntries(nonzero) } : {});
    let query = rows;
    if (byFederalAccount) {
      const isAmount = (c: string) => c in spec.amounts || (type === 'object_class_program_activity' && spec.columns(c) === NO_VALUE);
      // File A: one row per federal account and period, as upstream: its names joined with `;` where the TAS differ.
      const isJoined = (c: string) => type === 'account_balances' && FILE_A_JOINED.has(c);
      const dims = columns.filter((c) => !isAmount(c) && !isJoined(c) && c !== 'last_modified_date');
      const outer = sql.join(columns.map((c) => {
        const id = sql.identifier([c]);
        if (isAmount(c)) return sql.fragment`sum(${id}) AS ${id}`;
        if (isJoined(c)) return sql.fragment`string_agg(DISTINCT ${id}, ';' ORDER BY ${id}) AS ${id}`;
        return c === 'last_modified_date' ? sql.fragment`max(${id}) AS ${id}` : id;
      }), sql.fragment`, `);
      const groupBy = dims.length > 0 ? sql.fragment`GROUP BY ${sql.join(dims.map((c) => sql.identifier([c])), sql.fragment`, `)}` : sql.fragment``;
      const having = isAwardFile
        ? sql.fragment`HAVING ${sql.join(nonzero.map(([name]) => sql.fragment`coalesce(sum(${sql.identifier([name])}), 0) <> 0`), sql.fragment` OR `)}`
        : sql.fragment``;
      query = sql.fragment`SELECT ${outer} FROM (${rows}) b ${groupBy} ${having}`;
    }
    files.push({ entryName, layout, columns, query });
  }
  return files;
}
