/** Parts of one Treasury account symbol, as stored in the read model's tas_paths / tas_components. */
export interface TasParts {
  /** Toptier code of the agency owning the federal account (the TAS tree's first level). */
  agency: string;
  /** Agency identifier and main account code of the federal account (the tree's second level). */
  faAid: string;
  faMain: string;
  ata: string | null;
  aid: string;
  main: string;
  sub: string | null;
  bpoa: string | null;
  epoa: string | null;
  a: string | null;
}

/**
 * The `tas_paths` element of a TAS. Missing parts render empty (upstream builds it with CONCAT, which
 * drops NULLs), and the order is the read model's, not the TAS label's. Loaders and the compiler share
 * this function so the strings always agree.
 */
export function formatTasPath(t: TasParts): string {
  return (
    `agency=${t.agency}faaid=${t.faAid}famain=${t.faMain}` +
    `aid=${t.aid}main=${t.main}ata=${t.ata ?? ''}sub=${t.sub ?? ''}bpoa=${t.bpoa ?? ''}epoa=${t.epoa ?? ''}a=${t.a ?? ''}`
  );
}

/** The `tas_components` element of a TAS (same empty-for-missing rule as formatTasPath). */
export function formatTasComponents(t: Pick<TasParts, 'aid' | 'main' | 'ata' | 'sub' | 'bpoa' | 'epoa' | 'a'>): string {
  return `aid=${t.aid}main=${t.main}ata=${t.ata ?? ''}sub=${t.sub ?? ''}bpoa=${t.bpoa ?? ''}epoa=${t.epoa ?? ''}a=${t.a ?? ''}`;
}

/** Prefix of every tas_paths element under one toptier agency (the delimiter keeps '091' from matching '0912'). */
export function tasAgencyPrefix(agency: string): string {
  return `agency=${agency}faaid=`;
}

/** Prefix of every tas_paths element under one federal account (`AID-MAIN`) of an agency. */
export function tasFederalAccountPrefix(agency: string, faAid: string, faMain: string): string {
  return `agency=${agency}faaid=${faAid}famain=${faMain}aid=`;
}

const TAS_LABEL = /^(?:([0-9A-Z]{3})-)?([0-9A-Z]{3})-(?:(X)|(\d{4})\/(\d{4}))-(\d{4})-(\d{3})$/;

/**
 * Splits a TAS rendering label `[ATA-]AID-(X | BPOA/EPOA)-MAIN-SUB` into its components, or null when
 * the text is not a TAS label.
 */
export function parseTasLabel(label: string): Pick<TasParts, 'ata' | 'aid' | 'a' | 'bpoa' | 'epoa' | 'main' | 'sub'> | null {
  const m = TAS_LABEL.exec(label.trim());
  if (!m) return null;
  return { ata: m[1] ?? null, aid: m[2]!, a: m[3] ?? null, bpoa: m[4] ?? null, epoa: m[5] ?? null, main: m[6]!, sub: m[7]! };
}
