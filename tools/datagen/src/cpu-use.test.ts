import { busyShare, diskTraffic, kernelShare, parseDiskStats, parseProcStat, sampleCpu, sampleDisk } from './cpu-use';

const at = (busy: number, total: number, kernel = 0) => ({ busy, kernel, total });

describe('parseProcStat', () => {
  it('reads busy, kernel and total ticks from the all-cores line', () => {
    // user nice system idle iowait irq softirq steal guest guest_nice
    const text = 'cpu  1000 20 300 5000 40 5 15 2 0 0\ncpu0 500 10 150 2500 20 3 7 1 0 0\n';
    expect(parseProcStat(text)).toEqual({ busy: 1000 + 20 + 300 + 5 + 15 + 2, kernel: 300 + 5 + 15, total: 6382 });
  });

  it('is null for a text without the all-cores line or with too few numbers', () => {
    expect(parseProcStat('intr 12 34\n')).toBeNull();
    expect(parseProcStat('cpu 1 2 3\n')).toBeNull();
    expect(parseProcStat('cpu a b c d e f g h\n')).toBeNull();
  });
});

describe('busyShare', () => {
  it('is the busy part of the ticks that passed', () => {
    expect(busyShare(at(100, 400), at(250, 600))).toBeCloseTo(0.75, 6);
    expect(busyShare(at(0, 0), at(0, 50))).toBe(0);
  });

  it('is null without two samples or without time passing', () => {
    expect(busyShare(null, at(1, 2))).toBeNull();
    expect(busyShare(at(1, 2), null)).toBeNull();
    expect(busyShare(at(1, 2), at(1, 2))).toBeNull();
  });

  it('reads counters that only grow where /proc/stat exists', () => {
    const first = sampleCpu();
    if (first === null) return; // not Linux: nothing to read
    let spin = 0;
    for (let i = 0; i < 5e6; i += 1) spin += i % 7;
    const second = sampleCpu();
    expect(spin).toBeGreaterThan(0);
    expect(second).not.toBeNull();
    expect((second as { total: number }).total).toBeGreaterThanOrEqual(first.total);
    expect((second as { busy: number }).busy).toBeGreaterThanOrEqual(first.busy);
    expect(first.busy).toBeLessThanOrEqual(first.total);
    expect(first.kernel).toBeLessThanOrEqual(first.busy);
  });
});

describe('kernelShare', () => {
  it('is the kernel part of the busy ticks that passed', () => {
    expect(kernelShare(at(100, 400, 10), at(300, 600, 60))).toBeCloseTo(0.25, 6);
  });

  it('is null without two samples or without busy time', () => {
    expect(kernelShare(null, at(1, 2, 1))).toBeNull();
    expect(kernelShare(at(5, 9, 1), at(5, 20, 1))).toBeNull();
  });
});

describe('disk counters', () => {
  // major minor name reads merged sectors-read ms writes merged sectors-written ms ...
  const text = [
    ' 253       0 vda 466335 7533532 308243698 6817057 101990 119529 168156360 918180 0 304076 7751728',
    ' 253       1 vda1 466000 7533000 308000000 6817000 101900 119500 168000000 918000 0 304000 7751000',
    '   7       0 loop0 10 0 2000 1 0 0 0 0 0 1 1',
    ' 259       0 nvme0n1 5 0 1000 1 2 0 4000 1 0 2 2',
  ].join('\n');

  it('sums the sectors of the listed disks, in bytes, leaving out partitions and other devices', () => {
    expect(parseDiskStats(text, new Set(['vda', 'nvme0n1']))).toEqual({
      read: (308243698 + 1000) * 512,
      written: (168156360 + 4000) * 512,
    });
    expect(parseDiskStats(text, new Set(['sdz']))).toEqual({ read: 0, written: 0 });
  });

  it('gives the traffic between two samples, null when a sample is missing or a counter went back', () => {
    expect(diskTraffic({ read: 100, written: 50 }, { read: 400, written: 90 })).toEqual({ read: 300, written: 40 });
    expect(diskTraffic(null, { read: 1, written: 1 })).toBeNull();
    expect(diskTraffic({ read: 100, written: 50 }, { read: 10, written: 90 })).toBeNull();
  });

  it('reads counters where /proc/diskstats exists', () => {
    const sample = sampleDisk();
    if (sample === null) return; // not Linux
    expect(sample.read).toBeGreaterThanOrEqual(0);
    expect(sample.written).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(sample.read / 512)).toBe(true);
  });
});
