import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
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

/** Counts line ends going through (rows so far, for the running status); passes the bytes on unchanged. */
class LineCounter extends Transform {
  lines = 0;
  constructor(private readonly onLines: (lines: number) => void) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let i = -1;
    while ((i = chunk.indexOf(10, i + 1)) !== -1) this.lines += 1;
    this.onLines(this.lines);
    done(null, chunk);
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
  /** Called with the rows written so far (approximate while a file streams: line ends less headers). */
  onProgress?: (rows: number) => void;
  zlibLevel?: number;
}

/**
 * Streams each file's rows from PostgreSQL (`COPY (query) TO STDOUT`, so PostgreSQL writes the CSV and no
 * row is ever held in memory) into one zip entry per file. The zip is written under a hidden temporary name
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
    for (const file of options.files) {
      const copy = client.query(copyTo(`COPY (${inlineSql(file.query)}) TO STDOUT WITH ${COPY_OPTIONS[options.format]}`));
      const counter = new LineCounter((lines) => options.onProgress?.(rowsBefore + Math.max(0, lines - 1)));
      const entryDone = new Promise<void>((resolve, reject) => {
        copy.once('error', reject);
        counter.once('error', reject);
        counter.once('end', resolve);
      });
      archive.append(copy.pipe(counter), { name: file.entryName });
      await entryDone;
      rowsBefore += copy.rowCount;
      rows += copy.rowCount;
      columns = Math.max(columns, file.columns.length);
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
