export { BASELINE, FUNCTIONS_DIR, MIGRATIONS_DIR, readFunctions, readMigrations, runMigrations } from './migrate';
export type { FunctionFile, Migration, MigrationDirs, MigrationResult } from './migrate';
export { clearDerivedPending, clearDeriveScope, deriveScoped, GENERATOR_WRITTEN_STEPS, runDerive, scopePendingAwards } from './derive';
export type { DeriveOptions, DeriveStep } from './derive';
export { refreshProfileSummaries, refreshSearchSummaries, refreshSearchSummariesInTwoLanes, setChangeRecording, dropChangeRecording, withOwnClient, type TwoLaneRefresh } from './refresh';
export { dumpSchema } from './schema-dump';
