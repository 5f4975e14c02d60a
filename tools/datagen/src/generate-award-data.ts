import { performance } from 'node:perf_hooks';
import { GENERATOR_WRITTEN_STEPS, refreshProfileSummaries, refreshSearchSummariesInTwoLanes, runDerive, dropChangeRecording, setChangeRecording, withOwnClient, type DeriveStep } from '@usas/read-model';
import pg from 'pg';
import { ACCOUNT_TABLES, buildAccountFiles } from './accounts';
import { busyShare, diskTraffic, kernelShare, sampleCpu, sampleDisk } from './cpu-use';
import { buildAward, defPickers, resetBlockCaches, type BuildContext, type IdvRef } from './award-builder';
import { AWARD_TYPES, AWARD_TYPE_BY_CODE, baseTransactionMean, type AwardTypeSpec } from './award-types';
import { BULK_TABLES, dropBulkIndexes, restoreBulkIndexes } from './bulk-indexes';
import { loadCatalog, type TasRef } from './catalog';
import { AWARD_COLUMNS, FABA_COLUMNS, SUBAWARD_COLUMNS, SUBMISSION_COLUMNS, TRANSACTION_COLUMNS, TRANSACTION_DETAIL_COLUMNS } from './columns';
import { CopySink } from './copy-sink';
import { dayOf, fiscalYearEnd, fiscalYearOf, fiscalYearStart } from './dates';
import { Random, WeightedPicker, shuffled } from './random';
import { createRecipientPool } from './recipients';
import { SCALES, type Scale, type ScaleName } from './scales';
import { planSubmissions, submissionRows, type SubmissionWindow } from './submissions';

export interface GenerateOptions {
  /** Connection string of the service database (migrated, reference data loaded). */
  url: string;
  scale: ScaleName | Scale;
  seed: number;
  /** The generated data's "today" (YYYY-MM-DD): the end of its time window. Default: the current UTC date. */
  today?: string;
  /** Called as the generation advances (awards done of total) and at each phase. */
  onProgress?: (event: { phase: string; done?: number; total?: number; note?: string }) => void;
}

/** One phase of a build; the machine's counters are left out where they cannot be read (not Linux). */
export interface PhaseTiming {
  phase: string;
  seconds: number;
  /** The share of all the machine's cores busy during the phase, 0 to 1. */
  cpuBusy?: number;
  /** The kernel's part of that busy time, 0 to 1 (page reclaim and disk reads grow it when the data outgrows memory). */
  kernelShare?: number;
  /** Bytes the machine's disks read and wrote during the phase. */
  diskRead?: number;
  diskWritten?: number;
}

export interface GenerateResult {
  scale: ScaleName;
  seed: number;
  today: string;
  rows: Record<string, number>;
  /** Wall time of each phase and, where the machine's counters can be read, what the whole machine did meanwhile. */
  phases: PhaseTiming[];
  derive: DeriveStep[];
  /** Rebuild time of each index, slowest first. */
  indexes: Array<{ table: string; index: string; seconds: number }>;
  /** The database's size on disk once built (pg_database_size). */
  databaseBytes: number;
  seconds: number;
}

/** Tables a generation replaces (the award read model and the account data). */
export const AWARD_DATA_TABLES = [
  'award_search', 'transaction_search', 'transaction_detail', 'subaward_search', 'financial_accounts_by_awards', 'submission_attributes',
  'appropriation_account_balances', 'financial_accounts_by_program_activity_object_class', 'gtas_sf133_balances',
  'recipient_lookup', 'recipient_profile', 'parent_award',
];

const FIRST_FISCAL_YEAR = 2008;

/**
 * Indexes of the bulk tables whose keys the generator writes in ascending order (ids numbered as rows are
 * made, awards in id order with their transactions, subawards and File C rows, one load time for every
 * transaction): kept through the load (dropBulkIndexes). Each row costs them a write to the end of the
 * index; a build afterwards would read the table once more (13 GB for transaction_search at bench scale).
 */
const ASCENDING_INDEXES = [
  'award_search_pkey',
  'transaction_search_pkey', 'transaction_search_award_id_idx', 'transaction_search_row_changed_at_idx',
  'transaction_detail_pkey',
  'subaward_search_pkey', 'subaward_search_award_id_idx',
  'financial_accounts_by_awards_pkey', 'faba_award_id_idx',
];

/**
 * Sets the planner's page and row counts of the bulk tables to what was just loaded, as an index build does
 * (every page all-visible: COPY FREEZE). Servers before PostgreSQL 18, which cannot be told, sample the
 * tables instead (ANALYZE).
 */
async function setLoadedTableStatistics(client: pg.Client, rows: Record<string, number>): Promise<void> {
  const tables = BULK_TABLES.filter((t) => rows[t] !== undefined);
  const canRestore = (await client.query<{ ok: boolean }>(`SELECT to_regproc('pg_restore_relation_stats') IS NOT NULL AS ok`)).rows[0]?.ok;
  if (!canRestore) {
    for (const table of tables) await client.query(`ANALYZE ${table}`);
    return;
  }
  await client.query(`
    SELECT pg_restore_relation_stats('schemaname', current_schema()::text, 'relname', t.name,
      'relpages', p.pages, 'reltuples', t.n::real, 'relallvisible', p.pages)
    FROM unnest($1::text[], $2::float8[]) AS t (name, n),
      LATERAL (SELECT (pg_relation_size(t.name::regclass) / current_setting('block_size')::bigint)::integer AS pages) AS p`,
    [tables, tables.map((t) => rows[t])]);
}

/**
 * ANALYZE of `tables` on two connections (one per core), biggest tables first: each ANALYZE runs on one
 * core, and the search tables dominate.
 */
async function analyzeSideBySide(url: string, tables: readonly string[]): Promise<void> {
  const queue = [...tables];
  const worker = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (let table = queue.shift(); table !== undefined; table = queue.shift()) await client.query(`ANALYZE ${table}`);
    } finally {
      await client.end();
    }
  };
  await Promise.all([worker(), worker()]);
}

function typeCounts(total: number): Map<AwardTypeSpec, number> {
  const counts = new Map<AwardTypeSpec, number>();
  for (const t of AWARD_TYPES) counts.set(t, Math.max(total >= 500 ? 3 : 0, Math.round(total * t.share)));
  const sum = [...counts.values()].reduce((a, b) => a + b, 0);
  const filler = AWARD_TYPE_BY_CODE.get('B') as AwardTypeSpec;
  counts.set(filler, (counts.get(filler) as number) + total - sum);
  return counts;
}

function parentPicker(idvs: Map<string, IdvRef[]>, types: string[], random: Random): WeightedPicker<IdvRef> | null {
  const candidates = types.flatMap((t) => idvs.get(t) ?? []);
  return candidates.length === 0 ? null : WeightedPicker.zipf(shuffled(candidates, random), 0.8);
}

/**
 * Generates a complete award dataset into the database: awards, transactions, subawards, File C rows and
 * submissions streamed with COPY into bare tables (indexes dropped first and rebuilt after), then File A,
 * File B and GTAS in SQL, then the derived tables (derive_* functions) and statistics. The same seed,
 * scale, reference data and `today` always give the same rows.
 */
export async function generateAwardData(options: GenerateOptions): Promise<GenerateResult> {
  const scale = typeof options.scale === 'string' ? SCALES[options.scale] : options.scale;
  const todayIso = options.today ?? new Date().toISOString().slice(0, 10);
  const today = dayOf(todayIso);
  const progress = options.onProgress ?? (() => undefined);
  const phases: GenerateResult['phases'] = [];
  const started = performance.now();
  let phaseStarted = started;
  let phaseCpu = sampleCpu();
  let phaseDisk = sampleDisk();
  const endPhase = (phase: string) => {
    const now = performance.now();
    const cpu = sampleCpu();
    const disk = sampleDisk();
    const seconds = Math.round((now - phaseStarted) / 100) / 10;
    // Under a second the counters (clock ticks, 1/100 s) say little: no shares then.
    const busy = seconds >= 1 ? busyShare(phaseCpu, cpu) : null;
    const kernel = seconds >= 1 ? kernelShare(phaseCpu, cpu) : null;
    const traffic = diskTraffic(phaseDisk, disk);
    phases.push({
      phase, seconds,
      ...(busy === null ? {} : { cpuBusy: Math.round(busy * 100) / 100 }),
      ...(kernel === null ? {} : { kernelShare: Math.round(kernel * 100) / 100 }),
      ...(traffic === null ? {} : { diskRead: traffic.read, diskWritten: traffic.written }),
    });
    phaseStarted = now;
    phaseCpu = cpu;
    phaseDisk = disk;
  };
  const rows: Record<string, number> = {};

  const admin = new pg.Client({ connectionString: options.url });
  await admin.connect();
  let indexesDropped = false;
  try {
    progress({ phase: 'prepare', note: 'reading reference data' });
    await restoreBulkIndexes(options.url); // repairs an earlier interrupted load, if any
    await admin.query(`TRUNCATE ${[...AWARD_DATA_TABLES, 'award_derive_pending'].join(', ')}`);
    // The refresh and derive at the end rebuild every summary and recipient; the triggers that record what a
    // write changed are dropped for the load: disabled, they would still have every row COPY writes copied into
    // their transition tables (16.5 GB of temporary files at bench scale).
    await dropChangeRecording(admin);
    const catalog = await loadCatalog(admin, options.seed);
    const random = new Random(options.seed, 1);
    const recipients = createRecipientPool(scale.recipients, catalog.places, catalog.usPlaces, new Random(options.seed, 2));
    const plan = planSubmissions(catalog, today);
    const windowById = new Map<number, SubmissionWindow>(plan.windows.map((w) => [w.windowId, w]));
    const finalWindowByYear = new Map<number, SubmissionWindow>();
    for (const w of plan.windows) if (w.finalOfYear) finalWindowByYear.set(w.fiscalYear, w);
    const currentYear = fiscalYearOf(today);
    const years: number[] = [];
    const yearWeights: number[] = [];
    for (let fy = FIRST_FISCAL_YEAR; fy <= currentYear; fy += 1) {
      years.push(fy);
      const elapsed = fy < currentYear ? 1 : Math.max(0.05, (today - fiscalYearStart(fy) + 1) / (fiscalYearEnd(fy) - fiscalYearStart(fy) + 1));
      yearWeights.push((1 + 0.03 * (fy - FIRST_FISCAL_YEAR)) * elapsed);
    }
    const tasPickers = new Map<number, WeightedPicker<TasRef>>();
    for (const [toptierId, list] of catalog.tasByToptier) tasPickers.set(toptierId, WeightedPicker.zipf(list, 1.0));
    indexesDropped = true;
    await dropBulkIndexes(admin, BULK_TABLES, (index) => ASCENDING_INDEXES.includes(index.name));
    endPhase('prepare');

    // ---- generate and load ------------------------------------------------------------------------------
    resetBlockCaches();
    const sinks = {
      award: await CopySink.open(options.url, 'award_search', AWARD_COLUMNS),
      transaction: await CopySink.open(options.url, 'transaction_search', TRANSACTION_COLUMNS),
      transactionDetail: await CopySink.open(options.url, 'transaction_detail', TRANSACTION_DETAIL_COLUMNS),
      subaward: await CopySink.open(options.url, 'subaward_search', SUBAWARD_COLUMNS),
      faba: await CopySink.open(options.url, 'financial_accounts_by_awards', FABA_COLUMNS),
    };
    const submissions = await CopySink.open(options.url, 'submission_attributes', SUBMISSION_COLUMNS);
    const all = [sinks.award, sinks.transaction, sinks.transactionDetail, sinks.subaward, sinks.faba, submissions];
    try {
      for (const line of submissionRows(plan)) submissions.push(line);
      const ctx: BuildContext = {
        random,
        catalog,
        recipients,
        plan,
        windowById,
        finalWindowByYear,
        today,
        firstDay: fiscalYearStart(FIRST_FISCAL_YEAR),
        updateDate: `${todayIso} 00:00:00+00`,
        compactDetail: scale.compactDetail,
        transactionFactor: scale.transactionsPerAward / baseTransactionMean(),
        subawardMean: scale.subawardsPerParent,
        defc: defPickers(catalog),
        sinks,
        next: { transaction: 1, subaward: 1, faba: 1 },
        yearPicker: new WeightedPicker(years, yearWeights),
        tasPickers,
      };
      const counts = typeCounts(scale.awards);
      let awardId = 0;
      const total = scale.awards;
      const step = async (): Promise<void> => {
        if (awardId % 1000 === 0) {
          progress({ phase: 'generate', done: awardId, total });
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (all.some((s) => s.backedUp)) await Promise.all(all.map((s) => s.drained()));
      };

      // IDVs first (children need their parents): top-level ones, then IDVs under other IDVs.
      const idvs = new Map<string, IdvRef[]>();
      const childOf: Record<string, { parents: string[]; share: number }> = {
        IDV_E: { parents: ['IDV_C'], share: 0.35 },
        IDV_B_A: { parents: ['IDV_A'], share: 0.15 },
        IDV_B_B: { parents: ['IDV_A'], share: 0.15 },
      };
      const topLevel: AwardTypeSpec[] = [];
      const children: AwardTypeSpec[] = [];
      for (const t of AWARD_TYPES.filter((x) => x.isIdv)) {
        const n = counts.get(t) as number;
        const nChildren = Math.round(n * (childOf[t.code]?.share ?? 0));
        for (let i = 0; i < n; i += 1) (i < nChildren ? children : topLevel).push(t);
      }
      const remember = (ref: IdvRef | null) => {
        if (!ref) return;
        const list = idvs.get(ref.type) ?? [];
        list.push(ref);
        idvs.set(ref.type, list);
      };
      for (const t of shuffled(topLevel, random)) {
        remember(buildAward(ctx, ++awardId, t, null));
        await step();
      }
      const childPickers = new Map<string, WeightedPicker<IdvRef> | null>();
      for (const [code, rule] of Object.entries(childOf)) childPickers.set(code, parentPicker(idvs, rule.parents, random));
      for (const t of shuffled(children, random)) {
        remember(buildAward(ctx, ++awardId, t, childPickers.get(t.code)?.pick(random) ?? null));
        await step();
      }

      // Everything else, in a shuffled order of types; orders and calls under IDVs.
      const orderParents: Record<string, { picker: WeightedPicker<IdvRef> | null; share: number }> = {
        A: { picker: parentPicker(idvs, ['IDV_E', 'IDV_C'], random), share: 0.85 },
        C: { picker: parentPicker(idvs, ['IDV_B', 'IDV_B_A', 'IDV_B_B', 'IDV_B_C', 'IDV_A', 'IDV_C', 'IDV_D'], random), share: 0.85 },
        B: { picker: parentPicker(idvs, ['IDV_C', 'IDV_E'], random), share: 0.1 },
      };
      const rest = AWARD_TYPES.filter((t) => !t.isIdv);
      const sequence = new Uint8Array(total - awardId);
      let k = 0;
      rest.forEach((t, index) => {
        for (let i = 0; i < (counts.get(t) as number); i += 1) sequence[k++] = index;
      });
      for (let i = sequence.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random.next() * (i + 1));
        const tmp = sequence[i] as number;
        sequence[i] = sequence[j] as number;
        sequence[j] = tmp;
      }
      for (const index of sequence) {
        const spec = rest[index] as AwardTypeSpec;
        const rule = orderParents[spec.code];
        const parent = rule?.picker && random.chance(rule.share) ? rule.picker.pick(random) : null;
        buildAward(ctx, ++awardId, spec, parent);
        await step();
      }
      progress({ phase: 'generate', done: awardId, total });
      for (const s of all) rows[s.table] = s.rows;
      await Promise.all(all.map((s) => s.finish()));
    } catch (error) {
      await Promise.all(all.map((s) => s.abort()));
      throw error;
    }
    endPhase('generate+load');

    // The planner's page and row counts of the loaded tables: COPY leaves them unset, and the primary key builds
    // that used to set them right after the load are gone (the keys are kept through it).
    await setLoadedTableStatistics(admin, rows);
    // The refresh rebuilds every summary (recording was off for the load); the triggers record writes again.
    await setChangeRecording(admin, true);
    endPhase('statistics');

    // What follows runs on three lanes. The search summary refresh needs only the rows of the search tables: no
    // index, no derived table, no account file. It starts first, on two connections of its own (the filter pairs
    // beside the rest, refreshSearchSummariesInTwoLanes). Beside it the third lane rebuilds the other indexes, File
    // A/B/GTAS and the derived tables, then the keyword-document trigram indexes, then the disaster and agency
    // summaries. None of these writes what the refresh reads, and their locks do not conflict with its SHARE
    // locks: CREATE INDEX takes SHARE, derive's lock is SHARE too, the rest reads. What would conflict waits
    // for the end of the lanes: the unique constraints are built in the index lane as bare unique indexes and
    // attached afterwards (ALTER TABLE ADD CONSTRAINT locks the table exclusively, which would wait for the
    // whole refresh); the switch of the change-recording triggers came before.
    const indexes: GenerateResult['indexes'] = [];
    const onIndex = (name: string, done: number, n: number, seconds: number, table: string) => {
      indexes.push({ table, index: name, seconds });
      progress({ phase: 'index', done, total: n, note: name });
    };

    const isTextIndex = (index: { name: string }) => index.name.includes('keyword_document');
    const isAccountIndex = (index: { table: string }) => ACCOUNT_TABLES.includes(index.table);
    const sideTimes: Array<{ phase: string; seconds: number }> = [];
    const timed = async <T>(phase: string, run: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const out = await run();
      sideTimes.push({ phase, seconds: Math.round((performance.now() - t0) / 100) / 10 });
      return out;
    };
    const searchTables = ['transaction_search', 'award_search', 'subaward_search'];
    progress({ phase: 'summaries', note: 'search summaries and pair summaries, beside indexes, File A/B/GTAS, derived tables and profile summaries' });
    const searchLane = (async () => {
      const lanes = await refreshSearchSummariesInTwoLanes(options.url);
      sideTimes.push({ phase: '  search summaries', seconds: lanes.main }, { phase: '  pair summaries', seconds: lanes.pairs });
    })();
    const otherLane = (async () => {
      // File A/B/GTAS, the index rebuild and the derived tables side by side: none of them writes what another
      // reads or locks. Accounts read File C and write their own tables; the index builds take SHARE locks on
      // the bulk tables; derive only reads those (the generator wrote the rows' recipient levels, and the
      // award-level steps would change nothing: its tests check both) and writes the recipient and
      // parent_award tables, with hash joins that need no index.
      const accounts = timed('  accounts', async () => {
        // Files A, B and GTAS are filled into bare tables (8M File B rows at bench scale) and their indexes built
        // once afterwards, here rather than in the index rebuild beside, which must leave them alone meanwhile.
        // Nothing beside reads these tables, so dropping and adding their keys (exclusive locks) waits for nothing.
        await dropBulkIndexes(admin, ACCOUNT_TABLES);
        Object.assign(rows, await buildAccountFiles(admin, defPickers(catalog).plain));
        await restoreBulkIndexes(options.url, { only: isAccountIndex, onIndex });
        await admin.query(`
          SELECT setval('award_search_award_id_seq', greatest((SELECT max(award_id) FROM award_search), 1)),
            setval('transaction_search_transaction_id_seq', greatest((SELECT max(transaction_id) FROM transaction_search), 1)),
            setval('subaward_search_broker_subaward_id_seq', greatest((SELECT max(broker_subaward_id) FROM subaward_search), 1)),
            setval(pg_get_serial_sequence('financial_accounts_by_awards', 'financial_accounts_by_awards_id'),
              greatest((SELECT max(financial_accounts_by_awards_id) FROM financial_accounts_by_awards), 1))`);
      });
      const deriving = timed('  derive', () => withOwnClient(options.url, (client) =>
        runDerive(client, { scoped: false, asOf: todayIso, skip: GENERATOR_WRITTEN_STEPS, levelsWritten: true })));
      // Awaited together below; these only keep an early failure of one from going unhandled meanwhile.
      accounts.catch(() => undefined);
      deriving.catch(() => undefined);
      await timed('  indexes', () => restoreBulkIndexes(options.url, { only: (i) => !isTextIndex(i) && !isAccountIndex(i), deferConstraints: true, onIndex }));
      const [, derived] = await Promise.all([accounts, deriving]);
      // Statistics of the other tables now; the three search tables are analysed once, at the end, after their
      // text indexes exist (the statistics of the index expressions come with them).
      await timed('  analyze', () => analyzeSideBySide(options.url, AWARD_DATA_TABLES.filter((t) => !searchTables.includes(t))));
      // The keyword-document trigram indexes: the slowest builds by far, and nothing in derive or the summaries
      // reads them. restoreBulkIndexes' defaults: one connection each and no parallel workers. Every core is busy
      // here, and at bench scale a worker cost more CPU than it saved: award_search's index took 150 core-seconds
      // in the build with one, 108 without, subaward_search's 70 and 49 (alone on the machine 108.6 and 98.6, 49
      // and 44).
      await timed('  text indexes', () => restoreBulkIndexes(options.url, { only: isTextIndex, memory: '2GB', onIndex }));
      progress({ phase: 'summaries', note: 'disaster and agency summaries' });
      await timed('  disaster and agency summaries', () => refreshProfileSummaries(options.url));
      progress({ phase: 'summaries', note: 'disaster and agency summaries done' });
      return derived;
    })();
    // The lanes run to their end even when one fails, so that no statement is left running behind the error.
    const [searchDone, otherDone] = await Promise.allSettled([searchLane, otherLane]);
    if (searchDone.status === 'rejected') throw searchDone.reason;
    if (otherDone.status === 'rejected') throw otherDone.reason;
    const derive = otherDone.value;
    endPhase('lanes: search summaries | pair summaries | accounts, indexes, derive, text indexes, disaster and agency summaries');
    phases.push(...sideTimes);
    // The unique indexes built in the lane become the constraints they were dropped as.
    await restoreBulkIndexes(options.url, { only: (i) => i.constraint, onIndex });
    // Statistics of the index expressions, which the planner uses for the keyword filters' selectivity.
    await analyzeSideBySide(options.url, searchTables);
    indexes.sort((a, b) => b.seconds - a.seconds);
    indexesDropped = false;
    endPhase('unique constraints, analyze search tables');

    for (const t of ['recipient_lookup', 'recipient_profile', 'parent_award']) {
      rows[t] = Number((await admin.query<{ n: string }>(`SELECT count(*) AS n FROM ${t}`)).rows[0]?.n ?? 0);
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    await admin.query(
      `INSERT INTO award_data_load (kind, source, as_of, row_counts, seconds) VALUES ('generated', $1, $2, $3, $4)`,
      [`datagen scale=${scale.name} seed=${options.seed}`, todayIso, JSON.stringify(rows), seconds],
    );
    const databaseBytes = Number((await admin.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0]?.n ?? 0);
    return { scale: scale.name, seed: options.seed, today: todayIso, rows, phases, derive, indexes, databaseBytes, seconds };
  } finally {
    if (indexesDropped) await restoreBulkIndexes(options.url).catch(() => undefined);
    await setChangeRecording(admin, true).catch(() => undefined);
    await admin.end();
  }
}

