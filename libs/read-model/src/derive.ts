import { performance } from 'node:perf_hooks';
import type pg from 'pg';

export interface DeriveStep {
  step: string;
  /** Rows written or changed by the step. */
  changed: number;
  seconds: number;
}

export interface DeriveOptions {
  scoped: boolean;
  asOf: string;
  /** Steps not to run (the generator skips the award-level ones: it writes their results itself). */
  skip?: readonly string[];
  /**
   * The award and transaction rows already carry the right recipient_levels (the generator writes them):
   * the recipients step then only builds the recipient tables and reads the search tables.
   */
  levelsWritten?: boolean;
  onStep?: (step: string) => void;
}

/**
 * Award-level steps whose results the generator writes itself; its tests re-run them on generated data
 * and expect no change (tools/datagen/test), so a generation can skip them.
 */
export const GENERATOR_WRITTEN_STEPS = ['award_links', 'award_rollups', 'award_keyword_text', 'award_file_c', 'award_subawards'] as const;

/**
 * The derive steps (functions/derive_*.sql) in order. After a generation the award-level steps are
 * expected to change nothing: the generator already wrote consistent values.
 */
const STEPS: Array<{ step: string; sql: string; args: (o: DeriveOptions) => unknown[]; scopedOnly?: boolean }> = [
  { step: 'award_links', sql: 'SELECT derive_award_links($1) AS n', args: (o) => [o.scoped] },
  { step: 'award_rollups', sql: 'SELECT derive_award_rollups($1) AS n', args: (o) => [o.scoped] },
  { step: 'award_keyword_text', sql: 'SELECT derive_award_keyword_text($1) AS n', args: (o) => [o.scoped] },
  { step: 'award_file_c', sql: 'SELECT derive_award_file_c($1, $2::date) AS n', args: (o) => [o.scoped, o.asOf] },
  { step: 'search_file_c', sql: 'SELECT derive_search_file_c($1) AS n', args: (o) => [o.scoped], scopedOnly: true },
  { step: 'award_subawards', sql: 'SELECT derive_award_subawards($1) AS n', args: (o) => [o.scoped] },
  { step: 'recipients', sql: 'SELECT derive_recipients($1::date, $2) AS n', args: (o) => [o.asOf, !o.levelsWritten] },
  { step: 'parent_award', sql: 'SELECT derive_parent_award() AS n', args: () => [] },
];

/** Runs the derive steps one by one on one connection (a scoped run reads the session's derive_scope table). */
export async function runDerive(client: pg.Client, options: DeriveOptions): Promise<DeriveStep[]> {
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

/** Creates this session's derive_scope table (award ids a scoped derive works on) if needed, and empties it. */
export async function clearDeriveScope(client: pg.Client): Promise<void> {
  await client.query('SELECT derive_ensure_scope()');
  await client.query('TRUNCATE derive_scope');
}

/**
 * Puts the awards recorded in award_derive_pending (written by an import, derived not yet) into the
 * session's derive_scope; returns how many were added.
 */
export async function scopePendingAwards(client: pg.Client): Promise<number> {
  return (await client.query('INSERT INTO derive_scope (award_id) SELECT award_id FROM award_derive_pending ON CONFLICT DO NOTHING')).rowCount ?? 0;
}

/** Forgets the pending marks of the awards that the scoped derive just derived. */
export async function clearDerivedPending(client: pg.Client): Promise<void> {
  await client.query('DELETE FROM award_derive_pending p USING derive_scope s WHERE p.award_id = s.award_id');
}

/**
 * Scoped derive of the awards in derive_scope in one call (derive_award_data, which times its own
 * steps), then the transactions' copy of their award's signing date.
 */
export async function deriveScoped(client: pg.Client, options: { asOf?: string; onStep?: (step: string, seconds: number) => void }): Promise<DeriveStep[]> {
  const steps = await client.query<{ step: string; changed: string; seconds: string }>(
    'SELECT step, changed, seconds FROM derive_award_data(true, coalesce($1::date, current_date))', [options.asOf ?? null]);
  for (const r of steps.rows) options.onStep?.(`derive ${r.step}`, Number(r.seconds));
  const started = performance.now();
  const signed = await client.query(`
    UPDATE transaction_search t SET award_date_signed = a.date_signed
    FROM award_search a
    WHERE t.award_id = a.award_id AND a.award_id IN (SELECT award_id FROM derive_scope)
      AND t.award_date_signed IS DISTINCT FROM a.date_signed`);
  const seconds = (performance.now() - started) / 1000;
  options.onStep?.('derive transaction_date_signed', seconds);
  return [
    ...steps.rows.map((r) => ({ step: r.step, changed: Number(r.changed), seconds: Number(r.seconds) })),
    { step: 'transaction_date_signed', changed: signed.rowCount ?? 0, seconds: 0 },
  ];
}
