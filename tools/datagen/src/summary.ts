import type { GenerateResult } from './generate-award-data';

/** Human-readable summary of a generation: rows per table and seconds per phase. */
export function formatSummary(result: GenerateResult): string {
  const lines: string[] = [];
  lines.push(`award data: scale=${result.scale} seed=${result.seed} today=${result.today} in ${result.seconds.toFixed(1)} s`);
  const width = Math.max(...Object.keys(result.rows).map((t) => t.length));
  for (const [table, n] of Object.entries(result.rows)) lines.push(`  ${table.padEnd(width)} ${n.toLocaleString('en-US').padStart(12)}`);
  lines.push(`  phases: ${result.phases.map((p) => `${p.phase} ${p.seconds.toFixed(1)} s`).join(', ')}`);
  lines.push(`  derive: ${result.derive.map((d) => `${d.step} ${d.seconds.toFixed(1)} s (${d.changed})`).join(', ')}`);
  return lines.join('\n');
}

/** One line of rows per table, for start-up output. */
export function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts).map(([t, n]) => `${t}=${n.toLocaleString('en-US')}`).join(' ');
}
