import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';

const bare = mkdtempSync(path.join(os.tmpdir(), 'usas-config-'));

describe('loadConfig', () => {
  it('applies defaults', () => {
    const c = loadConfig({}, bare);
    expect(c).toMatchObject({ PORT: 8000, RUN_MODE: 'all-in-one', DATA_DIR: '.data', DATA_SCALE: 'demo', BODY_LIMIT: '1mb' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.referenceDataDir).toBeUndefined();
  });

  it('binds loopback and bounds database waits by default', () => {
    const c = loadConfig({}, bare);
    expect(c).toMatchObject({ HOST: '127.0.0.1', DB_STATEMENT_TIMEOUT_MS: 5_000, DB_ACQUIRE_TIMEOUT_MS: 2_000, SHUTDOWN_TIMEOUT_MS: 10_000 });
    expect(loadConfig({ HOST: '0.0.0.0', DB_STATEMENT_TIMEOUT_MS: '250' }, bare)).toMatchObject({ HOST: '0.0.0.0', DB_STATEMENT_TIMEOUT_MS: 250 });
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '10' }, bare)).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  it('fails with the name of a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, bare)).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' }, bare)).toThrow(/PORT/);
    expect(() => loadConfig({ RUN_MODE: 'both' }, bare)).toThrow(/RUN_MODE/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' }, bare)).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ BODY_LIMIT: 'lots' }, bare)).toThrow(/BODY_LIMIT/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }, bare).DATABASE_URL).toBeUndefined();
  });

  it('rejects a REFERENCE_DATA_DIR that does not exist, naming it', () => {
    expect(() => loadConfig({ REFERENCE_DATA_DIR: '/no/such/dir' }, bare)).toThrow(/REFERENCE_DATA_DIR/);
  });

  it('finds ../shared/reference-data next to the project by default', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'usas-layout-'));
    const project = path.join(root, 'main');
    mkdirSync(path.join(root, 'shared', 'reference-data'), { recursive: true });
    mkdirSync(project);
    expect(loadConfig({}, project).referenceDataDir).toBe(path.join(root, 'shared', 'reference-data'));
    expect(loadConfig({ REFERENCE_DATA_DIR: '' }, project).referenceDataDir).toBeUndefined();
  });
});
