/**
 * Helpers of the download tests: wait for a job's status, fetch its zip through the API and read the zip back
 * with Python's zipfile (a reader independent of the archiver that wrote it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type supertest from 'supertest';

type Http = ReturnType<typeof supertest>;

/** Every entry of a zip as text. */
export function unzip(buffer: Buffer): Record<string, string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usas-unzip-'));
  try {
    const file = path.join(dir, 'file.zip');
    writeFileSync(file, buffer);
    const r = spawnSync('python3', ['-c', 'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(json.dumps({n: z.read(n).decode("utf-8") for n in z.namelist()}))', file], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    if (r.status !== 0) throw new Error(`not a valid zip: ${r.stderr}`);
    return JSON.parse(r.stdout) as Record<string, string>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The zip at `urlOrPath` (a file URL of the API, absolute or a path), fetched and read: 200 and a zip, or it throws. */
export async function fetchZip(http: Http, urlOrPath: string): Promise<Record<string, string>> {
  const target = /^https?:/.test(urlOrPath) ? new URL(urlOrPath).pathname : urlOrPath;
  const res = await http.get(target).buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });
  if (res.status !== 200 || res.headers['content-type'] !== 'application/zip') {
    throw new Error(`GET ${target}: ${res.status} ${String(res.headers['content-type'])}`);
  }
  return unzip(res.body as Buffer);
}

/** Polls `statusPath?file_name=` until the job's status is one of `wanted` (two minutes at most); its last answer. */
export async function waitForStatus(http: Http, fileName: string, wanted: string[], statusPath = '/api/v2/download/status'): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await http.get(statusPath).query({ file_name: fileName });
    if (res.status !== 200) throw new Error(`GET ${statusPath}: ${res.status} ${JSON.stringify(res.body)}`);
    if (wanted.includes(res.body.status)) return res.body;
    if (Date.now() > deadline) throw new Error(`job ${fileName} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
