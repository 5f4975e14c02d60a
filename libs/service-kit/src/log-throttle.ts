/**
 * Lets one message of a kind through per interval and counts the rest, so an outage (every request
 * failing the same way) writes a line every few seconds instead of thousands.
 */
export function createLogThrottle(intervalMs: number, now: () => number = Date.now): (key: string) => { log: boolean; suppressed: number } {
  const state = new Map<string, { last: number; suppressed: number }>();
  return (key) => {
    const t = now();
    const s = state.get(key);
    if (!s || t - s.last >= intervalMs) {
      const suppressed = s?.suppressed ?? 0;
      state.set(key, { last: t, suppressed: 0 });
      return { log: true, suppressed };
    }
    s.suppressed++;
    return { log: false, suppressed: s.suppressed };
  };
}
