/**
 * `npm start`: the one-command start. Uses DATABASE_URL, or starts the embedded PostgreSQL with data
 * under DATA_DIR; applies migrations; loads reference data (REFERENCE_DATA_DIR, ../shared/reference-data,
 * or generated); then serves every app in one process (all-in-one mode) on PORT.
 */
import { createAllInOneGateway, listen, openServingPools, type Gateway, type RunningServer } from '@usas/gateway';
import { createDbPool } from '@usas/db';
import { refreshProfileSummaries, refreshSearchSummaries, runMigrations } from '@usas/read-model';
import { openDatabase } from '@usas/db/embedded';
import { createProgress } from '@usas/loader/progress';
import { loadReferenceData, REFERENCE_GROUPS } from '@usas/loader';
import { awardDataCounts, ensureAwardData, formatCounts } from '@usas/datagen';
import { ConfigError, createLogger, createLogThrottle, createMetrics, drainServer, loadConfig, routeLimitsFrom } from '@usas/service-kit';
import type { DatabasePool } from 'slonik';
import { startDownloads, type RunningDownloads } from './temporal-downloads';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'usaspending');
  const throttle = createLogThrottle(10_000);
  let stopping = false;
  say(config.DATABASE_URL ? 'Using the database at DATABASE_URL.' : `Starting embedded PostgreSQL (data in ${config.DATA_DIR}/pg) ...`);
  const database = await openDatabase(
    config,
    (line) => {
      // Server output: errors and fatal lines matter (rate-limited, a crash-looping server repeats them); the rest is noise,
      // and so are the server's own backends ending as it stops ("terminating autovacuum process due to administrator command").
      if (!/\b(ERROR|FATAL|PANIC)\b/.test(line) || (stopping && /due to administrator command/.test(line))) return logger.debug({ postgres: line }, 'postgres');
      const t = throttle('postgres');
      if (t.log) logger.warn({ postgres: line, suppressed: t.suppressed }, 'postgres');
    },
    say,
  );
  // Teardown in the reverse order of start-up: HTTP first (drained), then the apps, the pools, the database.
  let server: RunningServer | undefined;
  let gateway: Gateway | undefined;
  let downloads: RunningDownloads | undefined;
  const pools: DatabasePool[] = [];
  const shutdown = async (code: number) => {
    if (server) await drainServer(server.server, config.SHUTDOWN_TIMEOUT_MS);
    if (gateway) await gateway.close().catch(() => undefined);
    // The download worker stops taking tasks (an activity cut off is retried by Temporal), then the dev server.
    if (downloads) await downloads.stop().catch(() => undefined);
    for (const p of pools) await p.end().catch(() => undefined);
    await database.stop().catch(() => undefined);
    process.exit(code);
  };
  // Handlers go in first: Ctrl-C during data generation must still stop the embedded database cleanly.
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping (in-flight requests get up to ${config.SHUTDOWN_TIMEOUT_MS} ms) ...`);
    void shutdown(0);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  try {
    const migrations = await runMigrations(database.url);
    if (migrations.adoptedLegacy) say('Migrations: this database was built by the old history (0001-0096); recorded as at the baseline.');
    say(`Migrations: ${migrations.applied.length} applied, ${migrations.alreadyApplied} already in place; ${migrations.functions} function files applied.`);

    // Loading runs long statements on purpose: its own pool without the interactive statement timeout.
    const loader = await createDbPool(database.url, { maximumPoolSize: 4, statementTimeout: 'DISABLE_TIMEOUT' });
    pools.push(loader);
    say(`Reference data from ${config.referenceDataDir ?? 'the generated set (no reference directory found)'}:`);
    const progress = createProgress('  reference data', REFERENCE_GROUPS.length);
    const results = await loadReferenceData(loader, { dir: config.referenceDataDir, onProgress: (d, _t, g) => progress.update(d, g) });
    progress.stop();
    for (const r of results) {
      const rows = Object.entries(r.rows).map(([t, n]) => `${t}=${n}`).join(' ');
      say(`  ${r.group.padEnd(20)} ${r.status}${rows ? ` (${rows})` : ''}`);
    }

    if (config.DATA_SCALE !== 'none') {
      let bar: ReturnType<typeof createProgress> | undefined;
      const generated = await ensureAwardData({
        url: database.url,
        scale: config.DATA_SCALE,
        seed: config.DATA_SEED,
        onProgress: (e) => {
          if (e.phase !== 'generate' || e.total === undefined) return;
          if (!bar) {
            say(`Generating the ${config.DATA_SCALE} award dataset (seed ${config.DATA_SEED}) on an empty database:`);
            bar = createProgress('  awards', e.total);
          }
          bar.update(e.done ?? 0);
          if (e.done === e.total) bar.stop();
        },
      });
      if (generated) say(`  done in ${generated.seconds.toFixed(1)} s (${generated.phases.map((p) => `${p.phase} ${p.seconds.toFixed(1)} s`).join(', ')})`);
    }
    say(`Award data: ${formatCounts(await awardDataCounts(database.url))}`);
    // The search summaries: current after a build or an import (then this finds nothing to do); after a
    // migration that marked them stale, or an import cut off before its refresh, rebuilt here once, rather than
    // leaving every search on the base tables until the next load.
    say('Search summaries: checking that they are current ...');
    const searchStarted = Date.now();
    const scope = await refreshSearchSummaries(database.url);
    say(`Search summaries current (refresh: ${scope ?? 'none'}, ${((Date.now() - searchStarted) / 1000).toFixed(1)} s).`);
    // Current already after a build; after an import, new migrations or a revealed window, rebuilt here once
    // rather than by the first disaster or agency request.
    const summariesStarted = Date.now();
    await refreshProfileSummaries(database.url);
    say(`Disaster and agency summaries current (${((Date.now() - summariesStarted) / 1000).toFixed(1)} s).`);
    pools.splice(pools.indexOf(loader), 1);
    await loader.end();

    const { db, primary } = await openServingPools(config, database.url);
    pools.push(db);
    if (primary !== db) pools.push(primary);

    if (stopping) return;
    downloads = await startDownloads({ config, databaseUrl: database.url, primary, say });
    if (stopping) return;
    gateway = createAllInOneGateway({
      db,
      primary,
      logger,
      metrics: createMetrics(),
      bodyLimit: config.BODY_LIMIT,
      routeLimits: routeLimitsFrom(config),
      compressMinBytes: config.COMPRESS_MIN_BYTES,
      download: downloads.app,
    });
    await gateway.warmUp();
    if (stopping) return;
    server = await listen(gateway.app, config.PORT, config.HOST, logger);
    say(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${server.url}/api/v2/  API reference: ${server.url}/docs  (Ctrl-C stops)`);
  } catch (error) {
    if (stopping) return;
    stopping = true;
    // Said before the teardown, which ends the process.
    process.stderr.write(`start failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await shutdown(1);
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`start failed: ${message}\n`);
  process.exit(1);
});
