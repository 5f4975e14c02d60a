import { createHash } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import pg from 'pg';
import { CopySink } from '../src/copy-sink';

describe('CopySink', () => {
  let db: TestDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('CREATE TABLE copy_sink_probe (n integer PRIMARY KEY, body text)');
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('delivers every row whole across chunk boundaries: multi-byte characters, escapes, a row larger than a chunk', async () => {
    const sink = await CopySink.open(db.url, 'copy_sink_probe', ['n', 'body']);
    const expected = new Map<number, string | null>();
    const bodies = ['PEÑA CONSTRUCTION', 'ÅNGSTRÖM 東京 ✓', 'tab\there', 'plain', '', null, '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 beyond the BMP'];
    for (let n = 1; n <= 20_000; n += 1) {
      // a row of 600 kB (more than twice a chunk) in the middle
      const body = n === 10_000 ? 'É'.repeat(300_000) : bodies[n % bodies.length] ?? null;
      expected.set(n, body);
      const field = body === null ? '\\N' : body.replace(/\t/g, '\\t');
      sink.push(`${n}\t${field}`);
    }
    expect(await sink.finish()).toBe(20_000);

    const rows = await client.query<{ n: number; body: string | null }>('SELECT n, body FROM copy_sink_probe ORDER BY n');
    expect(rows.rows).toHaveLength(20_000);
    // (compared by digest: a failure then prints 32 characters, not the 600 kB row)
    const digest = (body: string | null | undefined) => (body == null ? body : createHash('md5').update(body).digest('hex'));
    for (const row of rows.rows) expect([row.n, digest(row.body)]).toEqual([row.n, digest(expected.get(row.n))]);
  });
});
