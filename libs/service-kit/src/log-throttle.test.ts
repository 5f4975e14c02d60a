import { createLogThrottle } from './log-throttle';

describe('createLogThrottle', () => {
  it('lets one line per key and interval through and counts the rest', () => {
    let now = 0;
    const throttle = createLogThrottle(10_000, () => now);
    expect(throttle('db')).toEqual({ log: true, suppressed: 0 });
    now = 100;
    expect(throttle('db')).toEqual({ log: false, suppressed: 1 });
    expect(throttle('db')).toEqual({ log: false, suppressed: 2 });
    expect(throttle('other')).toEqual({ log: true, suppressed: 0 });
    now = 10_000;
    expect(throttle('db')).toEqual({ log: true, suppressed: 2 });
    expect(throttle('db')).toEqual({ log: false, suppressed: 1 });
  });
});
