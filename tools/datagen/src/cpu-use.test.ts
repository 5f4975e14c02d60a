import { busyShare, sampleCpu } from './cpu-use';

describe('busyShare', () => {
  it('is the busy part of the ticks that passed', () => {
    expect(busyShare({ busy: 100, total: 400 }, { busy: 250, total: 600 })).toBeCloseTo(0.75, 6);
    expect(busyShare({ busy: 0, total: 0 }, { busy: 0, total: 50 })).toBe(0);
  });

  it('is null without two samples or without time passing', () => {
    expect(busyShare(null, { busy: 1, total: 2 })).toBeNull();
    expect(busyShare({ busy: 1, total: 2 }, null)).toBeNull();
    expect(busyShare({ busy: 1, total: 2 }, { busy: 1, total: 2 })).toBeNull();
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
  });
});
