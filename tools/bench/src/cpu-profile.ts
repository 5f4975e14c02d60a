import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package under node_modules, node itself, or the project. */
function placeOf(url: string): string {
  if (url === '') return '(native / vm)';
  if (url.startsWith('node:')) return 'node';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? url);
  }
  const m = /\/(apps|libs|tools)\/([^/]+)\//.exec(url);
  return m ? `${m[1]}/${m[2]}` : url;
}

/**
 * The self time of a `--cpu-prof` profile summed per function and per place (package, node, project
 * library), as two text tables of the top `top` rows: what a request spends its CPU on, without a viewer.
 * Samples of the first `skipMs` (start-up: module loading, the validator's schema compilation) are left out.
 */
export function summariseCpuProfiles(dir: string, skipMs: number, top = 25): string {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const byFrame = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  for (const f of files) {
    const profile = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let at = 0;
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      const dt = profile.timeDeltas[i] ?? 0;
      at += dt;
      if (!node || at < skipMs * 1e3) return;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === '(idle)' || functionName === '(program)') return;
      total += dt;
      const where = url ? `${url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(apps|libs|tools)\//, '$1/')}:${lineNumber + 1}` : '';
      const key = `${functionName || '(anonymous)'} ${where}`;
      byFrame.set(key, (byFrame.get(key) ?? 0) + dt);
      const place = placeOf(url);
      byPlace.set(place, (byPlace.get(place) ?? 0) + dt);
    });
  }
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  return `busy CPU in profile: ${(total / 1e3).toFixed(0)} ms after the first ${skipMs} ms (idle and (program) left out)\n\nself time by place:\n${rows(byPlace)}\n\ntop self-time frames:\n${rows(byFrame)}\n`;
}
