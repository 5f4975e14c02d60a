import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import type { Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { FileFormat, PlannedFile } from './download-plan';
import { inlineSql } from './inline-sql';

/** COPY options per file format: CSV, tab-separated, or pipe-separated (`pstxt`), each with a header row. */
const COPY_OPTIONS: Record<FileFormat, string> = {
  csv: `(FORMAT csv, HEADER true)`,
  tsv: `(FORMAT csv, HEADER true, DELIMITER E'\\t')`,
  pstxt: `(FORMAT csv, HEADER true, DELIMITER '|')`,
};

/** Upstream `EXCEL_ROW_LIMIT`: rows per CSV file inside a zip; a longer file continues in `_2`, `_3`, ... */
export const ROWS_PER_FILE = 1_000_000;

/** The name of part `part` (1-based) of an entry: `..._1.csv` becomes `..._2.csv`, a name without `_1` gets `_2` before its extension. */
export function partName(entryName: string, part: number): string {
  if (part === 1) return entryName;
  if (/_1\.[A-Za-z]+$/.test(entryName)) return entryName.replace(/_1(\.[A-Za-z]+)$/, `_${part}$1`);
  return entryName.replace(/(\.[A-Za-z]+)?$/, (ext) => `_${part}${ext}`);
}

const NEWLINE = 10;
const QUOTE = 34;

/**
 * Receives the CSV bytes of one COPY and writes them into zip entries of at most `maxRows` rows each, the header
 * repeated at the top of every part. Record ends are the line ends outside quotes (PostgreSQL's CSV quotes any
 * field holding a line end and doubles inner quotes, so an even number of quotes so far means "outside"); a row
 * is never cut between two parts. Backpressure: a chunk is acknowledged only once the current part has taken it.
 */
class EntrySplitter extends Writable {
  /** Rows (records after the header) written so far. */
  rows = 0;
  parts = 0;
  private header: Buffer[] = [];
  private inHeader = true;
  private quotes = 0;
  private rowsInPart = 0;
  private current: PassThrough | undefined;
  private needNew = false;

  constructor(
    private readonly archive: ZipArchive,
    private readonly entryName: string,
    private readonly maxRows: number,
    private readonly onRows: (rows: number) => void,
  ) {
    super();
  }

  private openPart(): void {
    this.current?.end();
    this.parts += 1;
    this.rowsInPart = 0;
    this.needNew = false;
    const part = new PassThrough();
    this.archive.append(part, { name: partName(this.entryName, this.parts) });
    // Part 1 gets the header from the stream itself; later parts repeat it.
    if (this.parts > 1) for (const h of this.header) part.write(h);
    this.current = part;
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (error?: Error | null) => void): void {
    let from = 0; // first byte not yet written
    let at = 0; // scan position
    let writable = true;
    // Runs of whole records go to the current part in one write; a new part opens only when a byte follows a full one.
    const flush = (to: number) => {
      if (to <= from) return;
      if (this.needNew || !this.current) this.openPart();
      writable = this.current!.write(chunk.subarray(from, to)) && writable;
      from = to;
    };
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, at);
      const limit = nl === -1 ? chunk.length : nl;
      for (let q = chunk.indexOf(QUOTE, at); q !== -1 && q < limit; q = chunk.indexOf(QUOTE, q + 1)) this.quotes += 1;
      if (nl === -1) break;
      at = nl + 1;
      if (this.quotes % 2 !== 0) continue; // a line end inside a quoted field
      if (this.inHeader) {
        // The header starts the stream: it is the bytes from the start of this chunk (and of those before) to here.
        this.header.push(Buffer.from(chunk.subarray(0, at)));
        this.inHeader = false;
        continue;
      }
      this.rowsInPart += 1;
      this.rows += 1;
      if (this.rowsInPart >= this.maxRows) {
        flush(at);
        this.needNew = true;
      }
    }
    if (this.inHeader) this.header.push(Buffer.from(chunk));
    flush(chunk.length);
    this.onRows(this.rows);
    if (writable) done();
    else this.current!.once('drain', () => done());
  }

  override _final(done: (error?: Error | null) => void): void {
    if (!this.current) this.openPart();
    this.current!.end();
    done();
  }
}

export interface ZipResult {
  rows: number;
  columns: number;
  bytes: number;
}

export interface WriteZipOptions {
  pool: Pool;
  files: PlannedFile[];
  format: FileFormat;
  /** Final path of the zip; it is written to a hidden temporary name beside it and renamed when complete. */
  target: string;
  /** Called with the rows written so far. */
  onProgress?: (rows: number) => void;
  zlibLevel?: number;
  /** Rows per CSV inside the zip before the file continues in the next part (default ROWS_PER_FILE, as upstream). */
  maxRowsPerFile?: number;
}

/**
 * Streams each file's rows from PostgreSQL (`COPY (query) TO STDOUT`, so PostgreSQL writes the CSV and no
 * row is ever held in memory) into zip entries: one per file, or several (`_1`, `_2`, ...) for a file of more
 * than `maxRowsPerFile` rows. The zip is written under a hidden temporary name
 * (never servable: served names cannot start with a dot) and renamed into place only once complete, so a
 * reader sees either no file or the whole file.
 */
export async function writeZip(options: WriteZipOptions): Promise<ZipResult> {
  const temp = `${options.target.replace(/[^/]+$/, (n) => `.${n}`)}.partial`;
  const client = await options.pool.connect();
  let rowsBefore = 0;
  let rows = 0;
  let columns = 0;
  let failed = false;
  try {
    const archive = new ZipArchive({ zlib: { level: options.zlibLevel ?? 6 } });
    const out = pipeline(archive, createWriteStream(temp));
    // A failed archive or disk write ends the job instead of leaving a part waiting for a drain that never comes.
    const outFailed = out.then(() => new Promise<never>(() => undefined));
    for (const file of options.files) {
      if (file.query === null) {
        archive.append(Buffer.alloc(0), { name: file.entryName });
        continue;
      }
      const copy = client.query(copyTo(`COPY (${inlineSql(file.query)}) TO STDOUT WITH ${COPY_OPTIONS[options.format]}`));
      const splitter = new EntrySplitter(archive, file.entryName, options.maxRowsPerFile ?? ROWS_PER_FILE, (n) => options.onProgress?.(rowsBefore + n));
      const entryDone = new Promise<void>((resolve, reject) => {
        copy.once('error', reject);
        splitter.once('error', reject);
        splitter.once('finish', resolve);
      });
      copy.pipe(splitter);
      await Promise.race([entryDone, outFailed]);
      rowsBefore += copy.rowCount;
      rows += copy.rowCount;
      // upstream's number_of_columns: the columns of every file of the zip added up
      columns += file.columns.length;
    }
    await archive.finalize();
    await out;
    await rename(temp, options.target);
  } catch (error) {
    failed = true;
    await rm(temp, { force: true });
    throw error;
  } finally {
    // A COPY cut off midway leaves the connection in an unknown state: it is closed rather than reused.
    client.release(failed);
  }
  const { size } = await stat(options.target);
  return { rows, columns, bytes: size };
}
