import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accessibleBy, postgresOsUser, reachableBinaries, runningAsRoot, stableName } from './postgres-os-user';

describe('stableName', () => {
  it('is the base name plus a hash of the absolute path', () => {
    expect(stableName('/root/clone/.data')).toMatch(/^\.data-[0-9a-f]{8}$/);
    expect(stableName('/root/clone/.data')).toBe(stableName('/root/clone/.data/'));
    expect(stableName('/root/clone/.data')).not.toBe(stableName('/root/other/.data'));
  });
});

(runningAsRoot() ? describe : describe.skip)('as root', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('copies binaries out of a directory the postgres user cannot enter, once', () => {
    const user = postgresOsUser()!;
    const home = mkdtempSync(path.join(os.tmpdir(), 'usas-bins-home-'));
    const base = mkdtempSync(path.join(os.tmpdir(), 'usas-bins-base-'));
    dirs.push(home, base);
    chmodSync(home, 0o700);
    const native = path.join(home, 'native');
    mkdirSync(path.join(native, 'bin'), { recursive: true });
    writeFileSync(path.join(native, 'bin', 'postgres'), '#!/bin/sh\n', { mode: 0o755 });
    expect(accessibleBy(user, path.join(native, 'bin'))).toBe(false);

    const first = reachableBinaries(native, user, base, '1.2.3');
    expect(first).toEqual({ dir: path.join(base, 'postgres-1.2.3'), copied: true });
    expect(accessibleBy(user, path.join(first.dir, 'bin'))).toBe(true);
    expect(readFileSync(path.join(first.dir, 'bin', 'postgres'), 'utf8')).toBe('#!/bin/sh\n');
    // Reachable binaries are used where they are.
    expect(reachableBinaries(first.dir, user, base, '1.2.3')).toEqual({ dir: first.dir, copied: false });
  });
});
