/**
 * The download tests' stack: a fresh database clone, the Temporal dev server (the CLI installed by the project's
 * own code, as `npm start` does), the download app and worker on a task queue of their own, and the all-in-one
 * gateway (request and response validation on) around them, driven with supertest.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAllInOneGateway, type AllInOneOptions, type Gateway } from '@usas/gateway';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { freePort } from '@usas/db/embedded';
import { createLogger, createMetrics, loadConfig } from '@usas/service-kit';
import supertest from 'supertest';
import { startDownloads, type RunningDownloads } from '../src/temporal-downloads';
import { findOrInstallTemporalCli, startTemporalDevServer, type TemporalDevServer } from '../src/temporal-server';

/** The all-in-one gateway of a test: validation on, silent logs (TEST_LOG_LEVEL to see them), the download app's dependencies. */
export function testGateway(db: TestDatabase, download: NonNullable<AllInOneOptions['download']>): Gateway {
  return createAllInOneGateway({
    db: db.pool,
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'test'),
    metrics: createMetrics({ defaultMetrics: false }),
    bodyLimit: '1mb',
    validateResponses: true,
    download,
  });
}

export interface DownloadStack {
  db: TestDatabase;
  temporal: TemporalDevServer;
  downloads: RunningDownloads;
  gateway: Gateway;
  http: ReturnType<typeof supertest>;
  /** The stack's data directory (Temporal's state, the zips): `.data` in a temporary directory, removed by close(). */
  dataDir: string;
  close: () => Promise<void>;
}

/** Starts the stack; `name` tells its directory and task queue apart from other test files'. */
export async function startDownloadStack(name: string): Promise<DownloadStack> {
  // A `.data` directory like npm start's default (`<checkout>/.data`): files are served from below a dot directory.
  const base = mkdtempSync(path.join(os.tmpdir(), `usas-${name}-`));
  const dataDir = path.join(base, '.data');
  mkdirSync(dataDir);
  const db = await createTestDatabase();
  const temporal = await startTemporalDevServer({ executable: findOrInstallTemporalCli(), dbFile: path.join(dataDir, 'temporal.db'), port: await freePort() });
  const config = loadConfig({ TEMPORAL_ADDRESS: temporal.address, DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: `${name}-${process.pid}`, MONTHLY_ARCHIVE_FIRST_RUN: 'false' }, dataDir);
  const downloads = await startDownloads({ config, databaseUrl: db.url, primary: db.pool, say: () => undefined });
  const gateway = testGateway(db, downloads.app);
  return {
    db,
    temporal,
    downloads,
    gateway,
    http: supertest(gateway.app),
    dataDir,
    close: async () => {
      await gateway.close();
      await downloads.stop();
      await temporal.stop();
      await db.drop();
      rmSync(base, { recursive: true, force: true });
    },
  };
}
