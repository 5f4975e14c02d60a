/**
 * `npm run db:reset`: empties the service database (schema public dropped and recreated) so the
 * next `npm start` migrates and loads from scratch. With DATABASE_URL it asks for `-- --force`,
 * because that database may not be yours alone.
 */
import { openDatabase } from '@usas/db/embedded';
import { loadConfig } from '@usas/service-kit';
import pg from 'pg';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.DATABASE_URL && !process.argv.includes('--force')) {
    process.stderr.write('DATABASE_URL is set: run `npm run db:reset -- --force` to drop every table in that database.\n');
    process.exit(2);
  }
  const database = await openDatabase(config);
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    await client.query('SET client_min_messages = warning');
    await client.query('DROP SCHEMA public CASCADE');
    await client.query('CREATE SCHEMA public');
    process.stdout.write(`Database reset (${database.embedded ? `embedded, ${database.dataDir}` : 'DATABASE_URL'}). Run \`npm start\` to rebuild it.\n`);
  } finally {
    await client.end().catch(() => undefined);
    await database.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`db:reset failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
