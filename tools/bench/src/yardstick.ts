/**
 * A fixed piece of database work, timed on the machine a benchmark runs on, so that runs of different days can be
 * compared. The same build's CPU work has differed threefold from one day to the next on this machine kind (the
 * cores of a shared virtual machine), which hides any change of the code. The yardstick is the kind of work the
 * bench build is made of: one core hashing a million rows into a million groups by an integer and a text, with
 * exact numeric sums. It reads no table, so it measures the same work on an empty database and on a built one.
 */
import pg from 'pg';

/** Rows (and groups) of one yardstick run. */
export const YARDSTICK_ROWS = 1_000_000;

// `g % 250000` and `g % 97` together tell every g of the series apart (250,000 × 97 > the rows), so each row is a
// group of its own; its sum is (g % 100003) / 100.
const YARDSTICK_SQL = `
  SELECT count(*)::int AS groups, sum(s)::text AS total
  FROM (
    SELECT g % 250000 AS k, 'agency ' || (g % 97) AS name, sum((g % 100003)::numeric / 100) AS s
    FROM generate_series(1, ${YARDSTICK_ROWS}) AS g
    GROUP BY 1, 2
  ) AS t`;

export interface Yardstick {
  /** The median of the runs' seconds. */
  seconds: number;
  /** Every run's seconds, in order. */
  runs: number[];
  /** What the aggregate answered (the same on every machine): the number of groups and the sum of their sums. */
  groups: number;
  total: string;
}

/**
 * Times `runs` runs of the yardstick on one connection of `url` (no parallel workers, memory enough for the hash
 * table) and returns their median.
 */
export async function measureYardstick(url: string, runs = 3): Promise<Yardstick> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET max_parallel_workers_per_gather = 0');
    await client.query("SET work_mem = '512MB'");
    const times: number[] = [];
    let answer = { groups: 0, total: '' };
    for (let i = 0; i < Math.max(1, runs); i += 1) {
      const began = performance.now();
      const result = await client.query<{ groups: number; total: string }>(YARDSTICK_SQL);
      times.push((performance.now() - began) / 1000);
      answer = result.rows[0] ?? answer;
    }
    const sorted = [...times].sort((a, b) => a - b);
    return { seconds: sorted[Math.floor(sorted.length / 2)] ?? 0, runs: times, groups: answer.groups, total: answer.total };
  } finally {
    await client.end();
  }
}
