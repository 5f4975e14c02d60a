import path from 'node:path';
import { refreshProfileSummaries, runMigrations } from '@usas/read-model';
import type { Config } from '@usas/service-kit';
import { openDatabase } from '@usas/db/embedded';
import { loadAwardFiles, type AwardFileResult, type LoadAwardFilesResult } from './load-award-files';

/** Exit status of `load:awards` when every file was read but rows or files were rejected (the rest is loaded). */
export const EXIT_REJECTED = 3;

const n = (x: number) => x.toLocaleString('en-US');

/** A file's name as reported: its base name, or the zip's base name and the entry's name. */
const displayName = (file: string) => {
  const zip = /^(.*\.zip)\/(.+)$/i.exec(file);
  return zip ? `${path.basename(zip[1] as string)}/${zip[2] as string}` : path.basename(file);
};

/** The report of one file: counts, then each problem (file line and reason) and each normalised column. */
export function formatFileReport(f: AwardFileResult): string {
  const name = displayName(f.file);
  const lines = [f.status === 'failed'
    ? `  ${name}: FAILED, nothing loaded (${f.seconds.toFixed(1)} s)`
    : `  ${name}: ${f.layout}, ${f.status}: ${n(f.rows)} read = ${n(f.inserted + f.updated)} written (${n(f.inserted)} new, ${n(f.updated)} updated)`
      + ` + ${n(f.unchanged)} unchanged + ${n(f.rejected)} rejected (${f.seconds.toFixed(1)} s)`];
  for (const p of f.problems) lines.push(`    ${p.line === undefined ? '' : `line ${p.line}: `}${p.reason}`);
  if (f.problemCount > f.problems.length) lines.push(`    ... and ${n(f.problemCount - f.problems.length)} more problem(s)`);
  for (const v of f.normalised) {
    lines.push(`    normalised ${n(v.count)} value(s) of ${v.column}, e.g. line ${v.line}: '${v.written}' loaded as '${v.loaded}'`);
  }
  return lines.join('\n');
}

/** The whole report: each file, the derive steps, and the totals. */
export function formatReport(result: LoadAwardFilesResult): string {
  const sum = (k: 'rows' | 'inserted' | 'updated' | 'unchanged' | 'rejected') => result.files.reduce((x, f) => x + f[k], 0);
  const failed = result.files.filter((f) => f.status === 'failed').length;
  return [
    `  derived: ${result.derive.length > 0 ? result.derive.map((d) => `${d.step} ${d.changed}`).join(', ') : 'nothing (no award changed)'}`,
    `${result.files.length} file(s) in ${result.seconds.toFixed(1)} s: ${n(sum('rows'))} rows read, ${n(sum('inserted') + sum('updated'))} written, `
      + `${n(sum('unchanged'))} unchanged, ${n(sum('rejected'))} rejected${failed > 0 ? `; ${failed} file(s) failed` : ''}`,
  ].join('\n');
}

/**
 * `npm run load:awards -- <file.csv|file.zip>...`: imports award files, printing each file's report as it is
 * done. Exit status 0 when everything was loaded, 3 (EXIT_REJECTED) when rows or files were rejected.
 */
export async function loadAwardsCommand(config: Config, args: string[]): Promise<void> {
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length === 0) {
    process.stderr.write('usage: npm run load:awards -- <file.csv|file.zip>...\n');
    process.exit(2);
  }
  const database = await openDatabase(config);
  let rejected = 0;
  try {
    await runMigrations(database.url);
    const result = await loadAwardFiles(database.url, files.map((f) => path.resolve(f)), {
      onFile: (file, layout) => process.stderr.write(`loading ${displayName(file)} (${layout}) ...\n`),
      onFileDone: (f) => process.stdout.write(`${formatFileReport(f)}\n`),
    });
    process.stdout.write(`${formatReport(result)}\n`);
    rejected = result.rejected;
    // Once after all files (not per file): the disaster and agency summaries the import made stale.
    const started = Date.now();
    process.stderr.write('refreshing the disaster and agency summaries ...\n');
    await refreshProfileSummaries(database.url);
    process.stderr.write(`profile summaries refreshed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await database.stop();
  }
  if (rejected > 0) process.exitCode = EXIT_REJECTED;
}
