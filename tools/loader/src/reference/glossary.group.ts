import path from 'node:path';
import { DataFileError, readCsv } from '../csv';
import { slugify } from './agencies.group';
import { required, text } from './field-parsers';
import { GLOSSARY_TERMS } from './fallback/glossary.data';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';

const FILE = 'glossary_sample.csv';
const COLUMNS = ['term', 'slug', 'plain', 'official', 'data_act_term', 'resources'];

function table(rows: Cell[][]): TableRows {
  return { table: 'glossary', columns: COLUMNS, key: ['term'], rows: rows.sort((a, b) => String(a[0]).localeCompare(String(b[0]))) };
}

const ownTerms = (): Cell[][] =>
  GLOSSARY_TERMS.map(([term, plain, official, dataActTerm, resources]) => [term, slugify(term), plain, official, dataActTerm, resources]);

/**
 * The glossary file's terms, plus the project's own terms that the file does not define. The
 * markdown form of "More Resources" is what the API serves, so it is preferred over the bare link.
 */
function readGlossary(dir: string): TableRows {
  const file = path.join(dir, FILE);
  const rows = new Map<string, Cell[]>();
  for (const { line, values: v } of readCsv(file, ['Term', 'Plain Language Descriptions', 'DATA Act Schema Term', 'DATA Act Schema Definition'])) {
    const at = { file, line };
    const term = required(at, 'Term', v.Term);
    if (rows.has(term.toLowerCase())) throw new DataFileError(file, line, `term '${term}' repeats`);
    rows.set(term.toLowerCase(), [
      term,
      slugify(term),
      text(v['Plain Language Descriptions']),
      text(v['DATA Act Schema Definition']),
      text(v['DATA Act Schema Term']),
      text(v['Markdown for More Resources']) ?? text(v['More Resources']),
    ]);
  }
  for (const row of ownTerms()) if (!rows.has(String(row[0]).toLowerCase())) rows.set(String(row[0]).toLowerCase(), row);
  return table([...rows.values()]);
}

export const glossaryGroup: ReferenceGroup = {
  name: 'glossary',
  files: [FILE],
  read: (dir) => [readGlossary(dir)],
  generate: () => [table(ownTerms())],
};
