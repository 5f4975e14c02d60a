#!/usr/bin/env node
// Makes `npm start` and `npm test` work on a fresh clone: installs the locked dependencies when
// node_modules is missing or older than package-lock.json, then returns so the script goes on.
// Plain CommonJS with no dependencies, because it runs before anything is installed.
//
// `bootstrap.cjs start` then runs the launcher itself as its child and relays SIGINT/SIGTERM/SIGHUP
// to it, exiting with its status. This replaces `bootstrap && node start`: there a shell sat between
// npm and node, npm's SIGTERM killed only the shell, and node and PostgreSQL kept running. The start
// script says `exec node ...` for the same reason: Debian's sh (dash) does not exec the last command
// of `sh -c` by itself, and a shell that receives npm's SIGTERM dies without passing it on.
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

if (process.argv[2] === 'start') {
  const launcher = path.join(root, 'tools', 'launcher', 'src', 'start.ts');
  const child = require('node:child_process').spawn(process.execPath, ['--import', 'tsx', launcher], { cwd: root, stdio: 'inherit' });
  // The launcher drains and stops everything itself; this process only passes the word on and waits.
  // (A terminal's Ctrl-C reaches both; the launcher ignores the repeat.)
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  child.on('error', (error) => {
    process.stderr.write(`could not run the launcher: ${error.message}\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal ? 128 + (require('node:os').constants.signals[signal] ?? 0) : 1));
  });
}
