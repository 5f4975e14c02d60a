import { once } from 'node:events';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** Bytes of rows sent to PostgreSQL at a time. */
const CHUNK_BYTES = 256 * 1024;
const NEWLINE = 0x0a;
/** Bytes queued towards PostgreSQL before the producer waits: several chunks in flight keep both busy. */
const IN_FLIGHT = 16 * 1024 * 1024;

/**
 * One table's COPY stream on its own connection. The table is truncated and filled in one transaction
 * with COPY ... FREEZE: rows arrive already frozen, so the first reader does not rewrite the whole table
 * to set hint bits. Rows are batched into large chunks; `drained()` lets the producer wait when
 * PostgreSQL falls behind (backpressure) instead of buffering the dataset in memory.
 */
export class CopySink {
  rows = 0;
  // Rows are encoded straight into the chunk buffer: no array of lines joined into a string and that string
  // encoded again when it is written (two copies of every row, ~7% of the generator's CPU at bench scale).
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private pending: Promise<unknown> | undefined;
  private failure: Error | undefined;

  private constructor(
    readonly table: string,
    private readonly client: pg.Client,
    private readonly stream: NodeJS.WritableStream,
  ) {
    stream.on('error', (error: Error) => {
      this.failure = error;
    });
  }

  /** Opens a connection, truncates `table` and starts `COPY table (columns) FROM STDIN FREEZE`. */
  static async open(url: string, table: string, columns: readonly string[]): Promise<CopySink> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`TRUNCATE ${table}`);
      const list = columns.map((c) => `"${c}"`).join(', ');
      const stream = client.query(copyFrom(`COPY ${table} (${list}) FROM STDIN WITH (FREEZE)`));
      return new CopySink(table, client, stream);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /** Queues one row (fields already in COPY text format, joined by tabs). */
  push(line: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit; the newline 1 more.
    const most = line.length * 3 + 1;
    if (this.used + most > this.chunk.length) {
      this.flush();
      if (most > this.chunk.length) this.chunk = Buffer.allocUnsafe(most);
    }
    this.used += this.chunk.write(line, this.used);
    this.chunk[this.used] = NEWLINE;
    this.used += 1;
    this.rows += 1;
  }

  private flush(): void {
    if (this.used === 0) return;
    // The stream keeps the bytes until they are sent: the next rows go to a new buffer.
    const chunk = this.chunk.subarray(0, this.used);
    this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
    // Waiting for 'drain' after every chunk would make generation and COPY take turns; instead the
    // producer only waits once a good many chunks are queued.
    this.stream.write(chunk);
    const queued = (this.stream as unknown as { writableLength: number }).writableLength;
    if (queued > IN_FLIGHT && this.pending === undefined) {
      this.pending = once(this.stream, 'drain').finally(() => {
        this.pending = undefined;
      });
    }
  }

  /** Resolves when the stream can take more rows; rejects if COPY failed. */
  async drained(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.pending) await this.pending;
    if (this.failure) throw this.failure;
  }

  /** True when the producer should wait for `drained()`. */
  get backedUp(): boolean {
    return this.pending !== undefined || this.failure !== undefined;
  }

  /** Ends COPY and commits. */
  async finish(): Promise<number> {
    try {
      this.flush();
      if (this.failure) throw this.failure;
      const done = once(this.stream, 'finish');
      this.stream.end();
      await done;
      if (this.failure) throw this.failure;
      await this.client.query('COMMIT');
      return this.rows;
    } finally {
      await this.client.end().catch(() => undefined);
    }
  }

  /** Abandons the load (rolls back the truncate and the rows). */
  async abort(): Promise<void> {
    try {
      (this.stream as unknown as { destroy?: (e?: Error) => void }).destroy?.();
    } catch {
      // the connection is closed below either way
    }
    await this.client.end().catch(() => undefined);
  }
}
