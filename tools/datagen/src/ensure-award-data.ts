import pg from 'pg';
import { AWARD_DATA_TABLES, generateAwardData, type GenerateOptions, type GenerateResult } from './generate-award-data';

/** Rows per award data table. */
export async function awardDataCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of AWARD_DATA_TABLES) {
      const r = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
      counts[table] = Number(r.rows[0]?.n ?? 0);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/**
 * Generates the award dataset when award_search is empty (a fresh database), else leaves the data
 * alone. Returns the generation result, or null when there was data already.
 */
export async function ensureAwardData(options: GenerateOptions): Promise<GenerateResult | null> {
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  let empty: boolean;
  try {
    empty = (await client.query('SELECT 1 FROM award_search LIMIT 1')).rowCount === 0;
  } finally {
    await client.end();
  }
  return empty ? generateAwardData(options) : null;
}
