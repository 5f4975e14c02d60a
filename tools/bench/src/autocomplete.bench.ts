/**
 * `npm run bench -- autocomplete [--terms 60] [--only recipient,city]`: latency of every autocomplete endpoint through
 * HTTP (the all-in-one gateway, started as a child process on a free local port, so client timing and
 * server work do not share an event loop) next to the same lookup done the naive way, an ILIKE scan with
 * index use switched off, in the same run and on the same database.
 *
 * For each endpoint N distinct search texts are sampled from the data (prefixes and words of real
 * names, as a person types them). Measured, one request at a time:
 * - HTTP cold: the first request for each text (the response cache cannot answer it);
 * - HTTP cached: the same texts again (served from the reference app's in-memory cache);
 * - ILIKE scan: the equivalent SQL with `enable_indexscan/bitmapscan/indexonlyscan = off`, timed
 *   from this process (so it carries no HTTP cost at all).
 * The ratio is scan p50 / HTTP cold p50 (goal: 10x or more). Database: DATABASE_URL, or the embedded
 * server under DATA_DIR / EMBEDDED_PG_PORT (migrations are applied first, then tables analysed).
 */
import { createDbPool } from '@usas/db';
import { runMigrations } from '@usas/read-model';
import { openDatabase } from '@usas/db/embedded';
import { loadConfig } from '@usas/service-kit';
import { performance } from 'node:perf_hooks';
import { sql, type DatabasePool, type QuerySqlToken } from 'slonik';
import { Pool } from 'undici';
import { benchOptions, table } from './bench-args';
import { z } from 'zod';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';

interface BenchCase {
  name: string;
  /** Tables the naive lookup scans (their row count is reported next to the timings). */
  tables: string[];
  path: string;
  /** SQL returning distinct candidate texts in a column named `term`. */
  sample: QuerySqlToken<z.ZodObject<{ term: z.ZodString }>>;
  body: (term: string) => unknown;
  /** The same lookup as unindexed ILIKE scans (one or more statements). */
  baseline: (term: string) => QuerySqlToken[];
}

const Term = z.object({ term: z.string() });
const pattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;
const prefix = (term: string) => `${term.replace(/[\\%_]/g, '\\$&')}%`;
/** The first `n` characters of the first word of a column, as a type-ahead text. */
const firstWord = (column: string, n: number) =>
  sql.fragment`left(split_part(trim(${sql.identifier(column.split('.'))}), ' ', 1), ${n})`;

const CASES: BenchCase[] = [
  {
    name: 'accounts/aid',
    tables: ['treasury_appropriation_account'],
    path: '/api/v2/autocomplete/accounts/aid/',
    sample: sql.type(Term)`SELECT DISTINCT left(agency_id, 2) AS term FROM treasury_appropriation_account`,
    body: (t) => ({ filters: { aid: t }, limit: 10 }),
    baseline: (t) => [
      sql.unsafe`SELECT v.value, c.agency_name FROM (SELECT DISTINCT agency_id AS value FROM treasury_appropriation_account
                 WHERE agency_id ILIKE ${prefix(t)} ORDER BY 1 LIMIT 10) v LEFT JOIN cgac c ON c.cgac_code = v.value`,
    ],
  },
  {
    name: 'accounts/main',
    tables: ['treasury_appropriation_account'],
    path: '/api/v2/autocomplete/accounts/main/',
    sample: sql.type(Term)`SELECT DISTINCT left(main_account_code, 3) AS term FROM treasury_appropriation_account`,
    body: (t) => ({ filters: { main: t }, limit: 10 }),
    baseline: (t) => [
      sql.unsafe`SELECT DISTINCT main_account_code FROM treasury_appropriation_account WHERE main_account_code ILIKE ${prefix(t)} ORDER BY 1 LIMIT 10`,
    ],
  },
  {
    name: 'awarding_agency_office',
    tables: ['toptier_agency', 'subtier_agency', 'office'],
    path: '/api/v2/autocomplete/awarding_agency_office/',
    sample: sql.type(Term)`SELECT DISTINCT ${firstWord('office_name', 5)} AS term FROM office WHERE length(office_name) > 4`,
    body: (t) => ({ search_text: t, limit: 10 }),
    baseline: (t) => [
      sql.unsafe`SELECT * FROM toptier_agency WHERE name ILIKE ${pattern(t)} OR abbreviation ILIKE ${pattern(t)} ORDER BY upper(name) LIMIT 10`,
      sql.unsafe`SELECT s.* FROM subtier_agency s JOIN agency a USING (subtier_agency_id) WHERE s.name ILIKE ${pattern(t)} OR s.abbreviation ILIKE ${pattern(t)} ORDER BY upper(s.name) LIMIT 10`,
      sql.unsafe`SELECT o.office_code, o.office_name, s.name FROM office o JOIN subtier_agency s ON s.subtier_code = o.sub_tier_code
                 WHERE o.office_name ILIKE ${pattern(t)} ORDER BY upper(o.office_name) LIMIT 10`,
    ],
  },
  {
    name: 'funding_agency',
    tables: ['subtier_agency'],
    path: '/api/v2/autocomplete/funding_agency/',
    sample: sql.type(Term)`SELECT DISTINCT ${firstWord('name', 5)} AS term FROM subtier_agency WHERE length(name) > 4`,
    body: (t) => ({ search_text: t, limit: 10 }),
    baseline: (t) => [
      sql.unsafe`SELECT a.id, s.name, t.name FROM agency a JOIN subtier_agency s USING (subtier_agency_id) JOIN toptier_agency t USING (toptier_agency_id)
                 WHERE s.name ILIKE ${pattern(t)} OR s.abbreviation ILIKE ${pattern(t)} ORDER BY a.toptier_flag DESC, upper(t.name), upper(s.name) LIMIT 10`,
    ],
  },
  {
    name: 'cfda',
    tables: ['references_cfda'],
    path: '/api/v2/autocomplete/cfda/',
    sample: sql.type(Term)`SELECT DISTINCT ${firstWord('program_title', 5)} AS term FROM references_cfda WHERE length(program_title) > 4`,
    body: (t) => ({ search_text: t, limit: 10 }),
    baseline: (t) => [
      sql.unsafe`SELECT program_number, program_title FROM references_cfda WHERE program_title ILIKE ${pattern(t)} OR popular_name ILIKE ${pattern(t)} ORDER BY program_number LIMIT 10`,
    ],
  },
  {
    name: 'glossary',
    tables: ['glossary'],
    path: '/api/v2/autocomplete/glossary/',
    sample: sql.type(Term)`SELECT DISTINCT left(term, 3) AS term FROM glossary`,
    body: (t) => ({ search_text: t, limit: 10 }),
    baseline: (t) => [sql.unsafe`SELECT * FROM glossary WHERE term ILIKE ${pattern(t)} ORDER BY upper(term) LIMIT 10`],
  },
  {
    name: 'location',
    tables: ['ref_country_code', 'state_data', 'ref_city_county_state_code', 'ref_population_county', 'zips', 'ref_population_cong_district'],
    path: '/api/v2/autocomplete/location/',
    sample: sql.type(Term)`SELECT DISTINCT ${firstWord('city_name', 5)} AS term FROM ref_city_county_state_code WHERE length(city_name) > 4`,
    body: (t) => ({ search_text: t, limit: 5 }),
    baseline: (t) => [
      sql.unsafe`SELECT country_name FROM ref_country_code WHERE country_name ILIKE ${pattern(t)} ORDER BY 1 LIMIT 5`,
      sql.unsafe`SELECT DISTINCT name FROM state_data WHERE name ILIKE ${pattern(t)} ORDER BY 1 LIMIT 5`,
      sql.unsafe`SELECT DISTINCT upper(city_name), state_code FROM ref_city_county_state_code WHERE city_name ILIKE ${pattern(t)} ORDER BY 1 LIMIT 5`,
      sql.unsafe`SELECT county_name FROM ref_population_county WHERE county_name ILIKE ${pattern(t)} ORDER BY 1 LIMIT 5`,
      sql.unsafe`SELECT zip5 FROM zips WHERE zip5 ILIKE ${prefix(t)} ORDER BY 1 LIMIT 5`,
      sql.unsafe`SELECT state_abbreviation, congressional_district FROM ref_population_cong_district
                 WHERE state_abbreviation || congressional_district ILIKE ${prefix(t)} ORDER BY 1, 2 LIMIT 5`,
    ],
  },
  {
    name: 'naics',
    tables: ['naics'],
    path: '/api/v2/autocomplete/naics/',
    sample: sql.type(Term)`SELECT DISTINCT ${firstWord('description', 5)} AS term FROM naics WHERE length(code) = 6 AND length(description) > 4`,
    body: (t) => ({ search_text: t, limit: 10 }),
    baseline: (t) => [sql.unsafe`SELECT code, description FROM naics WHERE length(code) = 6 AND description ILIKE ${pattern(t)} ORDER BY code LIMIT 10`],
  },
  {
    name: 'program_activity',
    tables: ['ref_program_activity'],
    path: '/api/v2/autocomplete/program_activity/',
    sample: sql.type(Term)`SELECT DISTINCT ${firstWord('program_activity_name', 5)} AS term FROM ref_program_activity WHERE length(program_activity_name) > 4`,
    body: (t) => ({ search_text: t, limit: 10 }),
    baseline: (t) => [
      sql.unsafe`SELECT program_activity_code, program_activity_name FROM ref_program_activity
                 WHERE program_activity_code ILIKE ${prefix(t)} OR program_activity_name ILIKE ${pattern(t)}
                 GROUP BY 1, 2 ORDER BY 1, 2 LIMIT 10`,
    ],
  },
  {
    name: 'psc',
    tables: ['psc'],
    path: '/api/v2/autocomplete/psc/',
    sample: sql.type(Term)`SELECT DISTINCT ${firstWord('description', 5)} AS term FROM psc WHERE length(description) > 4`,
    body: (t) => ({ search_text: t, limit: 10 }),
    baseline: (t) => [sql.unsafe`SELECT code, description FROM psc WHERE code ILIKE ${prefix(t)} OR description ILIKE ${pattern(t)} ORDER BY code LIMIT 10`],
  },
  {
    name: 'recipient',
    tables: ['recipient_profile'],
    path: '/api/v2/autocomplete/recipient/',
    sample: sql.type(Term)`SELECT DISTINCT ${firstWord('recipient_name', 6)} AS term FROM recipient_profile WHERE length(recipient_name) > 5`,
    body: (t) => ({ search_text: t, limit: 10 }),
    baseline: (t) => [
      sql.unsafe`SELECT recipient_name, recipient_level, uei, recipient_unique_id FROM recipient_profile
                 WHERE recipient_name ILIKE ${pattern(t)} OR uei ILIKE ${prefix(t)} OR recipient_unique_id ILIKE ${prefix(t)}
                 ORDER BY upper(recipient_name) LIMIT 10`,
    ],
  },
  {
    name: 'city',
    tables: ['award_search'],
    path: '/api/v2/autocomplete/city/',
    sample: sql.type(Term)`SELECT DISTINCT left(upper(city_name), 4) AS term FROM ref_city_county_state_code WHERE length(city_name) > 3`,
    body: (t) => ({ search_text: t, limit: 10, filter: { country_code: 'USA', scope: 'recipient_location' } }),
    baseline: (t) => [
      sql.unsafe`SELECT upper(recipient_location_city_name), recipient_location_state_code, count(*) FROM award_search
                 WHERE recipient_location_city_name ILIKE ${prefix(t)} AND (recipient_location_country_code = 'USA' OR recipient_location_country_code IS NULL)
                 GROUP BY 1, 2 ORDER BY 3 DESC, 1 LIMIT 10`,
    ],
  },
];

/** Tables the cases read; analysed first so plans reflect the loaded data. */
const TABLES = [
  'treasury_appropriation_account', 'cgac', 'toptier_agency', 'subtier_agency', 'agency', 'office', 'references_cfda', 'glossary',
  'ref_country_code', 'state_data', 'ref_city_county_state_code', 'ref_population_county', 'zips', 'ref_population_cong_district',
  'naics', 'ref_program_activity', 'psc', 'recipient_profile', 'award_search',
];

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

/** Deterministically spread sample of up to `n` texts (stable across runs on the same data). */
async function sampleTerms(db: DatabasePool, c: BenchCase, n: number): Promise<string[]> {
  const rows = await db.anyFirst(sql.type(Term)`
    SELECT term FROM (${c.sample}) s WHERE trim(term) <> '' ORDER BY md5(term) LIMIT ${n}`);
  return [...rows];
}

async function timeHttp(client: Pool, c: BenchCase, terms: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const term of terms) {
    const started = performance.now();
    const res = await client.request({ method: 'POST', path: c.path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(c.body(term)) });
    await res.body.arrayBuffer();
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${c.name}: HTTP ${res.statusCode} for '${term}'`);
  }
  return times;
}

async function timeScan(db: DatabasePool, c: BenchCase, terms: string[]): Promise<number[]> {
  return db.connect(async (connection) => {
    await connection.query(sql.unsafe`SET enable_indexscan = off`);
    await connection.query(sql.unsafe`SET enable_bitmapscan = off`);
    await connection.query(sql.unsafe`SET enable_indexonlyscan = off`);
    try {
      const times: number[] = [];
      for (const term of terms) {
        const started = performance.now();
        for (const statement of c.baseline(term)) await connection.query(statement);
        times.push(performance.now() - started);
      }
      return times;
    } finally {
      await connection.query(sql.unsafe`RESET ALL`);
    }
  });
}

interface Row {
  name: string;
  rows: number;
  terms: number;
  cold50: number;
  cold95: number;
  cached50: number;
  scan50: number;
  scan95: number;
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(2));

export const description = 'autocomplete latency over HTTP vs the same lookup as an unindexed ILIKE scan';

/** Runs the autocomplete benchmark (`--terms N` texts per endpoint, `--only name,...`) and prints the table. */
export async function run(args: string[]): Promise<void> {
  const options = benchOptions(args, { terms: '60', only: '' });
  const termCount = Number(options.terms);
  const only = options.only ? options.only.split(',') : undefined;
  const config = loadConfig();
  const database = await openDatabase(config);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  try {
    log(`autocomplete bench: database ${database.url.replace(/\/\/[^@]*@/, '//')}`);
    // Brings the type-ahead indexes in; a database built by another checkout may refuse (edited migration),
    // in which case the run goes on with the schema it has.
    await runMigrations(database.url).catch((error: unknown) => log(`migrations not applied: ${error instanceof Error ? error.message : String(error)}`));
    const db = await createDbPool(database.url, { maximumPoolSize: 4 });
    let gateway: GatewayProcess | undefined;
    try {
      log('analysing tables');
      for (const t of TABLES) await db.query(sql.unsafe`ANALYZE ${sql.identifier([t])}`);
      const sizes = await db.any(
        sql.type(z.object({ relname: z.string(), n: z.number() }))`
          SELECT relname, n_live_tup::int AS n FROM pg_stat_user_tables WHERE relname = ANY(${sql.array(TABLES, 'text')})`,
      );
      log(`rows: ${sizes.map((s) => `${s.relname}=${s.n}`).join(' ')}`);
      log('starting the gateway');
      gateway = await startGatewayProcess(database.url);
      // One keep-alive connection: requests go one at a time, as a person types.
      const client = new Pool(gateway.url, { connections: 1 });
      const cases = CASES.filter((c) => !only || only.includes(c.name));
      const rows: Row[] = [];
      for (const [i, c] of cases.entries()) {
        const terms = await sampleTerms(db, c, termCount);
        if (terms.length === 0) {
          log(`[${i + 1}/${cases.length}] ${c.name}: no data to sample, skipped`);
          continue;
        }
        log(`[${i + 1}/${cases.length}] ${c.name}: ${terms.length} texts (e.g. ${terms.slice(0, 3).map((t) => `'${t}'`).join(', ')})`);
        await timeHttp(client, c, terms.slice(0, 1).map((t) => `${t}~warmup`));
        const cold = await timeHttp(client, c, terms);
        const cached = await timeHttp(client, c, terms);
        const scan = await timeScan(db, c, terms);
        const row = {
          name: c.name,
          rows: c.tables.reduce((n, t) => n + (sizes.find((x) => x.relname === t)?.n ?? 0), 0),
          terms: terms.length,
          cold50: percentile(cold, 50),
          cold95: percentile(cold, 95),
          cached50: percentile(cached, 50),
          scan50: percentile(scan, 50),
          scan95: percentile(scan, 95),
        };
        rows.push(row);
        log(`      HTTP p50 ${fmt(row.cold50)} ms, cached ${fmt(row.cached50)} ms, ILIKE scan ${fmt(row.scan50)} ms -> ${(row.scan50 / row.cold50).toFixed(1)}x`);
      }
      await client.close();
      const header = ['endpoint', 'rows scanned', 'texts', 'HTTP p50 ms', 'HTTP p95 ms', 'cached p50 ms', 'ILIKE scan p50 ms', 'scan p95 ms', 'scan/HTTP', 'scan/cached'];
      const lines = rows.map((r) => [
        r.name,
        r.rows.toLocaleString('en-US'),
        r.terms,
        fmt(r.cold50),
        fmt(r.cold95),
        fmt(r.cached50),
        fmt(r.scan50),
        fmt(r.scan95),
        `${(r.scan50 / r.cold50).toFixed(1)}x`,
        `${(r.scan50 / r.cached50).toFixed(1)}x`,
      ]);
      process.stdout.write(`\nAutocomplete latency (one request at a time; scan = the same lookup as unindexed ILIKE SQL):\n${table(header, lines)}\n`);
    } finally {
      await gateway?.stop();
      await db.end();
    }
  } finally {
    await database.stop();
  }
}
