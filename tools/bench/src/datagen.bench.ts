import { writeFileSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDbPool } from '@usas/db';
import { runMigrations } from '@usas/read-model';
import { openDatabase } from '@usas/db/embedded';
import { generateAwardData, isScaleName } from '@usas/datagen';
import { loadReferenceData } from '@usas/loader';
import { createProgress } from '@usas/loader/progress';
import { loadConfig } from '@usas/service-kit';
import { benchOptions, table } from './bench-args';
import { measureYardstick } from './yardstick';

export const description = 'build time of a generated dataset (generate+load, accounts, index, derive, analyze), per phase';

/**
 * Builds a dataset from scratch into the configured database (DATABASE_URL, or the embedded server under
 * DATA_DIR/EMBEDDED_PG_PORT; use a separate DATA_DIR for the bench scale) and prints the time of every
 * phase, the slowest index builds and the derive steps. The database is kept for other benchmarks.
 */
export async function run(args: string[]): Promise<void> {
  const o = benchOptions(args, { scale: 'bench', seed: '1', today: '', json: '' });
  if (!isScaleName(o.scale)) throw new Error(`unknown scale '${o.scale}'`);
  const config = loadConfig();
  const started = performance.now();
  const database = await openDatabase(config);
  try {
    await runMigrations(database.url);
    const refStarted = performance.now();
    const pool = await createDbPool(database.url, { maximumPoolSize: 2 });
    try {
      await loadReferenceData(pool, { dir: config.referenceDataDir });
    } finally {
      await pool.end();
    }
    const referenceSeconds = (performance.now() - refStarted) / 1000;
    // The machine's speed before and after the build (not counted in it): see yardstick.ts.
    const yardstickBefore = await measureYardstick(database.url);
    let bar: ReturnType<typeof createProgress> | undefined;
    const result = await generateAwardData({
      url: database.url,
      scale: o.scale,
      seed: Number(o.seed),
      today: o.today || undefined,
      onProgress: (e) => {
        if (e.phase === 'generate' && e.total !== undefined) {
          bar ??= createProgress(`awards (${o.scale})`, e.total);
          bar.update(e.done ?? 0);
          if (e.done === e.total) bar.stop();
        } else if (e.phase === 'index' && e.total !== undefined) {
          // One line per finished index build (dozens, minutes apart at bench scale), so a long phase shows it moves.
          process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] index ${e.done ?? 0}/${e.total}: ${e.note ?? ''}\n`);
        } else if (e.note) {
          process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${e.phase}: ${e.note}\n`);
        }
      },
    });
    const yardstickAfter = await measureYardstick(database.url);
    const yardstickSeconds = (yardstickBefore.seconds + yardstickAfter.seconds) / 2;
    const rowsLoaded = (result.rows.award_search ?? 0) + (result.rows.transaction_search ?? 0) + (result.rows.subaward_search ?? 0) + (result.rows.financial_accounts_by_awards ?? 0);
    const cores = availableParallelism();
    // The steps inside a phase (indented) have no counters of their own, so these sums count each phase once.
    const coreSecondsOf = (p: (typeof result.phases)[number]) => (p.cpuBusy === undefined ? undefined : p.seconds * p.cpuBusy * cores);
    const coreSeconds = result.phases.reduce((n, p) => n + (coreSecondsOf(p) ?? 0), 0);
    const kernelSeconds = result.phases.reduce((n, p) => n + (coreSecondsOf(p) ?? 0) * (p.kernelShare ?? 0), 0);
    const diskRead = result.phases.reduce((n, p) => n + (p.diskRead ?? 0), 0);
    const diskWritten = result.phases.reduce((n, p) => n + (p.diskWritten ?? 0), 0);
    const gb = (bytes: number | undefined) => (bytes === undefined ? '-' : (bytes / 1e9).toFixed(1));
    const out = [
      `datagen benchmark: scale=${result.scale} seed=${result.seed} today=${result.today} (reference data ${referenceSeconds.toFixed(1)} s, not counted)`,
      '',
      // CPU busy: the share of all the machine's cores in use during the phase (this build and anything beside it);
      // core-s: that share times the phase's seconds and the number of cores (the indented lines are steps inside
      // a phase, not counted again); kernel: the operating system's part of those core-seconds; read / written:
      // what the machine's disks did meanwhile.
      table(['phase', 'seconds', 'CPU busy', 'core-s', 'kernel', 'read GB', 'written GB'], [
        ...result.phases.map((p) => [p.phase, p.seconds.toFixed(1), p.cpuBusy === undefined ? '-' : `${Math.round(p.cpuBusy * 100)}%`,
          coreSecondsOf(p)?.toFixed(0) ?? '-',
          p.kernelShare === undefined ? '-' : `${Math.round(p.kernelShare * 100)}%`, gb(p.diskRead), gb(p.diskWritten)]),
        ['total', result.seconds.toFixed(1), '', coreSeconds.toFixed(0), coreSeconds > 0 ? `${Math.round((kernelSeconds / coreSeconds) * 100)}%` : '-',
          gb(diskRead), gb(diskWritten)],
      ]),
      // The floor this work sets: with every core busy all the time, the build still takes core-s / cores.
      `CPU work: ${coreSeconds.toFixed(0)} core-seconds on ${cores} cores: no schedule of this work ends in less than ${(coreSeconds / cores).toFixed(0)} s`,
      // The same code's CPU work differs from machine to machine and day to day; these say why when the database
      // outgrows the page cache: its tables are read back from disk, and the kernel's page reclaim and block I/O cost
      // CPU of their own.
      `of which the kernel: ${kernelSeconds.toFixed(0)} core-seconds; disks: ${gb(diskRead)} GB read, ${gb(diskWritten)} GB written (database ${gb(result.databaseBytes)} GB on disk, memory ${gb(totalmem())} GB)`,
      // Core-seconds over the yardstick's seconds: the build's work in units of the day's machine, the number to
      // compare between builds of different days (the seconds and core-seconds above move with the machine).
      `machine yardstick (one core, a million groups, median of 3): ${yardstickBefore.seconds.toFixed(2)} s before the build, ${yardstickAfter.seconds.toFixed(2)} s after; ` +
        `CPU work ${Math.round(coreSeconds / yardstickSeconds).toLocaleString('en-US')} yardsticks, where 15 minutes on ${cores} cores hold ${Math.round((900 * cores) / yardstickSeconds).toLocaleString('en-US')} at this speed`,
      '',
      table(['table', 'rows'], Object.entries(result.rows).map(([t, n]) => [t, n.toLocaleString('en-US')])),
      '',
      `generate+load throughput: ${Math.round(rowsLoaded / (result.phases.find((p) => p.phase === 'generate+load')?.seconds ?? 1)).toLocaleString('en-US')} rows/s (awards, transactions, subawards, File C)`,
      '',
      table(['derive step', 'seconds', 'rows changed'], result.derive.map((d) => [d.step, d.seconds.toFixed(1), d.changed])),
      '',
      table(['slowest index builds', 'table', 'seconds'], result.indexes.slice(0, 15).map((i) => [i.index, i.table, i.seconds.toFixed(1)])),
      `index builds: ${result.indexes.length}, ${result.indexes.reduce((n, i) => n + i.seconds, 0).toFixed(0)} s of build time on 2 connections`,
    ].join('\n');
    process.stdout.write(`${out}\n`);
    if (o.json) writeFileSync(o.json, JSON.stringify({ ...result, referenceSeconds, yardstick: { before: yardstickBefore, after: yardstickAfter } }, null, 2));
  } finally {
    await database.stop();
  }
}
