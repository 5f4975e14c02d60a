import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const handle = (globalThis as Record<string, unknown>).__USAS_TEST_PG__ as { stop: () => Promise<void>; dataDir: string } | undefined;
  if (!handle) return;
  await handle.stop();
  rmSync(handle.dataDir, { recursive: true, force: true });
}
