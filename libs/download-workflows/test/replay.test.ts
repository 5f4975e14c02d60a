/**
 * The workflow code against histories recorded from real runs (tools/launcher/test/downloads.int.test.ts and
 * downloads-monthly.int.test.ts with DOWNLOAD_HISTORY_DIR=libs/download-workflows/test/histories): a change
 * that would make a running job's history non-deterministic fails here before it reaches a worker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { bundleWorkflowCode, Worker, type WorkflowBundle } from '@temporalio/worker';

const HISTORIES = path.join(__dirname, 'histories');
const silent = { log: () => undefined, trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

let bundle: WorkflowBundle;

beforeAll(async () => {
  bundle = await bundleWorkflowCode({ workflowsPath: path.join(__dirname, '..', 'src', 'index.ts'), logger: silent });
}, 120_000);

describe('download and monthly archive workflow replay', () => {
  const files = readdirSync(HISTORIES).filter((f) => f.endsWith('.json'));

  it('has recorded histories', () => {
    expect(files).toEqual(expect.arrayContaining(['download-finished.json', 'download-failed.json', 'monthly-archive-finished.json']));
  });

  it.each(files)('replays %s deterministically', async (file) => {
    const history = historyFromJSON(JSON.parse(readFileSync(path.join(HISTORIES, file), 'utf8')));
    await expect(Worker.runReplayHistory({ workflowBundle: bundle }, history)).resolves.toBeUndefined();
  });
});
