/** `--name value` / `--name=value` options of a benchmark, with defaults. */
export function benchOptions<K extends string>(args: string[], defaults: Record<K, string>): Record<K, string> {
  const out: Record<string, string> = { ...defaults };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument '${arg}'`);
    const [flag, inline] = arg.includes('=') ? (arg.slice(2).split('=', 2) as [string, string]) : [arg.slice(2), undefined];
    if (!(flag in defaults)) throw new Error(`unknown option --${flag} (known: ${Object.keys(defaults).map((k) => `--${k}`).join(', ')})`);
    const value = inline ?? args[++i];
    if (value === undefined) throw new Error(`--${flag} needs a value`);
    out[flag] = value;
  }
  return out as Record<K, string>;
}

/** A plain text table. */
export function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}
