import { sql, type FragmentSqlToken } from 'slonik';
import { accountRowsQuery } from './account-plan';
import { columnExpression, layoutColumns, sourceRows, type DownloadSource, type LayoutKey } from './column-sets';
import { FILE_EXTENSION, type FileFormat, type PlannedFile } from './download-plan';
import { slugForFileName } from './file-names';

/** The request of a single-award download (`download/contract`, `assistance`, `idv`) as processed. */
export interface AwardIdDownloadRequest {
  request_type: 'contract' | 'assistance' | 'idv';
  award_id: number | string;
  file_format: FileFormat;
  /** The award the id resolved to when accepted. */
  award: { award_id: number; display_id: string };
}

/** Zip name prefix per request type (upstream: CONT_, ASST_, IDV_ and the award's PIID or FAIN/URI). */
export const AWARD_ID_PREFIX = { contract: 'CONT', assistance: 'ASST', idv: 'IDV' } as const;
const ENTRY_PREFIX = { contract: 'Contract', assistance: 'Assistance', idv: 'IDV' } as const;

interface Part {
  what: string;
  source: DownloadSource;
  layout: LayoutKey;
  /** Rows of the part, over the table's unqualified columns. */
  where: FragmentSqlToken;
}

/** Upstream's orders of an IDV (over `alias`'s award_search columns): the awards and IDVs under it and under its child IDVs. */
const ORDERS_OF = (id: number, alias?: string): FragmentSqlToken => {
  const parent = alias ? sql.identifier([alias, 'parent_award_id']) : sql.identifier(['parent_award_id']);
  return sql.fragment`(${parent} = ${id} OR ${parent} IN (SELECT c.award_id FROM award_search c WHERE c.parent_award_id = ${id} AND c.category = 'idv'))`;
};

function parts(request: AwardIdDownloadRequest): Part[] {
  const id = request.award.award_id;
  if (request.request_type === 'idv') {
    return [
      {
        what: 'Orders',
        source: 'award_search',
        layout: 'idv_orders.d1',
        where: ORDERS_OF(id),
      },
      { what: 'TransactionHistory', source: 'transaction_search', layout: 'idv_transaction_history.d1', where: sql.fragment`award_id = ${id}` },
    ];
  }
  const fpds = request.request_type === 'contract';
  return [
    { what: 'TransactionHistory', source: 'transaction_search', layout: fpds ? 'transaction_search.d1' : 'assistance_transaction_history.d2', where: sql.fragment`award_id = ${id}` },
    { what: 'Sub-Awards', source: 'subaward_search', layout: fpds ? 'subaward_search.d1' : 'subaward_search.d2', where: sql.fragment`award_id = ${id}` },
  ];
}

/** The zip name of a single-award download. */
export function awardIdFileName(request: AwardIdDownloadRequest, timestamp: string): string {
  return `${AWARD_ID_PREFIX[request.request_type]}_${slugForFileName(request.award.display_id)}_${timestamp}.zip`;
}

/**
 * The files of a single-award download: its transactions and subawards (an IDV: the orders under it and its child
 * IDVs, and its own transactions), then, as upstream, `..._FederalAccountFunding`: the File C rows of the award (an
 * IDV: of the IDV and every award and IDV under it and its child IDVs) in the Treasury account layout.
 */
export function planAwardIdDownload(request: AwardIdDownloadRequest): PlannedFile[] {
  const slug = slugForFileName(request.award.display_id);
  const id = request.award.award_id;
  const fundedAwards = request.request_type === 'idv'
    ? sql.fragment`t.award_id = ${id} OR t.award_id IN (SELECT o.award_id FROM award_search o WHERE ${ORDERS_OF(id, 'o')})`
    : sql.fragment`t.award_id = ${id}`;
  const fundingColumns = [...layoutColumns('award_financial.treasury_account')];
  const funding: PlannedFile = {
    entryName: `${ENTRY_PREFIX[request.request_type]}_${slug}_FederalAccountFunding_1.${FILE_EXTENSION[request.file_format]}`,
    layout: 'award_financial.treasury_account',
    columns: fundingColumns,
    query: accountRowsQuery('award_financial', fundingColumns, [sql.fragment`(${fundedAwards})`]),
  };
  return [...parts(request).map((p) => {
    const columns = [...layoutColumns(p.layout)];
    const fpds = p.layout.endsWith('.d1');
    const select = sql.join(columns.map((c) => sql.fragment`${columnExpression(p.source, fpds, c)} AS ${sql.identifier([c])}`), sql.fragment`, `);
    const filtered = sourceRows(p.source, p.where);
    const query = p.source === 'transaction_search'
      ? sql.fragment`SELECT ${select} FROM ${filtered} LEFT JOIN award_search AS aw ON aw.award_id = src.award_id ORDER BY src.action_date, src.transaction_id`
      : sql.fragment`SELECT ${select} FROM ${filtered}`;
    return { entryName: `${ENTRY_PREFIX[request.request_type]}_${slug}_${p.what}_1.${FILE_EXTENSION[request.file_format]}`, layout: p.layout, columns, query };
  }), funding];
}
