import pg from 'pg';

/** Runs `work` on a connection of its own to `url` (no pool: no statement timeout), closed afterwards. */
export async function withOwnClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const own = new pg.Client({ connectionString: url });
  await own.connect();
  try {
    return await work(own);
  } finally {
    await own.end();
  }
}

/**
 * Brings the search summaries (the pre-aggregations the search planner reads) up to date with the
 * search tables: only what the writes since the last refresh changed, or everything after a bulk load
 * with change recording off (functions/refresh_search_summaries.sql). Returns the scope it took. Given a URL,
 * it opens its own connection (a full rebuild runs for minutes at bench scale: no statement timeout).
 */
export async function refreshSearchSummaries(client: Pick<pg.Client, 'query'> | string): Promise<string | null> {
  if (typeof client === 'string') return withOwnClient(client, refreshSearchSummaries);
  await client.query('SELECT refresh_search_summaries()');
  // How it went: 'none', 'full', 'fiscal years ...' or 'changed rows in fiscal years ...'.
  const state = await client.query<{ last_scope: string | null }>('SELECT last_scope FROM search_summary_state');
  return state.rows[0]?.last_scope ?? null;
}

/** Seconds each half of a two-lane full rebuild took (refreshSearchSummariesInTwoLanes). */
export interface TwoLaneRefresh {
  /** Every summary and ranking table but the filter pairs (refresh_search_summaries). */
  main: number;
  /** The filter pair summaries and their all-years companions (refresh_search_summary_pairs). */
  pairs: number;
}

/**
 * Sets the pair lane's temp_buffers (on its fresh connection: PostgreSQL refuses the change once the session has
 * touched a temporary table) to a third of the server's effective_cache_size, the page cache the planner may count
 * on (the embedded server's is half the RAM). The pair summaries are grouped, one table at a time, from a temporary
 * projection of transaction_search (3.3 GB at bench scale) and its fiscal-year pre-aggregation (1.2 GB, read 9
 * times); with PostgreSQL's default of 8 MB every read comes back from the kernel. Local buffers are allocated as the
 * tables grow, not up front. At bench scale, refresh_search_summary_pairs() alone (before the pre-aggregation) took
 * 298 and 282 core-seconds with the default, 282, 261 and 273 with 4 to 7 GB.
 */
export async function setPairLaneTempBuffers(client: Pick<pg.Client, 'query'>): Promise<string> {
  const set = await client.query<{ temp_buffers: string }>(`
    SELECT set_config('temp_buffers', greatest(8, setting::bigint * 8 / 1024 / 3)::text || 'MB', false) AS temp_buffers
    FROM pg_settings WHERE name = 'effective_cache_size'`);
  return set.rows[0]?.temp_buffers ?? '';
}

/**
 * The full rebuild after a bulk load (change recording was off), on two connections of its own: the filter pair
 * summaries (403 of 698 s of a full refresh at bench scale) beside everything else, so that it takes both cores. Only the
 * summary state's `dirty_all` tells the halves apart: the first leaves it set, and it is cleared here once both
 * are done, so a rebuild cut off in between is repeated in full by the next refresh. Refuses when the state asks
 * for less than a full rebuild: each half checks it before writing (search_summary_full_rebuild_due). Both halves
 * run to their end before an error is thrown.
 */
export async function refreshSearchSummariesInTwoLanes(url: string): Promise<TwoLaneRefresh> {
  const timed = async (run: () => Promise<unknown>): Promise<number> => {
    const started = performance.now();
    await run();
    return Math.round((performance.now() - started) / 100) / 10;
  };
  const [main, pairs] = await Promise.allSettled([
    timed(() => withOwnClient(url, async (client) => {
      await client.query(`SELECT set_config('usas.summary_pairs', 'apart', false)`);
      await client.query('SELECT refresh_search_summaries()');
    })),
    timed(() => withOwnClient(url, async (client) => {
      await setPairLaneTempBuffers(client);
      await client.query('SELECT refresh_search_summary_pairs()');
    })),
  ]);
  if (main.status === 'rejected') throw main.reason;
  if (pairs.status === 'rejected') throw pairs.reason;
  await withOwnClient(url, (client) => client.query('UPDATE search_summary_state SET dirty_all = NOT search_summary_recording()'));
  return { main: main.value, pairs: pairs.value };
}

/**
 * Turns the triggers that record what each write to the search tables changes (the fiscal years for
 * the summaries, the recipient hashes for the recipient profiles) off or on. Turning them off marks both
 * records incomplete: the next refresh and derive rebuild everything. A bulk load turns them off.
 */
export async function setChangeRecording(client: Pick<pg.Client, 'query'>, on: boolean): Promise<void> {
  await client.query('SELECT set_change_recording($1)', [on]);
}

/**
 * Turns change recording off for a bulk load into truncated search tables, and drops the triggers instead of only
 * disabling them: PostgreSQL still copies every inserted row into a disabled trigger's transition table.
 * `setChangeRecording(client, true)` creates them again. Their DROP locks the tables against reads until the
 * transaction ends, so an import beside a running service turns recording off with setChangeRecording instead.
 */
export async function dropChangeRecording(client: Pick<pg.Client, 'query'>): Promise<number> {
  const dropped = await client.query<{ n: number }>('SELECT drop_change_recording_triggers() AS n');
  return dropped.rows[0]?.n ?? 0;
}

/**
 * Rebuilds the profile summaries that the disaster and agency endpoints otherwise rebuild on their first read
 * after a write (refresh_disaster_summaries, refresh_agency_summaries: each a no-op when current). Called once
 * after a bulk build or import and at start, so no request pays a rebuild of seconds to minutes. Long statements:
 * use a connection without the interactive statement timeout (given a URL, it opens its own).
 */
export async function refreshProfileSummaries(client: Pick<pg.Client, 'query'> | string): Promise<void> {
  if (typeof client === 'string') return withOwnClient(client, refreshProfileSummaries);
  await client.query('SELECT refresh_disaster_summaries()');
  await client.query('SELECT refresh_agency_summaries()');
}
