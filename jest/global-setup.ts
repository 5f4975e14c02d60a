/**
 * Starts one PostgreSQL for the whole run (embedded in a temporary directory, or the server of
 * DATABASE_URL) and builds a migrated, seeded template database. Each integration test file clones
 * it (`createTestDatabase()` from `@usas/db/testing`), so files are isolated and cheap.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '../libs/db/src/embedded';
import { buildTemplate, TEMPLATE_DATABASE } from './template';

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'usas-test-pg-'));
    chmodSync(dataDir, 0o755); // as root the server runs as OS user postgres, which must reach it
    const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort() });
    (globalThis as Record<string, unknown>).__USAS_TEST_PG__ = { stop: server.stop, dataDir };
    adminUrl = server.adminUrl;
  }
  await buildTemplate(adminUrl);
  process.env.USAS_TEST_ADMIN_URL = adminUrl;
  process.env.USAS_TEST_TEMPLATE = TEMPLATE_DATABASE;
  process.stderr.write(`\n[test database ready in ${((Date.now() - started) / 1000).toFixed(1)} s]\n`);
}
