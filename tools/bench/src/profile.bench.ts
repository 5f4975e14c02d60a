/**
 * `npm run bench -- profile [--samples 40]`: latency of the award profile (GET awards/{id}/) and the recipient
 * profile (GET recipient/{id}/ for year=latest, all and a fiscal year) through HTTP (the all-in-one gateway as a
 * child process on a free local port) next to the naive way of computing the same figures over the base tables,
 * in the same run and on the same database: the award's transaction sums, subaward count and File C sums, and the
 * recipient's transaction sums, each with index use switched off (so they scan transaction_search and the other
 * base tables as a profile without indexes or summaries would). The ratio is naive p50 / HTTP p50 (goal for the
 * recipient profile: 10x or more). The same statements with indexes allowed are reported too (the SQL alone, no
 * HTTP): what the base tables give through their indexes. Samples: awards of every category and recipients of every level, the busiest
 * first (recipient_profile by trailing-12-month amount). Database: DATABASE_URL, or the embedded server under
 * DATA_DIR / EMBEDDED_PG_PORT (migrations are applied first, then the tables analysed).
 */
import { createDbPool } from '@usas/db';
import { runMigrations } from '@usas/read-model';
import { openDatabase } from '@usas/db/embedded';
import { loadConfig } from '@usas/service-kit';
import { performance } from 'node:perf_hooks';
import { sql, type DatabasePool, type QuerySqlToken } from 'slonik';
import { Pool } from 'undici';
import { z } from 'zod';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';
import { benchOptions, table } from './bench-args';

const TABLES = ['award_search', 'transaction_search', 'subaward_search', 'financial_accounts_by_awards', 'recipient_profile', 'recipient_lookup'];

interface Case {
  name: string;
  ids: string[];
  path: (id: string) => string;
  naive: (id: string) => QuerySqlToken[];
}

const Id = z.object({ id: z.string() });
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};
const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(2));

/** The naive recipient totals: every transaction of the recipient (or of its children) summed in one pass. */
function naiveRecipient(id: string, period: 'all' | 'fy' | 'latest'): QuerySqlToken[] {
  const hash = id.slice(0, 36);
  const level = id.slice(37);
  const scope = level === 'P'
    ? sql.fragment`parent_recipient_hash = ${hash}::uuid`
    : sql.fragment`recipient_hash = ${hash}::uuid AND (parent_recipient_hash IS NOT NULL) = ${level === 'C'}`;
  const when = period === 'all' ? sql.fragment`TRUE`
    : period === 'latest' ? sql.fragment`action_date >= current_date - interval '1 year'`
    : sql.fragment`fiscal_year = extract(year FROM current_date + interval '3 months')::int - 1`;
  return [
    sql.unsafe`SELECT sum(generated_pragmatic_obligation), count(*), sum(face_value_loan_guarantee) FILTER (WHERE award_category = 'loans'),
                 count(face_value_loan_guarantee) FILTER (WHERE award_category = 'loans')
               FROM transaction_search WHERE ${scope} AND ${when}`,
    sql.unsafe`SELECT * FROM recipient_lookup WHERE recipient_hash = ${hash}::uuid`,
  ];
}

async function timeHttp(client: Pool, c: Case, ids: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    const res = await client.request({ path: c.path(id), method: 'GET' });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${c.name} ${id}: HTTP ${res.statusCode}`);
    out.push(performance.now() - started);
  }
  return out;
}

/** Times the naive statements, with index use switched off (a scan) or allowed (indexed base-table sums). */
async function timeNaive(db: DatabasePool, c: Case, ids: string[], indexes: boolean): Promise<number[]> {
  return db.connect(async (conn) => {
    const flag = indexes ? 'on' : 'off';
    await conn.query(sql.unsafe`SELECT set_config('enable_indexscan', ${flag}, false), set_config('enable_bitmapscan', ${flag}, false),
      set_config('enable_indexonlyscan', ${flag}, false)`);
    const out: number[] = [];
    for (const id of ids) {
      const started = performance.now();
      for (const q of c.naive(id)) await conn.query(q);
      out.push(performance.now() - started);
    }
    return out;
  });
}

export const description = 'award and recipient profile latency over HTTP vs the naive sums over the base tables';

export async function run(args: string[]): Promise<void> {
  const options = benchOptions(args, { samples: '40' });
  const n = Number(options.samples);
  const config = loadConfig();
  const database = await openDatabase(config);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  try {
    log(`profile bench: database ${database.url.replace(/\/\/[^@]*@/, '//')}`);
    await runMigrations(database.url).catch((error: unknown) => log(`migrations not applied: ${error instanceof Error ? error.message : String(error)}`));
    const db = await createDbPool(database.url, { maximumPoolSize: 4, statementTimeout: 'DISABLE_TIMEOUT' });
    let gateway: GatewayProcess | undefined;
    try {
      for (const t of TABLES) await db.query(sql.unsafe`ANALYZE ${sql.identifier([t])}`);
      const sizes = await db.any(sql.type(z.object({ relname: z.string(), n: z.number() }))`
        SELECT relname, n_live_tup::int AS n FROM pg_stat_user_tables WHERE relname = ANY(${sql.array(TABLES, 'text')})`);
      log(`rows: ${sizes.map((s) => `${s.relname}=${s.n}`).join(' ')}`);
      const awards = (await db.any(sql.type(Id)`
        SELECT id FROM (SELECT DISTINCT ON (category, award_id % 97) generated_unique_award_id AS id, category, award_id
          FROM award_search WHERE category IS NOT NULL ORDER BY category, award_id % 97, transaction_count DESC) x
        ORDER BY md5(id) LIMIT ${n}`)).map((r) => r.id);
      const recipients = (await db.any(sql.type(Id)`
        SELECT recipient_hash::text || '-' || recipient_level AS id FROM recipient_profile
        ORDER BY last_12_months DESC LIMIT ${n}`)).map((r) => r.id);
      const fy = new Date(Date.now() + 92 * 86_400_000).getUTCFullYear() - 1;
      const cases: Case[] = [
        {
          name: 'award profile',
          ids: awards,
          path: (id) => `/api/v2/awards/${encodeURIComponent(id)}/`,
          naive: (id) => [
            sql.unsafe`SELECT * FROM award_search WHERE generated_unique_award_id = ${id}`,
            sql.unsafe`SELECT count(*), sum(federal_action_obligation), sum(base_exercised_options_val), sum(base_and_all_options_value),
                         sum(face_value_loan_guarantee), sum(original_loan_subsidy_cost)
                       FROM transaction_search WHERE generated_unique_award_id = ${id}`,
            sql.unsafe`SELECT * FROM transaction_search WHERE generated_unique_award_id = ${id} ORDER BY action_date DESC LIMIT 1`,
            sql.unsafe`SELECT count(*), sum(subaward_amount) FROM subaward_search WHERE unique_award_key = ${id}`,
            sql.unsafe`SELECT disaster_emergency_fund_code, sum(transaction_obligated_amount), sum(gross_outlay_amount_by_award_cpe)
                       FROM financial_accounts_by_awards f JOIN award_search a ON a.award_id = f.award_id
                       WHERE a.generated_unique_award_id = ${id} GROUP BY 1`,
          ],
        },
        { name: 'recipient profile, year=latest', ids: recipients, path: (id) => `/api/v2/recipient/${id}/?year=latest`, naive: (id) => naiveRecipient(id, 'latest') },
        { name: 'recipient profile, year=all', ids: recipients, path: (id) => `/api/v2/recipient/${id}/?year=all`, naive: (id) => naiveRecipient(id, 'all') },
        { name: `recipient profile, year=${fy}`, ids: recipients, path: (id) => `/api/v2/recipient/${id}/?year=${fy}`, naive: (id) => naiveRecipient(id, 'fy') },
      ];
      log('starting the gateway');
      gateway = await startGatewayProcess(database.url);
      const client = new Pool(gateway.url, { connections: 1 });
      const rows: Array<Array<string | number>> = [];
      for (const c of cases) {
        if (c.ids.length === 0) continue;
        await timeHttp(client, c, c.ids.slice(0, 3));
        const httpMs = await timeHttp(client, c, c.ids);
        const naiveMs = await timeNaive(db, c, c.ids, false);
        const indexedMs = await timeNaive(db, c, c.ids, true);
        const ratio = percentile(naiveMs, 50) / percentile(httpMs, 50);
        log(`${c.name}: HTTP p50 ${fmt(percentile(httpMs, 50))} ms, naive p50 ${fmt(percentile(naiveMs, 50))} ms -> ${ratio.toFixed(1)}x`);
        rows.push([c.name, c.ids.length, fmt(percentile(httpMs, 50)), fmt(percentile(httpMs, 95)), fmt(percentile(naiveMs, 50)), fmt(percentile(naiveMs, 95)),
          `${ratio.toFixed(1)}x`, fmt(percentile(indexedMs, 50)), fmt(percentile(indexedMs, 95))]);
      }
      await client.close();
      process.stdout.write(`${table(['profile', 'ids', 'HTTP p50 ms', 'HTTP p95 ms', 'naive p50 ms', 'naive p95 ms', 'naive/HTTP', 'indexed base p50 ms', 'indexed p95 ms'], rows)}\n`);
    } finally {
      await gateway?.stop();
      await db.end();
    }
  } finally {
    await database.stop();
  }
}
