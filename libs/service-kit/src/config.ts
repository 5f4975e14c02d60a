import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

const intFrom = (def: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(def);

/** Every environment variable the service reads. README "Configuration" lists the same set. */
const envSchema = z.object({
  PORT: intFrom(8000, 0, 65535),
  // Loopback by default: exposing the service to the network is a deliberate choice (HOST=0.0.0.0).
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  RUN_MODE: z.enum(['all-in-one', 'split']).default('all-in-one'),
  DATABASE_URL: optionalUrl,
  DATABASE_REPLICA_URL: optionalUrl,
  DB_POOL_SIZE: intFrom(10, 1, 200),
  // Interactive endpoints answer in well under a second; anything longer is a runaway query holding a connection.
  DB_STATEMENT_TIMEOUT_MS: intFrom(5_000, 100, 3_600_000),
  DB_ACQUIRE_TIMEOUT_MS: intFrom(2_000, 10, 600_000),
  SHUTDOWN_TIMEOUT_MS: intFrom(10_000, 0, 600_000),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: intFrom(54329, 1024, 65535),
  REFERENCE_DATA_DIR: z.string().optional(),
  DATA_SCALE: z.enum(['none', 'tiny', 'demo', 'bench']).default('demo'),
  DATA_SEED: intFrom(1, 0, 2_147_483_647),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i, 'expected a size such as 1mb or 512kb').default('1mb'),
  PUBLIC_URL: optionalUrl,
  REFERENCE_URL: optionalUrl,
  SEARCH_URL: optionalUrl,
  PROFILE_URL: optionalUrl,
  DOWNLOAD_URL: optionalUrl,
  UPSTREAM_TIMEOUT_MS: intFrom(30_000, 100, 600_000),
  // Overload: requests of a route class served at once, and the short queue in front of them.
  SEARCH_CONCURRENCY: intFrom(4, 1, 1000),
  SEARCH_QUEUE: intFrom(32, 0, 10_000),
  REFERENCE_CONCURRENCY: intFrom(8, 1, 1000),
  REFERENCE_QUEUE: intFrom(64, 0, 10_000),
  RETRY_AFTER_SECONDS: intFrom(2, 1, 3600),
  COMPRESS_MIN_BYTES: intFrom(1024, 0, 100 * 1024 * 1024),
  TEMPORAL_ADDRESS: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().regex(/^[^\s:/]+:\d+$/, 'expected host:port').optional())
    .optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('downloads'),
  TEMPORAL_TLS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  TEMPORAL_TLS_CERT: z.string().optional(),
  TEMPORAL_TLS_KEY: z.string().optional(),
  TEMPORAL_CLI: z.string().optional(),
  TEMPORAL_PORT: z.coerce.number().int().min(1024).max(65535).optional(),
  DOWNLOAD_DIR: z.string().default(''),
  DOWNLOAD_RETENTION_HOURS: intFrom(168, 1, 87_600),
  // Whether the monthly archive schedule, when a worker first creates it, also runs once at once (so that a new
  // installation lists files before the 8th of the next month). Tests that do not look at archives turn it off.
  MONTHLY_ARCHIVE_FIRST_RUN: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
});

/** Concurrency limits per route class and the Retry-After of the 503 beyond them. */
export interface RouteLimits {
  limits: Record<'search' | 'reference', { concurrency: number; queue: number }>;
  retryAfterSeconds: number;
}

export type Config = z.infer<typeof envSchema> & {
  /** Absolute reference data directory, or undefined when none was given or found. */
  referenceDataDir: string | undefined;
};

/** Raised when the environment does not satisfy the config schema; the message names each bad variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const DEFAULT_REFERENCE_DIR = path.join('..', 'shared', 'reference-data');

/**
 * Reads and validates the configuration once. Pass an explicit env (tests) or let it read
 * process.env; this is the only module that touches process.env.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const cfg = parsed.data;
  let referenceDataDir: string | undefined;
  if (cfg.REFERENCE_DATA_DIR !== undefined && cfg.REFERENCE_DATA_DIR !== '') {
    referenceDataDir = path.resolve(cwd, cfg.REFERENCE_DATA_DIR);
    if (!existsSync(referenceDataDir)) {
      throw new ConfigError(`Invalid configuration: REFERENCE_DATA_DIR: directory ${referenceDataDir} does not exist`);
    }
  } else if (cfg.REFERENCE_DATA_DIR === undefined && existsSync(path.resolve(cwd, DEFAULT_REFERENCE_DIR))) {
    referenceDataDir = path.resolve(cwd, DEFAULT_REFERENCE_DIR);
  }
  return { ...cfg, referenceDataDir };
}

/** The route class limits of the gateway (see createConcurrencyLimiter), from the configuration. */
export function routeLimitsFrom(config: Config): RouteLimits {
  return {
    limits: {
      search: { concurrency: config.SEARCH_CONCURRENCY, queue: config.SEARCH_QUEUE },
      reference: { concurrency: config.REFERENCE_CONCURRENCY, queue: config.REFERENCE_QUEUE },
    },
    retryAfterSeconds: config.RETRY_AFTER_SECONDS,
  };
}

/** A raw environment value for tools that need one variable outside the schema (e.g. CI flags). */
export function envFlag(name: string, env: Record<string, string | undefined> = process.env): boolean {
  const v = env[name];
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}
