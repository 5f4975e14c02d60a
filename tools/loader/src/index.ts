export { DataFileError, blankToNull, readCsv } from './csv';
export type { CsvRow } from './csv';
export { REFERENCE_GROUPS } from './reference/groups';
export { loadReferenceData } from './reference/load-reference-data';
export type { GroupLoadResult, LoadReferenceOptions } from './reference/load-reference-data';
export type { ReferenceGroup, TableRows } from './reference/reference-group';
