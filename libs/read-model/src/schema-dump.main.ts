/**
 * `npm run schema:dump`: migrates a throwaway embedded database from scratch (baseline, later
 * migrations, function files) and writes the schema as it is to libs/read-model/schema.sql.
 *   --check            compare with the committed file instead of writing it; exit 1 on a difference (CI)
 *   --out FILE         write somewhere else
 *   --migrations DIR   migrate from another directory (with no function files), e.g. an old history to compare
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, startEmbeddedPostgres } from '@usas/db/embedded';
import pg from 'pg';
import { runMigrations } from './migrate';
import { dumpSchema } from './schema-dump';

/** The committed schema dump. */
export const SCHEMA_FILE = path.resolve(__dirname, '..', 'schema.sql');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const started = performance.now();
  const check = process.argv.includes('--check');
  const out = path.resolve(option('--out') ?? SCHEMA_FILE);
  const migrations = option('--migrations');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'usas-schema-dump-'));
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(`schema:dump: starting a throwaway embedded PostgreSQL in ${dataDir} ...`);
  chmodSync(dataDir, 0o755); // as root the server runs as OS user postgres, which must reach it
  const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort(), restartOnCrash: false });
  try {
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    try {
      await admin.query('CREATE DATABASE schema_dump');
    } finally {
      await admin.end();
    }
    const url = server.urlFor('schema_dump');
    const result = await runMigrations(url, migrations ? { migrations: path.resolve(migrations), functions: null } : {});
    say(`schema:dump: ${result.applied.length} migrations and ${result.functions} function files applied`);
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined); // the server stops at the end; a failed query has already been reported
    await client.connect();
    let text: string;
    try {
      text = await dumpSchema(client);
    } finally {
      await client.end();
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (check) {
      let committed = '';
      try {
        committed = readFileSync(out, 'utf8');
      } catch {
        // missing: reported as a difference below
      }
      if (committed !== text) {
        process.stderr.write(`schema:dump: ${path.relative(process.cwd(), out)} differs from the schema the migrations build: run \`npm run schema:dump\` and commit it.\n`);
        process.exitCode = 1;
      } else {
        say(`schema:dump: ${path.relative(process.cwd(), out)} is up to date (${seconds} s)`);
      }
    } else {
      writeFileSync(out, text);
      say(`schema:dump: wrote ${path.relative(process.cwd(), out)} (${text.split('\n').length} lines, ${seconds} s)`);
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`schema:dump failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
