import { layoutColumns, type LayoutKey } from '@usas/downloads';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

type Section = 'award' | 'subaward' | 'account';

/**
 * Every download layout the service writes, the section of the dictionary its columns belong to and the
 * name of the file that carries it inside the download zip (its `_1` part). Typed as a full record so a new
 * layout cannot be left out of the dictionary.
 */
const LAYOUT_FILES: Record<LayoutKey, { section: Section; file: string }> = {
  'award.d1': { section: 'award', file: 'Contracts_PrimeAwardSummaries_1.csv' },
  'award.d2': { section: 'award', file: 'Assistance_PrimeAwardSummaries_1.csv' },
  'transaction_search.d1': { section: 'award', file: 'Contracts_PrimeTransactions_1.csv' },
  'transaction_search.d2': { section: 'award', file: 'Assistance_PrimeTransactions_1.csv' },
  'idv_orders.d1': { section: 'award', file: 'IDV_Orders_1.csv' },
  'idv_transaction_history.d1': { section: 'award', file: 'IDV_TransactionHistory_1.csv' },
  'assistance_transaction_history.d2': { section: 'award', file: 'Assistance_TransactionHistory_1.csv' },
  'disaster.recipient': { section: 'award', file: 'COVID-19_Recipients_1.csv' },
  'subaward_search.d1': { section: 'subaward', file: 'Contracts_Subawards_1.csv' },
  'subaward_search.d2': { section: 'subaward', file: 'Assistance_Subawards_1.csv' },
  'gtas_balances.treasury_account': { section: 'account', file: 'All_TAS_GTASBalances_1.csv' },
  'account_balances.treasury_account': { section: 'account', file: 'All_TAS_AccountBalances_1.csv' },
  'account_balances.federal_account': { section: 'account', file: 'All_FA_AccountBalances_1.csv' },
  'object_class_program_activity.treasury_account': { section: 'account', file: 'All_TAS_AccountBreakdownByPA-OC_1.csv' },
  'object_class_program_activity.federal_account': { section: 'account', file: 'All_FA_AccountBreakdownByPA-OC_1.csv' },
  'award_financial.treasury_account': { section: 'account', file: 'All_TAS_AccountBreakdownByAward_1.csv' },
  'award_financial.federal_account': { section: 'account', file: 'All_FA_AccountBreakdownByAward_1.csv' },
};

/** Columns of upstream's crosswalk, in order, with their display names. */
export const DICTIONARY_HEADERS = [
  { raw: 'element', display: 'Element' },
  { raw: 'definition', display: 'Definition' },
  { raw: 'fpds_element', display: 'FPDS Data Dictionary Element' },
  { raw: 'award_file', display: 'Award File' },
  { raw: 'award_element', display: 'Award Element' },
  { raw: 'subaward_file', display: 'Subaward File' },
  { raw: 'subaward_element', display: 'Subaward Element' },
  { raw: 'account_file', display: 'Account File' },
  { raw: 'account_element', display: 'Account Element' },
  { raw: 'legacy_award_file', display: 'Award File' },
  { raw: 'legacy_award_element', display: 'Award Element' },
  { raw: 'legacy_subaward_element', display: 'Subaward Element' },
] as const;

export const DICTIONARY_SECTIONS = [
  { section: 'Schema Data Label & Description', colspan: 3 },
  { section: 'USA Spending Downloads', colspan: 6 },
  { section: 'Legacy USA Spending', colspan: 3 },
] as const;

const GlossaryDefinition = z.object({ term: z.string(), definition: z.string().nullable() });

/** Letters and digits only, lower case: how a column name and a glossary term are compared. */
const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** "recipient_name_raw" -> "Recipient Name Raw" (for elements the glossary does not define). */
const titleOf = (column: string): string =>
  column.split('_').filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

export type DictionaryRow = (string | null)[];

/**
 * One row per column name of the download layouts, in element order: the files (per section) that carry the
 * column, and the glossary term and definition (plain language, else official) when a glossary term has the
 * same letters and digits as the column name. No FPDS or legacy crosswalk is kept, so those cells are null.
 */
export async function buildDataDictionary(db: CommonQueryMethods): Promise<DictionaryRow[]> {
  const glossary = await db.any(sql.type(GlossaryDefinition)`
    SELECT term, coalesce(nullif(plain, ''), nullif(official, '')) AS definition FROM glossary ORDER BY term`);
  const byKey = new Map(glossary.map((g) => [squash(g.term), g]));
  const files = new Map<string, Record<Section, string[]>>();
  for (const [layout, where] of Object.entries(LAYOUT_FILES) as [LayoutKey, { section: Section; file: string }][]) {
    for (const column of layoutColumns(layout)) {
      const entry = files.get(column) ?? { award: [], subaward: [], account: [] };
      if (!entry[where.section].includes(where.file)) entry[where.section].push(where.file);
      files.set(column, entry);
    }
  }
  const cell = (list: string[]): string | null => (list.length ? list.join(',\n') : null);
  const rows = [...files.entries()].map(([column, f]): DictionaryRow => {
    const term = byKey.get(squash(column));
    return [
      term?.term ?? titleOf(column), term?.definition ?? null, null,
      cell(f.award), f.award.length ? column : null,
      cell(f.subaward), f.subaward.length ? column : null,
      cell(f.account), f.account.length ? column : null,
      null, null, null,
    ];
  });
  return rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[4] ?? a[6] ?? a[8]).localeCompare(String(b[4] ?? b[6] ?? b[8])));
}
