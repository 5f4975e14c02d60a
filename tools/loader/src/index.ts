export { DataFileError, blankToNull, readCsv } from './csv';
export type { CsvRow } from './csv';
export { slugify } from './reference/agencies.group';
export { REFERENCE_GROUPS } from './reference/groups';
export { loadReferenceData } from './reference/load-reference-data';
export type { GroupLoadResult, LoadReferenceOptions } from './reference/load-reference-data';
export type { Cell, ReferenceGroup, TableRows } from './reference/reference-group';
export { fiscalYearOf } from './reference/submission-windows.group';
export { tasRenderingLabel } from './reference/treasury-accounts.group';
