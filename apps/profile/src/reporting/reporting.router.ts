import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import { Router } from 'express';
import type { CommonQueryMethods } from 'slonik';
import { pathValue, queryValue } from '../common/request-values';
import { checkFiscalYear, fiscalPath, fiscalQuery, intValue, matchesAgency, pageQuery, sortAndPage, toptierPath } from './reporting-params';
import {
  missingAccounts,
  obligationDifferences,
  ofAgency,
  ofPeriod,
  publishDates,
  submissionFigures,
  submissionHistory,
  unlinkedAwards,
  type FiguresRow,
} from './reporting.query';

/** The figures every reporting overview row carries, in the upstream shape. */
function figures(r: FiguresRow) {
  return {
    current_total_budget_authority_amount: r.current_total_budget_authority_amount,
    recent_publication_date: r.recent_publication_date,
    recent_publication_date_certified: r.recent_publication_date_certified,
    tas_account_discrepancies_totals: {
      gtas_obligation_total: r.gtas_obligation_total,
      tas_accounts_total: r.tas_accounts_total,
      tas_obligation_not_in_gtas_total: r.tas_obligation_not_in_gtas_total,
      missing_tas_accounts_count: r.missing_tas_accounts_count,
    },
    obligation_difference: r.obligation_difference,
    unlinked_contract_award_count: r.unlinked_contract_award_count,
    unlinked_assistance_award_count: r.unlinked_assistance_award_count,
    // Assurance statements are files of upstream's file server, which this service does not hold.
    assurance_statement_url: null,
  };
}

/** Sort keys shared by the two overviews (the figures of a submission). */
const FIGURE_KEYS: Record<string, (r: FiguresRow) => number | string | boolean | null> = {
  current_total_budget_authority_amount: (r) => r.current_total_budget_authority_amount,
  tas_accounts_total: (r) => r.tas_accounts_total,
  missing_tas_accounts_count: (r) => r.missing_tas_accounts_count,
  obligation_difference: (r) => r.obligation_difference,
  recent_publication_date: (r) => r.recent_publication_date,
  recent_publication_date_certified: (r) => r.recent_publication_date_certified,
  tas_obligation_not_in_gtas_total: (r) => r.tas_obligation_not_in_gtas_total,
  unlinked_contract_award_count: (r) => r.unlinked_contract_award_count,
  unlinked_assistance_award_count: (r) => r.unlinked_assistance_award_count,
};

const percentOf = (part: number | null, whole: number | null): number | null =>
  part === null || whole === null || whole === 0 ? null : Math.round((part / whole) * 10000) / 100;

const periodKey = (r: { fiscal_year: number; fiscal_period: number }) => String(r.fiscal_year * 100 + r.fiscal_period);

/**
 * The submission statistics endpoints (reporting/agencies/...): every answer is computed from
 * submission_attributes, the window schedule, File A, File B, File C, GTAS and award_search.
 */
export function createReportingRouter(db: CommonQueryMethods): Router {
  const router = Router();
  const base = '/api/v2/reporting/agencies';

  router.get(`${base}/overview/`, jsonHandler(async (req): Promise<ResponseBody<'listReportingAgencies'>> => {
    const { fy, period } = fiscalQuery(req);
    const filter = queryValue(req, 'filter');
    const rows = (await submissionFigures(db, ofPeriod(fy, period))).filter((r) => matchesAgency(filter, r.agency_name, r.abbreviation));
    const sort = queryValue(req, 'sort') ?? 'current_total_budget_authority_amount';
    const key = sort === 'agency_name' ? (r: FiguresRow) => r.agency_name : sort === 'toptier_code' ? (r: FiguresRow) => r.toptier_code
      : (FIGURE_KEYS[sort] ?? FIGURE_KEYS.current_total_budget_authority_amount) as (r: FiguresRow) => number;
    const page = sortAndPage(rows, key, queryValue(req, 'order'), (r) => r.agency_name, pageQuery(req));
    return {
      page_metadata: page.page_metadata,
      results: page.results.map((r) => ({
        agency_name: r.agency_name,
        abbreviation: r.abbreviation ?? '',
        toptier_code: r.toptier_code,
        agency_id: r.agency_id,
        ...figures(r),
      })),
      messages: [],
    };
  }));

  router.get(`${base}/publish_dates/`, jsonHandler(async (req): Promise<ResponseBody<'listReportingPublishDates'>> => {
    const fy = checkFiscalYear(intValue(queryValue(req, 'fiscal_year'), 0));
    const filter = queryValue(req, 'filter');
    const rows = (await publishDates(db, fy)).filter((r) => matchesAgency(filter, r.agency_name, r.abbreviation));
    const [sort, sortPeriod] = (queryValue(req, 'sort') ?? 'current_total_budget_authority_amount').split(',');
    const key = (r: (typeof rows)[number]) => {
      if (sort === 'publication_date') return r.periods.find((x) => x.period === Number(sortPeriod))?.publication_date ?? null;
      if (sort === 'agency_name') return r.agency_name;
      if (sort === 'abbreviation') return r.abbreviation;
      if (sort === 'toptier_code') return r.toptier_code;
      return r.current_total_budget_authority_amount;
    };
    const page = sortAndPage(rows, key, queryValue(req, 'order'), (r) => r.agency_name, pageQuery(req));
    return {
      page_metadata: page.page_metadata,
      results: page.results.map((r) => ({
        agency_name: r.agency_name,
        abbreviation: r.abbreviation ?? '',
        toptier_code: r.toptier_code,
        current_total_budget_authority_amount: r.current_total_budget_authority_amount,
        periods: r.periods.map((x) => ({
          period: x.period,
          quarter: x.quarter,
          submission_dates: { publication_date: x.publication_date, certification_date: x.certification_date },
          quarterly: x.quarterly,
        })),
      })),
    };
  }));

  router.get(`${base}/:toptier_code/overview/`, jsonHandler(async (req): Promise<ResponseBody<'getReportingAgencyOverview'>> => {
    const code = await toptierPath(db, req);
    const rows = (await submissionFigures(db, ofAgency(code))).map((r) => ({
      ...r,
      percent_of_total_budgetary_resources: percentOf(r.current_total_budget_authority_amount, r.total_budgetary_resources),
    }));
    type Row = (typeof rows)[number];
    const sort = queryValue(req, 'sort') ?? 'current_total_budget_authority_amount';
    const key = sort === 'fiscal_year' ? (r: Row) => r.fiscal_year : sort === 'fiscal_period' ? (r: Row) => r.fiscal_period
      : sort === 'percent_of_total_budgetary_resources' ? (r: Row) => r.percent_of_total_budgetary_resources
        : (FIGURE_KEYS[sort] ?? FIGURE_KEYS.current_total_budget_authority_amount) as (r: Row) => number;
    // Ties: the latest period first (so the key inverts the period).
    const page = sortAndPage(rows, key, queryValue(req, 'order'), (r) => String(999999 - Number(periodKey(r))), pageQuery(req));
    return {
      page_metadata: page.page_metadata,
      results: page.results.map((r) => ({
        fiscal_year: r.fiscal_year,
        fiscal_period: r.fiscal_period,
        total_budgetary_resources: r.total_budgetary_resources,
        percent_of_total_budgetary_resources: r.percent_of_total_budgetary_resources,
        ...figures(r),
      })),
      messages: [],
    };
  }));

  router.get(`${base}/:toptier_code/differences/`, jsonHandler(async (req): Promise<ResponseBody<'listReportingDifferences'>> => {
    const code = await toptierPath(db, req);
    const { fy, period } = fiscalQuery(req);
    const rows = await obligationDifferences(db, code, fy, period);
    const sort = queryValue(req, 'sort') ?? 'tas';
    const key = (r: (typeof rows)[number]) =>
      sort === 'difference' ? r.difference : sort === 'file_a_obligation' ? r.file_a_obligation : sort === 'file_b_obligation' ? r.file_b_obligation : r.tas;
    const page = sortAndPage(rows, key, queryValue(req, 'order'), (r) => r.tas, pageQuery(req));
    return { page_metadata: page.page_metadata, results: [...page.results], messages: [] };
  }));

  router.get(`${base}/:toptier_code/discrepancies/`, jsonHandler(async (req): Promise<ResponseBody<'listReportingDiscrepancies'>> => {
    const code = await toptierPath(db, req);
    const { fy, period } = fiscalQuery(req);
    const rows = await missingAccounts(db, code, fy, period);
    const sort = queryValue(req, 'sort') ?? 'amount';
    const page = sortAndPage(rows, (r) => (sort === 'tas' ? r.tas : r.amount), queryValue(req, 'order'), (r) => r.tas, pageQuery(req));
    return { page_metadata: page.page_metadata, results: [...page.results], messages: [] };
  }));

  router.get(`${base}/:toptier_code/:fiscal_year/:fiscal_period/submission_history/`,
    jsonHandler(async (req): Promise<ResponseBody<'getReportingSubmissionHistory'>> => {
      const code = await toptierPath(db, req);
      const { fy, period } = fiscalPath(req);
      return { results: [...(await submissionHistory(db, code, fy, period))] };
    }));

  router.get(`${base}/:toptier_code/:fiscal_year/:fiscal_period/unlinked_awards/:type/`,
    jsonHandler(async (req): Promise<ResponseBody<'getReportingUnlinkedAwards'>> => {
      const code = await toptierPath(db, req);
      const { fy, period } = fiscalPath(req);
      return unlinkedAwards(db, code, fy, period, pathValue(req, 'type') === 'procurement');
    }));

  return router;
}
