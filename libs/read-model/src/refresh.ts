import type pg from 'pg';

/**
 * Brings the search summaries (the pre-aggregations the search planner reads) up to date with the
 * search tables: only what the writes since the last refresh changed, or everything after a bulk load
 * with change recording off (functions/refresh_search_summaries.sql).
 */
export async function refreshSearchSummaries(client: Pick<pg.Client, 'query'>): Promise<void> {
  await client.query('SELECT refresh_search_summaries()');
}

/**
 * Turns the triggers that record what each write to the search tables changes (the fiscal years for
 * the summaries, the recipient hashes for the recipient profiles) off or on. Turning them off marks both
 * records incomplete: the next refresh and derive rebuild everything. A bulk load turns them off.
 */
export async function setChangeRecording(client: Pick<pg.Client, 'query'>, on: boolean): Promise<void> {
  await client.query('SELECT set_change_recording($1)', [on]);
}
