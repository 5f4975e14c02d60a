import { performance } from 'node:perf_hooks';
import type pg from 'pg';

export interface DeriveStep {
  step: string;
  /** Rows written or changed by the step. */
  changed: number;
  seconds: number;
}

interface Options {
  scoped: boolean;
  asOf: string;
  /** Steps not to run (the generator skips the award-level ones: it writes their results itself). */
  skip?: readonly string[];
  /**
   * The award and transaction rows already carry the right recipient_levels (the generator writes them):
   * the recipients step then only builds the recipient tables and reads the search tables (migration 0061).
   */
  levelsWritten?: boolean;
}

/**
 * Award-level steps whose results the generator writes itself; its tests re-run them on generated data
 * and expect no change (tools/datagen/test), so a generation can skip them.
 */
export const GENERATOR_WRITTEN_STEPS = ['award_links', 'award_rollups', 'award_keyword_text', 'award_file_c', 'award_subawards'] as const;

/**
 * The derive steps (SQL functions of migrations 0021, 0061 and 0064) in order. After a generation the award-level steps
 * are expected to change nothing: the generator already wrote consistent values.
 */
const STEPS: Array<{ step: string; sql: string; args: (o: Options) => unknown[]; scopedOnly?: boolean }> = [
  { step: 'award_links', sql: 'SELECT derive_award_links($1) AS n', args: (o) => [o.scoped] },
  { step: 'award_rollups', sql: 'SELECT derive_award_rollups($1) AS n', args: (o) => [o.scoped] },
  { step: 'award_keyword_text', sql: 'SELECT derive_award_keyword_text($1) AS n', args: (o) => [o.scoped] },
  { step: 'award_file_c', sql: 'SELECT derive_award_file_c($1, $2::date) AS n', args: (o) => [o.scoped, o.asOf] },
  { step: 'search_file_c', sql: 'SELECT derive_search_file_c($1) AS n', args: (o) => [o.scoped], scopedOnly: true },
  { step: 'award_subawards', sql: 'SELECT derive_award_subawards($1) AS n', args: (o) => [o.scoped] },
  { step: 'recipients', sql: 'SELECT derive_recipients($1::date, $2) AS n', args: (o) => [o.asOf, !o.levelsWritten] },
  { step: 'parent_award', sql: 'SELECT derive_parent_award() AS n', args: () => [] },
];

/** Runs the derive steps on one connection (a scoped run reads the session's derive_scope table). */
export async function runDerive(client: pg.Client, options: Options & { onStep?: (step: string) => void }): Promise<DeriveStep[]> {
  const out: DeriveStep[] = [];
  for (const s of STEPS) {
    if (s.scopedOnly && !options.scoped) continue;
    if (options.skip?.includes(s.step)) continue;
    options.onStep?.(s.step);
    const started = performance.now();
    const result = await client.query<{ n: string }>(s.sql, s.args(options));
    out.push({ step: s.step, changed: Number(result.rows[0]?.n ?? 0), seconds: Math.round(performance.now() - started) / 1000 });
  }
  return out;
}
