/**
 * `node --import tsx tools/launcher/src/temporal-install.ts`: installs the pinned Temporal CLI into .tools/ if it
 * is not there yet (as `npm start` does on first run) and prints its path. CI runs it before the tests.
 */
import { findOrInstallTemporalCli } from './temporal-server';

try {
  const cli = findOrInstallTemporalCli({ say: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(`Temporal CLI: ${cli}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
