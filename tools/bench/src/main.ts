/**
 * `npm run bench -- <name> [options]`: runs the benchmark module `src/<name>.bench.ts` (each exports
 * `description` and `run(args)`). Without a name, lists the benchmarks there are.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

interface BenchModule {
  description: string;
  run: (args: string[]) => Promise<void>;
}

function available(): string[] {
  return readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.slice(0, -'.bench.ts'.length))
    .sort();
}

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const names = available();
  if (!name || !names.includes(name)) {
    if (name) process.stderr.write(`unknown benchmark '${name}'\n`);
    process.stderr.write('usage: npm run bench -- <name> [options]\n');
    for (const n of names) {
      const mod = (await import(path.join(__dirname, `${n}.bench`))) as BenchModule;
      process.stderr.write(`  ${n.padEnd(14)} ${mod.description}\n`);
    }
    process.exit(name ? 2 : 0);
  }
  const mod = (await import(path.join(__dirname, `${name}.bench`))) as BenchModule;
  await mod.run(args);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
