import { readFileSync } from 'node:fs';

/** Cumulative CPU time of the whole machine, in clock ticks: busy (everything but idle and iowait) and total. */
export interface CpuSample {
  busy: number;
  total: number;
}

/** Reads the machine's cumulative CPU counters (Linux `/proc/stat`); null where they cannot be read. */
export function sampleCpu(): CpuSample | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    const fields = line.trim().split(/\s+/);
    if (fields[0] !== 'cpu') return null;
    // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
    const ticks = fields.slice(1, 9).map(Number);
    if (ticks.length < 8 || ticks.some((t) => !Number.isFinite(t))) return null;
    const total = ticks.reduce((a, b) => a + b, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * The share of the machine's CPU capacity (all cores) that was busy between two samples, 0 to 1; null when either
 * sample is missing or no time passed. The whole machine is counted: the database server, this process and
 * anything else running beside them.
 */
export function busyShare(from: CpuSample | null, to: CpuSample | null): number | null {
  if (!from || !to || to.total <= from.total) return null;
  return (to.busy - from.busy) / (to.total - from.total);
}
