import pg from 'pg';
import { createDbPool } from '../libs/db/src/index';
import { runMigrations } from '../libs/read-model/src/index';
import { loadReferenceData } from '../tools/loader/src/index';
import { generateAwardData } from '../tools/datagen/src/index';

export const TEMPLATE_DATABASE = 'usas_test_template';
/** The award dataset of the template: the tiny scale with a fixed seed (its "today" is the day of the run). */
export const TEMPLATE_AWARD_DATA = { scale: 'tiny', seed: 7 } as const;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * The template every integration test file starts from: all migrations, the project's generated
 * reference data (deterministic, never the shared files, so tests run on a bare machine) and the tiny
 * generated award dataset (TEMPLATE_AWARD_DATA).
 */
export async function buildTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, TEMPLATE_DATABASE);
  await runMigrations(url);
  const db = await createDbPool(url, { maximumPoolSize: 2, connectionTimeout: 30_000 });
  try {
    await loadReferenceData(db, { dir: undefined });
  } finally {
    await db.end();
  }
  await generateAwardData({ url, scale: TEMPLATE_AWARD_DATA.scale, seed: TEMPLATE_AWARD_DATA.seed });
}
