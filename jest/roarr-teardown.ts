/**
 * After each test file: removes the process.stdout 'error' listener that roarr (slonik's logger) adds when it loads.
 * roarr keeps that listener's teardown on globalThis.ROARR, and each test file runs with a global of its own while a
 * jest worker's process.stdout is shared: without this, the listeners of every earlier file stay, and the eleventh
 * file in a worker prints a MaxListenersExceededWarning.
 */
afterAll(() => {
  (globalThis as { ROARR?: { teardown?: () => void } }).ROARR?.teardown?.();
});
