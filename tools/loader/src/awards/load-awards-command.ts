import path from 'node:path';
import { runMigrations } from '@usas/db';
import type { Config } from '@usas/service-kit';
import { openDatabase } from '@usas/db/embedded';
import { loadAwardFiles } from './load-award-files';

/** `npm run load:awards -- <file.csv|file.zip>...`: imports award files and prints what each did. */
export async function loadAwardsCommand(config: Config, args: string[]): Promise<void> {
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length === 0) {
    process.stderr.write('usage: npm run load:awards -- <file.csv|file.zip>...\n');
    process.exit(2);
  }
  const database = await openDatabase(config);
  try {
    await runMigrations(database.url);
    const result = await loadAwardFiles(database.url, files.map((f) => path.resolve(f)), {
      onFile: (file, layout) => process.stderr.write(`loading ${path.basename(file)} (${layout}) ...\n`),
    });
    for (const f of result.files) {
      process.stdout.write(`  ${path.basename(f.file)}: ${f.layout}, ${f.rows} rows, ${f.inserted} inserted, ${f.updated} updated, ${f.unchanged} unchanged (${f.seconds.toFixed(1)} s)\n`);
    }
    process.stdout.write(`  derived: ${result.derive.length > 0 ? result.derive.map((d) => `${d.step} ${d.changed}`).join(', ') : 'nothing (no award changed)'}\n`);
    process.stdout.write(`award files loaded in ${result.seconds.toFixed(1)} s\n`);
  } finally {
    await database.stop();
  }
}
