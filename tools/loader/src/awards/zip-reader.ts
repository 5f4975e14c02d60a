import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** One file of a zip archive, as listed by its central directory. */
export interface ZipEntry {
  name: string;
  /** Uncompressed size in bytes. */
  size: number;
}

/**
 * Lists the files of a zip archive (directories left out), classic or ZIP64 (archives over 4 GB or 65,535
 * entries), through yauzl, which also checks each entry's sizes while it is read.
 */
export async function listZipEntries(file: string): Promise<ZipEntry[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  try {
    const entries: ZipEntry[] = [];
    for await (const entry of zip.eachEntry()) {
      if (!entry.fileName.endsWith('/')) entries.push({ name: entry.fileName, size: entry.uncompressedSize });
    }
    return entries;
  } finally {
    zip.close();
  }
}

/**
 * A stream of one entry's uncompressed bytes. The archive is opened for the stream alone and closed when the
 * stream ends or is destroyed (yauzl keeps the file open while a read stream of it is live).
 */
export async function openZipEntry(file: string, entry: ZipEntry): Promise<Readable> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  try {
    for await (const candidate of zip.eachEntry()) {
      if (candidate.fileName === entry.name) return await zip.openReadStreamPromise(candidate);
    }
    throw new Error(`${entry.name}: no such entry in ${file}`);
  } finally {
    zip.close();
  }
}
