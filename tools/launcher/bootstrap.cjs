#!/usr/bin/env node
// Makes `npm start` and `npm test` work on a fresh clone: installs the locked dependencies when
// node_modules is missing or older than package-lock.json, then returns so the script goes on.
// Plain CommonJS with no dependencies, because it runs before anything is installed.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');

const stale = !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000);
if (stale) {
  process.stdout.write('Installing dependencies from package-lock.json (first run) ...\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // `npm ci`: exactly the locked versions, and a clear refusal when package.json and the lock disagree.
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('npm ci failed; see the output above.\n');
    process.exit(result.status ?? 1);
  }
}
