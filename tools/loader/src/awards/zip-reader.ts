import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EXTRA = 0x0001;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead < length) throw new Error('truncated zip file');
  return buffer;
}

/** A number stored in 8 bytes (ZIP64); past 2^53 it cannot be a real offset or size of a file here. */
function readUInt64(buffer: Buffer, offset: number): number {
  const value = buffer.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('corrupt ZIP64 field');
  return Number(value);
}

/**
 * Lists the entries of a zip file from its central directory. Stored and deflated entries are supported
 * (what download archives use), in classic and ZIP64 archives (over 4 GB or 65,535 entries: the end record
 * and the entries' sizes and offsets then live in ZIP64 records and extra fields).
 */
export async function listZipEntries(file: string): Promise<ZipEntry[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailSize = Math.min(size, 65_557);
    const tail = await readAt(handle, size - tailSize, tailSize);
    let eocd = -1;
    for (let i = tailSize - 22; i >= 0; i -= 1) {
      if (tail.readUInt32LE(i) === EOCD) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new Error('not a zip file (no end of central directory)');
    let count = tail.readUInt16LE(eocd + 10);
    let dirSize = tail.readUInt32LE(eocd + 12);
    let dirOffset = tail.readUInt32LE(eocd + 16);
    const eocdPosition = size - tailSize + eocd;
    if (eocdPosition >= 20) {
      const locator = await readAt(handle, eocdPosition - 20, 20);
      if (locator.readUInt32LE(0) === ZIP64_LOCATOR) {
        const record = await readAt(handle, readUInt64(locator, 8), 56);
        if (record.readUInt32LE(0) !== ZIP64_EOCD) throw new Error('corrupt ZIP64 end of central directory');
        count = readUInt64(record, 32);
        dirSize = readUInt64(record, 40);
        dirOffset = readUInt64(record, 48);
      }
    }
    if (dirOffset === 0xffffffff || count === 0xffff) throw new Error('corrupt zip: ZIP64 markers without a ZIP64 end of central directory');
    const dir = await readAt(handle, dirOffset, dirSize);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i += 1) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw new Error('corrupt zip central directory');
      const method = dir.readUInt16LE(p + 10);
      let compressedSize = dir.readUInt32LE(p + 20);
      const uncompressedSize = dir.readUInt32LE(p + 24);
      const nameLength = dir.readUInt16LE(p + 28);
      const extraLength = dir.readUInt16LE(p + 30);
      const commentLength = dir.readUInt16LE(p + 32);
      let localHeaderOffset = dir.readUInt32LE(p + 42);
      const name = dir.toString('utf8', p + 46, p + 46 + nameLength);
      if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
        // The ZIP64 extra field holds, in this order, the 8-byte values whose classic fields are 0xFFFFFFFF.
        const extra = dir.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength);
        let q = 0;
        let found = false;
        while (q + 4 <= extra.length) {
          const id = extra.readUInt16LE(q);
          const length = extra.readUInt16LE(q + 2);
          if (id === ZIP64_EXTRA) {
            let r = q + 4;
            const next = () => {
              if (r + 8 > q + 4 + length) throw new Error(`${name}: corrupt ZIP64 extra field`);
              const value = readUInt64(extra, r);
              r += 8;
              return value;
            };
            if (uncompressedSize === 0xffffffff) next();
            if (compressedSize === 0xffffffff) compressedSize = next();
            if (localHeaderOffset === 0xffffffff) localHeaderOffset = next();
            found = true;
            break;
          }
          q += 4 + length;
        }
        if (!found) throw new Error(`${name}: ZIP64 sizes without a ZIP64 extra field`);
      }
      entries.push({ name, method, compressedSize, localHeaderOffset });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** A stream of one entry's uncompressed bytes. */
export async function openZipEntry(file: string, entry: ZipEntry): Promise<Readable> {
  if (entry.method !== 0 && entry.method !== 8) throw new Error(`${entry.name}: unsupported zip compression method ${entry.method}`);
  const handle = await open(file, 'r');
  let start: number;
  try {
    const header = Buffer.alloc(30);
    await handle.read(header, 0, 30, entry.localHeaderOffset);
    if (header.readUInt32LE(0) !== LOCAL) throw new Error(`${entry.name}: corrupt zip local header`);
    start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  if (entry.compressedSize === 0) return Readable.from([]);
  const raw = createReadStream(file, { start, end: start + entry.compressedSize - 1 });
  if (entry.method === 0) return raw;
  const inflate = createInflateRaw();
  raw.on('error', (e) => inflate.destroy(e));
  return raw.pipe(inflate);
}
