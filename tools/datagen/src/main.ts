/**
 * `npm run datagen -- --scale <tiny|demo|bench> [--seed N] [--today YYYY-MM-DD]`: replaces the award data of
 * the database (DATABASE_URL, or the embedded server under DATA_DIR) with a generated dataset, with a
 * progress bar and a summary of rows per table and seconds per phase.
 */
import { runMigrations } from '@usas/read-model';
import { openDatabase } from '@usas/db/embedded';
import { createProgress } from '@usas/loader/progress';
import { loadConfig } from '@usas/service-kit';
import { generateAwardData } from './generate-award-data';
import { isScaleName, type ScaleName } from './scales';
import { formatSummary } from './summary';

function usage(message?: string): never {
  if (message) process.stderr.write(`${message}\n`);
  process.stderr.write('usage: npm run datagen -- --scale <tiny|demo|bench> [--seed N] [--today YYYY-MM-DD]\n');
  process.exit(2);
}

function parseArgs(argv: string[], defaults: { seed: number }): { scale: ScaleName; seed: number; today: string | undefined } {
  let scale: string | undefined;
  let seed = defaults.seed;
  let today: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes('=') ? (arg.split('=', 2) as [string, string]) : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) usage(`${flag} needs a value`);
      return v;
    };
    if (flag === '--scale') scale = value();
    else if (flag === '--seed') {
      const v = value();
      if (!/^\d+$/.test(v)) usage(`--seed must be a non-negative integer, got '${v}'`);
      seed = Number(v);
    } else if (flag === '--today') {
      const v = value();
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) usage(`--today must be a date YYYY-MM-DD, got '${v}'`);
      today = v;
    } else usage(`unknown argument '${arg}'`);
  }
  if (!scale) usage('--scale is required');
  if (!isScaleName(scale)) usage(`unknown scale '${scale}'`);
  return { scale, seed, today };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const args = parseArgs(process.argv.slice(2), { seed: config.DATA_SEED });
  const database = await openDatabase(config);
  try {
    await runMigrations(database.url);
    let bar: ReturnType<typeof createProgress> | undefined;
    const result = await generateAwardData({
      url: database.url,
      scale: args.scale,
      seed: args.seed,
      today: args.today,
      onProgress: (e) => {
        if (e.phase === 'generate' && e.total !== undefined) {
          bar ??= createProgress(`awards (${args.scale})`, e.total);
          bar.update(e.done ?? 0);
          if (e.done === e.total) {
            bar.stop();
          }
        } else if (e.note && e.phase !== 'index') {
          process.stderr.write(`${e.phase}: ${e.note}\n`);
        }
      },
    });
    process.stdout.write(`${formatSummary(result)}\n`);
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`datagen failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
