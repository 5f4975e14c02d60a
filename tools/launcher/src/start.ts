/**
 * `npm start`: the one-command start. Uses DATABASE_URL, or starts the embedded PostgreSQL with data
 * under DATA_DIR; applies migrations; loads reference data (REFERENCE_DATA_DIR, ../shared/reference-data,
 * or generated); then serves every app in one process (all-in-one mode) on PORT.
 */
import { createAllInOneGateway, listen } from '@usas/gateway';
import { createDbPool, runMigrations } from '@usas/db';
import { openDatabase } from '@usas/db/embedded';
import { createProgress } from '@usas/loader/progress';
import { loadReferenceData, REFERENCE_GROUPS } from '@usas/loader';
import { awardDataCounts, ensureAwardData, formatCounts } from '@usas/datagen';
import { ConfigError, createLogger, createMetrics, loadConfig } from '@usas/service-kit';
import { startDownloads } from './temporal-downloads';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'usaspending');
  say(config.DATABASE_URL ? 'Using the database at DATABASE_URL.' : `Starting embedded PostgreSQL (data in ${config.DATA_DIR}/pg) ...`);
  const database = await openDatabase(config);
  const cleanups: Array<() => Promise<void>> = [database.stop];
  const shutdown = async (code: number) => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    process.exit(code);
  };
  // Handlers go in first: Ctrl-C during data generation must still stop the embedded database cleanly.
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping ...`);
    void shutdown(0);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  try {
    const migrations = await runMigrations(database.url);
    say(`Migrations: ${migrations.applied.length} applied, ${migrations.alreadyApplied} already in place.`);

    const db = await createDbPool(config.DATABASE_REPLICA_URL ?? database.url, { maximumPoolSize: config.DB_POOL_SIZE });
    const primary = config.DATABASE_REPLICA_URL ? await createDbPool(database.url, { maximumPoolSize: 4 }) : db;
    cleanups.push(async () => {
      await db.end();
      if (primary !== db) await primary.end();
    });

    say(`Reference data from ${config.referenceDataDir ?? 'the generated set (no reference directory found)'}:`);
    const progress = createProgress('  reference data', REFERENCE_GROUPS.length);
    const results = await loadReferenceData(primary, { dir: config.referenceDataDir, onProgress: (d, _t, g) => progress.update(d, g) });
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

    const downloads = await startDownloads({ config, databaseUrl: database.url, primary, say });
    cleanups.push(downloads.stopInBackground);
    const gateway = createAllInOneGateway({ db, primary, logger, metrics: createMetrics(), bodyLimit: config.BODY_LIMIT, download: downloads.app });
    await gateway.warmUp();
    const server = await listen(gateway.app, config.PORT, config.HOST, logger);
    cleanups.push(server.close, gateway.close);
    say(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${server.url}/api/v2/  API reference: ${server.url}/docs  (Ctrl-C stops)`);
  } catch (error) {
    await shutdown(1).catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`start failed: ${message}\n`);
  process.exit(1);
});
