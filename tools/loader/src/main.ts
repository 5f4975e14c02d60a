/**
 * `npm run load:reference -- [dir]`: loads reference data from `dir` (default REFERENCE_DATA_DIR or
 * ../shared/reference-data), or the project's generated reference data with `--generated`.
 * Prints progress and a summary of rows per table.
 * `npm run load:awards -- <file.csv|file.zip>...`: imports award files in the USAspending download layouts.
 */
import { createDbPool } from '@usas/db';
import { runMigrations } from '@usas/read-model';
import { loadConfig } from '@usas/service-kit';
import path from 'node:path';
import { loadAwardsCommand } from './awards/load-awards-command';
import { AwardFileError } from './awards/load-award-files';
import { DataFileError } from './csv';
import { createProgress } from './progress';
import { REFERENCE_GROUPS } from './reference/groups';
import { loadReferenceData } from './reference/load-reference-data';
import { openDatabase } from '@usas/db/embedded';

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'awards') return loadAwardsCommand(config, args);
  if (command !== 'reference') {
    process.stderr.write('usage: npm run load:reference -- [dir | --generated]\n');
    process.exit(2);
  }
  const dir = args.includes('--generated') ? undefined : args[0] ? path.resolve(args[0]) : config.referenceDataDir;
  const database = await openDatabase(config);
  try {
    await runMigrations(database.url);
    const db = await createDbPool(database.url, { maximumPoolSize: 2 });
    const progress = createProgress('reference data', REFERENCE_GROUPS.length);
    try {
      const results = await loadReferenceData(db, {
        dir,
        onProgress: (done, _total, group) => progress.update(done, group),
      });
      progress.stop();
      process.stdout.write(`reference data from ${dir ?? 'generated data'}:\n`);
      for (const r of results) {
        const rows = Object.entries(r.rows).map(([t, n]) => `${t}=${n}`).join(' ');
        process.stdout.write(`  ${r.group.padEnd(20)} ${r.status.padEnd(9)} ${rows}\n`);
      }
    } finally {
      await db.end();
    }
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataFileError || error instanceof AwardFileError) process.stderr.write(`load failed: ${error.message}\n`);
  else process.stderr.write(`load failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
