import type { Client } from '@temporalio/client';
import type { DatabasePool } from 'slonik';

export interface DownloadDeps {
  /** Pool for reads (may point at a replica). */
  db: DatabasePool;
  /** Primary: job rows are written here. */
  primary?: DatabasePool;
  /** Temporal client; jobs are started on `taskQueue`. */
  temporal: Client;
  taskQueue: string;
  /** Directory the worker writes finished zips to. */
  downloadDir: string;
  /** Base of the URLs the API returns (PUBLIC_URL); the request's own host when unset. */
  publicUrl?: string;
}

/** Dependencies resolved once for every route. */
export interface DownloadContext extends Required<Omit<DownloadDeps, 'publicUrl'>> {
  publicUrl?: string;
}

/** Within a process, names issued in the same millisecond differ by this counter. */
let sequence = 0;
export function nextSequence(): number {
  sequence = (sequence + 1) % 1000;
  return sequence;
}
