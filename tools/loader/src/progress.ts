import { SingleBar, Presets } from 'cli-progress';

/** A progress bar on stderr when it is a terminal; plain periodic lines otherwise (CI logs). */
export function createProgress(label: string, total: number): { update: (done: number, note?: string) => void; stop: () => void } {
  if (process.stderr.isTTY) {
    const bar = new SingleBar({ format: `${label} [{bar}] {percentage}% {value}/{total} {note}`, stream: process.stderr, hideCursor: true }, Presets.shades_classic);
    bar.start(total, 0, { note: '' });
    return { update: (done, note = '') => bar.update(done, { note }), stop: () => bar.stop() };
  }
  let lastPrinted = -1;
  return {
    update: (done, note = '') => {
      const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (pct === lastPrinted || (pct % 10 !== 0 && done !== total)) return;
      lastPrinted = pct;
      process.stderr.write(`${label}: ${pct}% (${done}/${total}) ${note}\n`);
    },
    stop: () => undefined,
  };
}
