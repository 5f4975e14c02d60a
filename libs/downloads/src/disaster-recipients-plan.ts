import { AWARD_TYPE_GROUPS } from '@usas/filters';
import { sql } from 'slonik';
import { layoutColumns } from './column-sets';
import { FILE_EXTENSION, type FileFormat, type PlannedFile } from './download-plan';

/** The request of `download/disaster/recipients` as processed. */
export interface DisasterRecipientsRequest {
  request_type: 'disaster_recipient';
  download_types: ['disaster_recipient'];
  award_category: string;
  columns: string[];
  file_format: FileFormat;
  filters: { def_codes: string[]; award_type_codes?: string[] };
}

const CATEGORY_OF_GROUP: Record<string, string> = {
  contracts: 'Contracts',
  idvs: 'IDVs',
  grants: 'Grants',
  direct_payments: 'DirectPayments',
  loans: 'Loans',
  other_financial_assistance: 'Other',
};

/** Upstream `award_category` of the file name: the one award type group the codes belong to, else `All`. */
export function awardCategoryOf(codes: readonly string[] | undefined): string {
  if (!codes || codes.length === 0) return 'All';
  const groups = new Set(codes.map((c) => Object.entries(AWARD_TYPE_GROUPS).find(([, list]) => list.includes(c))?.[0] ?? 'unknown'));
  const [only] = [...groups];
  return groups.size === 1 && only && CATEGORY_OF_GROUP[only] ? CATEGORY_OF_GROUP[only] : 'All';
}

/** Columns of the file: the disaster recipient layout; `face_value_of_loans` only for loans (as upstream). */
export function disasterRecipientColumns(category: string): string[] {
  return layoutColumns('disaster.recipient').filter((c) => c !== 'face_value_of_loans' || category === 'Loans');
}

/**
 * One file: recipients of the awards funded by the DEF codes, with the obligations and outlays of those codes
 * (from each award's per-code File C totals), loan face values and award counts, largest obligations first.
 */
export function planDisasterRecipients(request: DisasterRecipientsRequest, timestamp: string): PlannedFile[] {
  const codes = sql.array(request.filters.def_codes, 'text');
  const types = request.filters.award_type_codes?.length ? sql.fragment`AND a.type = ANY(${sql.array(request.filters.award_type_codes, 'text')})` : sql.fragment``;
  const all = {
    recipient: sql.fragment`s.recipient_name`,
    award_obligations: sql.fragment`sum(s.obligation)`,
    award_outlays: sql.fragment`sum(s.outlay)`,
    face_value_of_loans: sql.fragment`sum(CASE WHEN s.type IN ('07', '08') THEN coalesce(s.total_loan_value, 0) ELSE 0 END)`,
    number_of_awards: sql.fragment`count(*)`,
  } as const;
  const columns = request.columns;
  const select = sql.join(columns.map((c) => sql.fragment`${all[c as keyof typeof all]} AS ${sql.identifier([c])}`), sql.fragment`, `);
  const query = sql.fragment`
    SELECT ${select}
    FROM (
      SELECT a.recipient_name, a.type, a.total_loan_value,
        (SELECT sum((x->>'obligation')::numeric) FROM jsonb_array_elements(a.spending_by_defc) x WHERE x->>'defc' = ANY(${codes})) AS obligation,
        (SELECT sum((x->>'outlay')::numeric) FROM jsonb_array_elements(a.spending_by_defc) x WHERE x->>'defc' = ANY(${codes})) AS outlay
      FROM award_search a
      WHERE a.disaster_emergency_fund_codes && ${codes} ${types}
    ) s
    GROUP BY s.recipient_name
    ORDER BY sum(s.obligation) DESC NULLS LAST, s.recipient_name`;
  return [{ entryName: `COVID-19_Recipients_${request.award_category}_${timestamp}.${FILE_EXTENSION[request.file_format]}`, layout: 'disaster.recipient', columns, query }];
}
