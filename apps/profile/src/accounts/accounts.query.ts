import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

/*
 * Queries of the federal account, Treasury account and agency account endpoints. They read the fiscal-year
 * summaries of migration 0100 (`account_fy_tas_balance` = File A, `account_fy_tas_category` = File B, one row per
 * Treasury account and year from each agency's latest submission of the year), so a fiscal year is never the sum
 * of several cumulative submissions, and every total is a sum over Treasury account rows: an agency's figure is the
 * sum of its federal accounts', which is the sum of their Treasury accounts'.
 */

const num = z.coerce.number();

const YearRow = z.object({ fiscal_year: z.number().nullable() });

/** The latest fiscal year with a revealed submission, or null on an empty database. */
export async function latestAccountFiscalYear(db: CommonQueryMethods): Promise<number | null> {
  const row = await db.one(sql.type(YearRow)`SELECT max(fiscal_year) AS fiscal_year FROM account_period_submission`);
  return row.fiscal_year;
}

const FederalAccountRow = z.object({
  id: z.number(),
  agency_identifier: z.string(),
  main_account_code: z.string(),
  federal_account_code: z.string(),
  account_title: z.string().nullable(),
  parent_agency_toptier_code: z.string().nullable(),
  parent_agency_name: z.string().nullable(),
  bureau_name: z.string(),
});
export type FederalAccountRow = z.infer<typeof FederalAccountRow>;

const FEDERAL_ACCOUNT = sql.fragment`
  SELECT fa.id, fa.agency_identifier, fa.main_account_code, fa.federal_account_code, fa.account_title,
    ta.toptier_code AS parent_agency_toptier_code, ta.name AS parent_agency_name,
    -- The bureau of the account's Treasury accounts; accounts whose TAS name none are filed under their agency.
    coalesce((SELECT t.budget_bureau_name FROM treasury_appropriation_account t
     WHERE t.federal_account_id = fa.id AND t.budget_bureau_name IS NOT NULL
     ORDER BY t.treasury_account_identifier LIMIT 1), ta.name, '') AS bureau_name
  FROM federal_account fa
  LEFT JOIN toptier_agency ta ON ta.toptier_agency_id = fa.parent_toptier_agency_id`;

/** A federal account by its code (`AID-MAIN`), or null. */
export async function findFederalAccountByCode(db: CommonQueryMethods, code: string): Promise<FederalAccountRow | null> {
  return db.maybeOne(sql.type(FederalAccountRow)`${FEDERAL_ACCOUNT} WHERE fa.federal_account_code = ${code}`);
}

const ListRow = z.object({
  account_id: z.number(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  agency_identifier: z.string(),
  managing_agency: z.string(),
  managing_agency_acronym: z.string(),
  budgetary_resources: num.nullable(),
  total: z.coerce.number(),
});

export type FederalAccountSort = 'budgetary_resources' | 'account_name' | 'account_number' | 'managing_agency';

/** Page of the federal account landing list, with the budgetary resources of `fiscalYear` (null without data). */
export async function listFederalAccounts(
  db: CommonQueryMethods,
  q: { fiscalYear: number; agencyIdentifier?: string; keyword?: string; sort: FederalAccountSort; asc: boolean; limit: number; offset: number },
) {
  const where: FragmentSqlToken[] = [sql.fragment`TRUE`];
  if (q.agencyIdentifier !== undefined) where.push(sql.fragment`fa.agency_identifier = ${q.agencyIdentifier}`);
  if (q.keyword !== undefined && q.keyword.trim() !== '') {
    const like = `%${q.keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql.fragment`(fa.account_title ILIKE ${like} OR fa.federal_account_code ILIKE ${like}
      OR ta.name ILIKE ${like} OR ta.abbreviation ILIKE ${like})`);
  }
  const column = {
    budgetary_resources: sql.fragment`budgetary_resources`,
    account_name: sql.fragment`account_name`,
    account_number: sql.fragment`account_number`,
    managing_agency: sql.fragment`managing_agency`,
  }[q.sort];
  const dir = q.asc ? sql.fragment`ASC NULLS LAST` : sql.fragment`DESC NULLS LAST`;
  const rows = await db.any(sql.type(ListRow)`
    WITH resources AS (
      SELECT federal_account_id, sum(budget_authority) AS budgetary_resources
      FROM account_fy_tas_balance WHERE fiscal_year = ${q.fiscalYear} GROUP BY 1
    )
    SELECT fa.id AS account_id, fa.account_title AS account_name, fa.federal_account_code AS account_number,
      fa.agency_identifier, coalesce(ta.name, '') AS managing_agency, coalesce(ta.abbreviation, '') AS managing_agency_acronym,
      r.budgetary_resources, count(*) OVER () AS total
    FROM federal_account fa
    LEFT JOIN toptier_agency ta ON ta.toptier_agency_id = fa.parent_toptier_agency_id
    LEFT JOIN resources r ON r.federal_account_id = fa.id
    WHERE ${sql.join(where, sql.fragment` AND `)}
    ORDER BY ${column} ${dir}, account_number ${dir}, account_id
    LIMIT ${q.limit} OFFSET ${q.offset}`);
  return { rows, total: rows[0]?.total ?? (q.offset > 0 ? await countFederalAccounts(db, where) : 0) };
}

async function countFederalAccounts(db: CommonQueryMethods, where: FragmentSqlToken[]): Promise<number> {
  const row = await db.one(sql.type(z.object({ n: z.coerce.number() }))`
    SELECT count(*) AS n FROM federal_account fa LEFT JOIN toptier_agency ta ON ta.toptier_agency_id = fa.parent_toptier_agency_id
    WHERE ${sql.join(where, sql.fragment` AND `)}`);
  return row.n;
}

const ChildRow = z.object({
  name: z.string().nullable(),
  code: z.string(),
  obligated_amount: num,
  gross_outlay_amount: num,
  budgetary_resources_amount: num,
});

/** The Treasury accounts of a federal account with their File A figures of one fiscal year. */
export async function federalAccountChildren(db: CommonQueryMethods, federalAccountId: number, fiscalYear: number) {
  return db.any(sql.type(ChildRow)`
    SELECT t.account_title AS name, t.tas_rendering_label AS code, b.obligations AS obligated_amount,
      b.outlays AS gross_outlay_amount, b.budget_authority AS budgetary_resources_amount
    FROM account_fy_tas_balance b
    JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_identifier
    WHERE b.federal_account_id = ${federalAccountId} AND b.fiscal_year = ${fiscalYear}
    ORDER BY b.obligations DESC, t.tas_rendering_label`);
}

const SnapshotRow = z.object({
  name: z.string().nullable(),
  rows: z.coerce.number(),
  outlay: num,
  budget_authority: num,
  obligated: num,
  unobligated: num,
  balance_brought_forward: num,
  other_budgetary_resources: num,
  appropriations: num,
});

/**
 * A federal account's title and File A totals in one fiscal year (`rows` = 0 when it has none), or null when
 * there is no such account; one statement (every query of a request costs a round trip and a pool reset).
 */
export async function fiscalYearSnapshot(db: CommonQueryMethods, federalAccountId: number, fiscalYear: number) {
  return db.maybeOne(sql.type(SnapshotRow)`
    SELECT fa.account_title AS name, count(b.federal_account_id) AS rows, coalesce(sum(b.outlays), 0) AS outlay,
      coalesce(sum(b.budget_authority), 0) AS budget_authority, coalesce(sum(b.obligations), 0) AS obligated,
      coalesce(sum(b.unobligated), 0) AS unobligated, coalesce(sum(b.balance_brought_forward), 0) AS balance_brought_forward,
      coalesce(sum(b.other_budgetary_resources), 0) AS other_budgetary_resources, coalesce(sum(b.appropriations), 0) AS appropriations
    FROM federal_account fa
    LEFT JOIN account_fy_tas_balance b ON b.federal_account_id = fa.id AND b.fiscal_year = ${fiscalYear}
    WHERE fa.id = ${federalAccountId}
    GROUP BY fa.id`);
}

/** Object class / program activity labels of File B rows (null ids are reported as upstream's "unknown" codes). */
const OC_CODE = sql.fragment`coalesce(oc.object_class, '000')`;
const OC_NAME = sql.fragment`coalesce(oc.object_class_name, 'Unknown')`;
const PA_CODE = sql.fragment`coalesce(pa.program_activity_code, '0000')`;
const PA_NAME = sql.fragment`coalesce(pa.program_activity_name, 'UNKNOWN/OTHER')`;
const CATEGORY_JOINS = sql.fragment`
  LEFT JOIN object_class oc ON oc.id = c.object_class_id
  LEFT JOIN ref_program_activity pa ON pa.id = c.program_activity_id`;

const ObjectClassRow = z.object({ major_id: z.string(), major_name: z.string(), id: z.string(), name: z.string() });

/** Distinct (major, minor) object classes of a federal account's File B rows, any year (migration 0161). */
export async function availableObjectClasses(db: CommonQueryMethods, federalAccountId: number) {
  return db.any(sql.type(ObjectClassRow)`
    SELECT major_object_class AS major_id, major_object_class_name AS major_name, object_class AS id, object_class_name AS name
    FROM account_object_class WHERE federal_account_id = ${federalAccountId}
    ORDER BY major_object_class, object_class, object_class_name`);
}

const CodeNameRow = z.object({ code: z.string(), name: z.string() });

/** Distinct program activities (code, name) of a federal account's File B rows, any year. */
export async function availableProgramActivities(db: CommonQueryMethods, federalAccountId: number) {
  return db.any(sql.type(CodeNameRow)`
    SELECT DISTINCT pa.program_activity_code AS code, pa.program_activity_name AS name
    FROM (SELECT DISTINCT program_activity_id FROM account_fy_tas_category WHERE federal_account_id = ${federalAccountId}) c
    JOIN ref_program_activity pa ON pa.id = c.program_activity_id
    ORDER BY 1, 2`);
}

const PagedCodeNameRow = CodeNameRow.extend({ total: z.coerce.number() });

/** One page of the program activities of a federal account (`sort` code or name; all are PAC/PAN here). */
export async function pagedProgramActivities(
  db: CommonQueryMethods,
  federalAccountId: number,
  q: { sort: 'code' | 'name' | 'type'; asc: boolean; limit: number; offset: number },
) {
  const dir = q.asc ? sql.fragment`ASC` : sql.fragment`DESC`;
  const order = q.sort === 'name' ? sql.fragment`name ${dir}, code ${dir}` : sql.fragment`code ${dir}, name ${dir}`;
  return db.any(sql.type(PagedCodeNameRow)`
    SELECT code, name, count(*) OVER () AS total FROM (
      SELECT DISTINCT pa.program_activity_code AS code, pa.program_activity_name AS name
      FROM (SELECT DISTINCT program_activity_id FROM account_fy_tas_category WHERE federal_account_id = ${federalAccountId}) c
      JOIN ref_program_activity pa ON pa.id = c.program_activity_id) x
    ORDER BY ${order}
    LIMIT ${q.limit} OFFSET ${q.offset}`);
}

const TotalsRow = z.object({ code: z.string(), name: z.string(), obligations: num, total: z.coerce.number() });

export interface TotalsFilter {
  fiscalYears?: readonly number[];
  objectClasses?: readonly string[];
  programActivities?: readonly string[];
}

const Totals = z.object({ account_id: z.number().nullable(), rows: z.array(TotalsRow) });

/**
 * File B obligations of a federal account (by code) per object class or per program activity, largest first, one
 * page; `account_id` null when there is no such account. One statement (each query of a request costs a round
 * trip and a pool reset).
 */
export async function federalAccountTotals(
  db: CommonQueryMethods,
  federalAccountCode: string,
  by: 'object_class' | 'program_activity',
  f: TotalsFilter,
  page: { limit: number; offset: number },
) {
  const where: FragmentSqlToken[] = [sql.fragment`TRUE`];
  if (f.fiscalYears) where.push(sql.fragment`c.fiscal_year = ANY(${sql.array([...f.fiscalYears], 'int4')})`);
  if (f.objectClasses) where.push(sql.fragment`${OC_CODE} = ANY(${sql.array([...f.objectClasses], 'text')})`);
  if (f.programActivities) where.push(sql.fragment`${PA_CODE} = ANY(${sql.array([...f.programActivities], 'text')})`);
  const [code, name] = by === 'object_class' ? ([OC_CODE, OC_NAME] as const) : ([PA_CODE, PA_NAME] as const);
  return db.one(sql.type(Totals)`
    WITH fa AS (SELECT id FROM federal_account WHERE federal_account_code = ${federalAccountCode}),
    g AS (
      SELECT ${code} AS code, ${name} AS name, sum(c.obligations) AS obligations, count(*) OVER () AS total
      FROM account_fy_tas_category c JOIN fa ON fa.id = c.federal_account_id ${CATEGORY_JOINS}
      WHERE ${sql.join(where, sql.fragment` AND `)}
      GROUP BY 1, 2
      ORDER BY 3 DESC, 1, 2
      LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT (SELECT min(id) FROM fa) AS account_id,
      coalesce((SELECT json_agg(json_build_object('code', code, 'name', name, 'obligations', obligations, 'total', total)
        ORDER BY obligations DESC, code, name) FROM g), '[]'::json) AS rows`);
}

const TasRow = z.object({ id: z.number(), label: z.string() });

/** A Treasury account by its rendered symbol, or null. */
export async function findTreasuryAccount(db: CommonQueryMethods, label: string) {
  return db.maybeOne(sql.type(TasRow)`
    SELECT treasury_account_identifier AS id, tas_rendering_label AS label
    FROM treasury_appropriation_account WHERE tas_rendering_label = ${label}`);
}

const BreakdownRow = z.object({
  parent: z.string(),
  child: z.string(),
  obligated_amount: num,
  gross_outlay_amount: num,
});

/**
 * File B of one Treasury account and fiscal year by object class and program activity (`by` names the parent
 * level; the other is the children). Every pair is returned; the route pages over parents.
 */
export async function treasuryAccountBreakdown(db: CommonQueryMethods, tasId: number, fiscalYear: number, by: 'object_class' | 'program_activity') {
  const [parent, child] = by === 'object_class' ? ([OC_NAME, PA_NAME] as const) : ([PA_NAME, OC_NAME] as const);
  return db.any(sql.type(BreakdownRow)`
    SELECT ${parent} AS parent, ${child} AS child, sum(c.obligations) AS obligated_amount, sum(c.outlays) AS gross_outlay_amount
    FROM account_fy_tas_category c ${CATEGORY_JOINS}
    WHERE c.treasury_account_identifier = ${tasId} AND c.fiscal_year = ${fiscalYear}
    GROUP BY 1, 2
    ORDER BY 1, 2`);
}

const ToptierRow = z.object({ toptier_agency_id: z.number(), toptier_code: z.string() });

/** The toptier agency of an agency id (`agency.id`), or null. */
export async function findToptierOfAgency(db: CommonQueryMethods, agencyId: number) {
  return db.maybeOne(sql.type(ToptierRow)`
    SELECT ta.toptier_agency_id, ta.toptier_code FROM agency a JOIN toptier_agency ta USING (toptier_agency_id) WHERE a.id = ${agencyId}`);
}

const ObligationRow = z.object({ id: z.string(), account_title: z.string(), account_number: z.string(), obligated_amount: z.string(), total: z.coerce.number() });

/** File A obligations of an agency's Treasury accounts per federal account in one fiscal year, largest first. */
export async function agencyFederalAccountObligations(db: CommonQueryMethods, toptierId: number, fiscalYear: number, page: { limit: number; offset: number }) {
  return db.any(sql.type(ObligationRow)`
    SELECT fa.id::text AS id, coalesce(fa.account_title, '') AS account_title, fa.federal_account_code AS account_number,
      sum(b.obligations)::numeric(23, 2)::text AS obligated_amount, count(*) OVER () AS total
    FROM account_fy_tas_balance b JOIN federal_account fa ON fa.id = b.federal_account_id
    WHERE b.funding_toptier_agency_id = ${toptierId} AND b.fiscal_year = ${fiscalYear}
    GROUP BY fa.id
    ORDER BY sum(b.obligations) DESC, fa.federal_account_code
    LIMIT ${page.limit} OFFSET ${page.offset}`);
}

const BalanceRow = z.object({ rows: z.coerce.number(), budget_authority_amount: z.string(), obligated_amount: z.string(), outlay_amount: z.string() });

/** File A totals of an agency's Treasury accounts in one fiscal year. */
export async function agencyBalances(db: CommonQueryMethods, toptierId: number, fiscalYear: number) {
  return db.one(sql.type(BalanceRow)`
    SELECT count(*) AS rows, coalesce(sum(budget_authority), 0)::numeric(23, 2)::text AS budget_authority_amount,
      coalesce(sum(obligations), 0)::numeric(23, 2)::text AS obligated_amount,
      coalesce(sum(outlays), 0)::numeric(23, 2)::text AS outlay_amount
    FROM account_fy_tas_balance WHERE funding_toptier_agency_id = ${toptierId} AND fiscal_year = ${fiscalYear}`);
}

const ObjectClassSpendingRow = z.object({ code: z.string(), name: z.string(), obligated_amount: z.string() });

/** File B obligations of an agency in one fiscal year per major object class, or per object class of one major class. */
export async function agencyObjectClassSpending(db: CommonQueryMethods, toptierId: number, fiscalYear: number, major?: string) {
  const [code, name] = major === undefined
    ? ([sql.fragment`oc.major_object_class`, sql.fragment`oc.major_object_class_name`] as const)
    : ([sql.fragment`oc.object_class`, sql.fragment`oc.object_class_name`] as const);
  const majorFilter = major === undefined ? sql.fragment`TRUE` : sql.fragment`oc.major_object_class = ${major}`;
  return db.any(sql.type(ObjectClassSpendingRow)`
    SELECT ${code} AS code, min(${name}) AS name, sum(c.obligations)::numeric(23, 2)::text AS obligated_amount
    FROM account_fy_tas_category c JOIN object_class oc ON oc.id = c.object_class_id
    WHERE c.funding_toptier_agency_id = ${toptierId} AND c.fiscal_year = ${fiscalYear} AND ${majorFilter}
    GROUP BY 1
    ORDER BY sum(c.obligations) DESC, 1`);
}
