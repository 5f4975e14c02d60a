import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import pg from 'pg';
import { dropBulkIndexes, restoreBulkIndexes } from '../src/bulk-indexes';

describe('bulk load indexes', () => {
  let db: TestDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`
      CREATE TABLE bulk_probe (id bigint NOT NULL, code text NOT NULL, parent bigint, CONSTRAINT bulk_probe_pkey PRIMARY KEY (id),
        CONSTRAINT bulk_probe_code_key UNIQUE (code));
      CREATE INDEX bulk_probe_parent_idx ON bulk_probe (parent);
      CREATE INDEX bulk_probe_lower_idx ON bulk_probe (lower(code))`);
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  const indexes = async (): Promise<string[]> => (await client.query<{ name: string }>(
    `SELECT indexrelid::regclass::text AS name FROM pg_index WHERE indrelid = 'bulk_probe'::regclass ORDER BY 1`)).rows.map((r) => r.name);
  const constraints = async (): Promise<string[]> => (await client.query<{ c: string }>(
    `SELECT conname || ' ' || pg_get_constraintdef(oid) AS c FROM pg_constraint WHERE conrelid = 'bulk_probe'::regclass AND contype IN ('p', 'u') ORDER BY 1`)).rows.map((r) => r.c);
  const recorded = async (): Promise<string[]> => (await client.query<{ index_name: string }>(
    `SELECT index_name FROM bulk_load_dropped_index WHERE table_name = 'bulk_probe' ORDER BY 1`)).rows.map((r) => r.index_name);

  it('keeps what `keep` names, defers the unique constraints to bare indexes and attaches them afterwards', async () => {
    const before = { indexes: await indexes(), constraints: await constraints() };
    expect(before.constraints).toEqual(['bulk_probe_code_key UNIQUE (code)', 'bulk_probe_pkey PRIMARY KEY (id)']);

    expect(await dropBulkIndexes(client, ['bulk_probe'], (i) => i.name === 'bulk_probe_pkey')).toBe(3);
    expect(await indexes()).toEqual(['bulk_probe_pkey']);
    expect(await recorded()).toEqual(['bulk_probe_code_key', 'bulk_probe_lower_idx', 'bulk_probe_parent_idx']);
    await client.query(`INSERT INTO bulk_probe SELECT n, 'C' || n, n / 10 FROM generate_series(1, 1000) AS n`);

    // The index lane: plain indexes built and forgotten, the unique constraint built as its index alone and still recorded.
    const built: string[] = [];
    await restoreBulkIndexes(db.url, { only: (i) => i.table === 'bulk_probe', deferConstraints: true, onIndex: (name) => built.push(name) });
    expect(built.sort()).toEqual(['bulk_probe_code_key', 'bulk_probe_lower_idx', 'bulk_probe_parent_idx']);
    expect(await indexes()).toEqual(before.indexes);
    expect(await constraints()).toEqual(['bulk_probe_pkey PRIMARY KEY (id)']);
    expect(await recorded()).toEqual(['bulk_probe_code_key']);
    // the bare index already refuses duplicates
    await expect(client.query(`INSERT INTO bulk_probe VALUES (5000, 'C7', NULL)`)).rejects.toThrow(/duplicate key/);

    // Afterwards: attached under its own name, nothing left recorded.
    await restoreBulkIndexes(db.url, { only: (i) => i.table === 'bulk_probe' && i.constraint });
    expect(await constraints()).toEqual(before.constraints);
    expect(await indexes()).toEqual(before.indexes);
    expect(await recorded()).toEqual([]);
  });

  it('builds a constraint whole when not deferred, and a primary key can be deferred too', async () => {
    await dropBulkIndexes(client, ['bulk_probe']);
    expect(await indexes()).toEqual([]);
    await restoreBulkIndexes(db.url, { only: (i) => i.table === 'bulk_probe' && i.name === 'bulk_probe_pkey', deferConstraints: true });
    expect(await constraints()).toEqual([]);
    expect(await indexes()).toEqual(['bulk_probe_pkey']);
    await restoreBulkIndexes(db.url, { only: (i) => i.table === 'bulk_probe' });
    expect(await constraints()).toEqual(['bulk_probe_code_key UNIQUE (code)', 'bulk_probe_pkey PRIMARY KEY (id)']);
    expect(await indexes()).toEqual(['bulk_probe_code_key', 'bulk_probe_lower_idx', 'bulk_probe_parent_idx', 'bulk_probe_pkey']);
    expect(await recorded()).toEqual([]);
  });
});
