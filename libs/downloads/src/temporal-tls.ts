import { readFileSync } from 'node:fs';

/** TLS options of a Temporal connection (TEMPORAL_TLS; TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY: PEM files for mTLS). */
export function temporalTls(config: { TEMPORAL_TLS: boolean; TEMPORAL_TLS_CERT?: string; TEMPORAL_TLS_KEY?: string }) {
  if (!config.TEMPORAL_TLS) return undefined;
  if (config.TEMPORAL_TLS_CERT && config.TEMPORAL_TLS_KEY) {
    return { clientCertPair: { crt: readFileSync(config.TEMPORAL_TLS_CERT), key: readFileSync(config.TEMPORAL_TLS_KEY) } };
  }
  return true;
}
