import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@usas/db/embedded';

const ROOT = path.resolve(__dirname, '..', '..', '..');

export interface GatewayProcess {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the all-in-one gateway against `databaseUrl` as a child process on a free loopback port and resolves
 * once /readyz answers, so a benchmark measures the service as clients reach it (HTTP, its own process).
 */
export async function startGatewayProcess(databaseUrl: string): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'apps/gateway/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', RUN_MODE: 'all-in-one', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a machine shared with other work, start-up (spec compilation, warm-up) can take minutes.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with code ${child.exitCode}`);
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('gateway did not become ready within 600 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
