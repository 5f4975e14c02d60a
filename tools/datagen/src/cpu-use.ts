import { readdirSync, readFileSync } from 'node:fs';

/**
 * Cumulative CPU time of the whole machine, in clock ticks: busy (everything but idle and iowait), the kernel's
 * part of it (system, irq and softirq) and total.
 */
export interface CpuSample {
  busy: number;
  kernel: number;
  total: number;
}

/** Reads the machine's cumulative CPU counters (Linux `/proc/stat`); null where they cannot be read. */
export function sampleCpu(): CpuSample | null {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** The first (`cpu`, all cores) line of a `/proc/stat` text; null when it is not there or not numbers. */
export function parseProcStat(text: string): CpuSample | null {
  const fields = (text.split('\n', 1)[0] ?? '').trim().split(/\s+/);
  if (fields[0] !== 'cpu') return null;
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
  const ticks = fields.slice(1, 9).map(Number);
  if (ticks.length < 8 || ticks.some((t) => !Number.isFinite(t))) return null;
  const [, , system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0] = ticks;
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - idle - iowait, kernel: system + irq + softirq, total };
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

/**
 * The kernel's part of the busy time between two samples, 0 to 1; null without two samples or without busy time.
 * Reading tables back from disk once they outgrow the page cache shows here (page reclaim, block I/O) as well as in
 * the disk counters.
 */
export function kernelShare(from: CpuSample | null, to: CpuSample | null): number | null {
  if (!from || !to || to.busy <= from.busy) return null;
  return (to.kernel - from.kernel) / (to.busy - from.busy);
}

/** Bytes the machine's disks have read and written since boot. */
export interface DiskSample {
  read: number;
  written: number;
}

/**
 * Devices whose counters are not a disk's own: loop and RAM disks, optical drives, and device-mapper and software
 * RAID devices, which pass their I/O on to disks that are counted already.
 */
const NOT_A_DISK = /^(loop|ram|zram|sr|dm-|md)/;

/** Reads the counters of the machine's whole disks (Linux `/proc/diskstats`, `/sys/block`); null where it cannot. */
export function sampleDisk(): DiskSample | null {
  try {
    const disks = new Set(readdirSync('/sys/block').filter((name) => !NOT_A_DISK.test(name)));
    return parseDiskStats(readFileSync('/proc/diskstats', 'utf8'), disks);
  } catch {
    return null;
  }
}

/**
 * Sums the sectors read and written (fields 6 and 10, 512 bytes each whatever the device's own sector size) of the
 * listed devices in a `/proc/diskstats` text (partitions are left out by the list: their I/O is their disk's).
 */
export function parseDiskStats(text: string, disks: ReadonlySet<string>): DiskSample {
  let read = 0;
  let written = 0;
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10 || !disks.has(fields[2] ?? '')) continue;
    read += Number(fields[5]) * 512;
    written += Number(fields[9]) * 512;
  }
  return { read, written };
}

/** Bytes read and written between two samples; null when either is missing or a counter went back (a reset). */
export function diskTraffic(from: DiskSample | null, to: DiskSample | null): DiskSample | null {
  if (!from || !to || to.read < from.read || to.written < from.written) return null;
  return { read: to.read - from.read, written: to.written - from.written };
}
