import path from 'node:path';
import { sql } from 'slonik';
import { DataFileError, readCsv } from '../csv';
import { bool, required, text, type At } from './field-parsers';
import { GENERATED_TOPTIERS } from './fallback/agencies.data';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';
import { createTableWriter } from './table-writer';

const FILE = 'agency_codes.csv';

/** CGACs of the military departments, which upstream folds into the Department of Defense (097). */
export const DOD_SUBSUMED_CGACS = ['017', '021', '057'];
export const DOD_CGAC = '097';

/** Django's slugify, as upstream uses it: ASCII, lower case, punctuation dropped, runs of spaces/hyphens -> '-'. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

export interface AgencyRow {
  at: At;
  cgac: string;
  agencyName: string | null;
  agencyAbbreviation: string | null;
  frec: string | null;
  frecName: string | null;
  frecAbbreviation: string | null;
  subtierCode: string | null;
  subtierName: string | null;
  subtierAbbreviation: string | null;
  toptierFlag: boolean;
  isFrec: boolean;
  frecCgacAssociation: boolean;
  userSelectable: boolean;
  mission: string | null;
  aboutAgencyData: string | null;
  website: string | null;
  justification: string | null;
  iconFilename: string | null;
}

/** Upstream keeps the greatest value of a column among the rows of one code (SQL max). */
function maxOf(values: Array<string | null>): string | null {
  let best: string | null = null;
  for (const v of values) if (v !== null && (best === null || v > best)) best = v;
  return best;
}

function groupBy<T>(items: T[], keyOf: (t: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

const byCode = (a: Cell[], b: Cell[]): number => String(a[0]).localeCompare(String(b[0]));

/**
 * Builds cgac, frec, toptier_agency, subtier_agency and the agency link rows with upstream's rules:
 * a toptier agency is a CGAC (rows not flagged IS_FREC; the military departments excluded) or a FREC
 * (rows flagged IS_FREC); each subtier hangs under the toptier of its row; a toptier without any
 * subtier still gets an agency row.
 */
export function agencyTables(rows: AgencyRow[]): TableRows[] {
  const cgacs = [...groupBy(rows, (r) => (r.agencyName === null ? null : r.cgac))].map(([code, rs]) => [
    code,
    maxOf(rs.map((r) => r.agencyName)),
    maxOf(rs.map((r) => r.agencyAbbreviation)),
  ]);
  const frecs = [...groupBy(rows, (r) => (r.frecName === null ? null : r.frec))].map(([code, rs]) => [
    code,
    maxOf(rs.map((r) => r.frecName)),
    maxOf(rs.map((r) => r.frecAbbreviation)),
    maxOf(rs.filter((r) => r.frecCgacAssociation).map((r) => r.cgac)),
  ]);

  const toptierCodeOf = (r: AgencyRow): string | null => (r.isFrec ? (r.frecName === null ? null : r.frec) : r.agencyName === null || DOD_SUBSUMED_CGACS.includes(r.cgac) ? null : r.cgac);
  const slugs = new Set<string>();
  const toptiers = [...groupBy(rows, toptierCodeOf)].map(([code, rs]) => {
    const frec = rs[0]?.isFrec ?? false;
    const name = maxOf(rs.map((r) => (frec ? r.frecName : r.agencyName))) ?? code;
    // Names are unique in practice; the code suffix only guards the unique slug index.
    let slug = slugify(name);
    if (slugs.has(slug)) slug = `${slug}-${code}`;
    slugs.add(slug);
    return [
      code,
      maxOf(rs.map((r) => (frec ? r.frecAbbreviation : r.agencyAbbreviation))),
      name,
      maxOf(rs.map((r) => r.mission)),
      maxOf(rs.map((r) => r.aboutAgencyData)),
      maxOf(rs.map((r) => r.website)),
      maxOf(rs.map((r) => r.justification)),
      maxOf(rs.map((r) => r.iconFilename)),
      slug,
    ];
  });
  const toptierCodes = new Set(toptiers.map((t) => String(t[0])));

  const subtierRows = rows.filter((r) => r.subtierCode !== null && r.subtierName !== null);
  const subtiers = [...groupBy(subtierRows, (r) => r.subtierCode)].map(([code, rs]) => [
    code,
    maxOf(rs.map((r) => r.subtierAbbreviation)),
    maxOf(rs.map((r) => r.subtierName)),
  ]);

  // One link per subtier (the last row naming it wins), one per toptier that has a row without subtier.
  const links = new Map<string, Cell[]>();
  for (const r of rows) {
    const top = toptierCodeOf(r);
    if (top === null || !toptierCodes.has(top)) continue;
    if (r.subtierCode !== null && r.subtierName !== null) {
      links.set(`s:${r.subtierCode}`, [top, r.subtierCode, r.toptierFlag, r.userSelectable]);
    } else if (!links.has(`t:${top}`)) {
      links.set(`t:${top}`, [top, null, true, false]);
    }
  }

  return [
    { table: 'cgac', columns: ['cgac_code', 'agency_name', 'agency_abbreviation'], key: ['cgac_code'], rows: cgacs.sort(byCode) },
    { table: 'frec', columns: ['frec_code', 'agency_name', 'agency_abbreviation', 'associated_cgac_code'], key: ['frec_code'], rows: frecs.sort(byCode) },
    {
      table: 'toptier_agency',
      columns: ['toptier_code', 'abbreviation', 'name', 'mission', 'about_agency_data', 'website', 'justification', 'icon_filename', 'slug'],
      key: ['toptier_code'],
      rows: toptiers.sort(byCode),
    },
    { table: 'subtier_agency', columns: ['subtier_code', 'abbreviation', 'name'], key: ['subtier_code'], rows: subtiers.sort(byCode) },
    // Codes here; the load resolves them to ids.
    { table: 'agency', columns: ['toptier_code', 'subtier_code', 'toptier_flag', 'user_selectable'], rows: [...links.values()] },
  ];
}

function readAgencyRows(dir: string): AgencyRow[] {
  const file = path.join(dir, FILE);
  const subtierOwner = new Map<string, { line: number; owner: string }>();
  return readCsv(file, ['CGAC AGENCY CODE', 'AGENCY NAME', 'FREC', 'SUBTIER CODE', 'SUBTIER NAME', 'TOPTIER_FLAG', 'IS_FREC']).map(({ line, values: v }) => {
    const at = { file, line };
    const cgac = required(at, 'CGAC AGENCY CODE', v['CGAC AGENCY CODE']);
    if (!/^\d{3}$/.test(cgac)) throw new DataFileError(file, line, `CGAC AGENCY CODE '${cgac}' is not 3 digits`);
    const frec = text(v.FREC);
    if (frec !== null && !/^[0-9A-Z]{4}$/.test(frec)) throw new DataFileError(file, line, `FREC '${frec}' is not 4 characters`);
    const subtierCode = text(v['SUBTIER CODE']);
    if (subtierCode !== null && !/^[0-9A-Z]{4}$/.test(subtierCode)) throw new DataFileError(file, line, `SUBTIER CODE '${subtierCode}' is not 4 characters`);
    const isFrec = bool(at, 'IS_FREC', v.IS_FREC);
    if (isFrec && frec === null) throw new DataFileError(file, line, 'IS_FREC is TRUE but FREC is blank');
    if (subtierCode !== null) {
      const owner = isFrec ? `FREC ${frec ?? ''}` : `CGAC ${cgac}`;
      const prior = subtierOwner.get(subtierCode);
      if (prior && prior.owner !== owner) {
        throw new DataFileError(file, line, `subtier ${subtierCode} is under ${owner} here but under ${prior.owner} on line ${prior.line}`);
      }
      subtierOwner.set(subtierCode, { line, owner });
    }
    return {
      at,
      cgac,
      agencyName: text(v['AGENCY NAME']),
      agencyAbbreviation: text(v['AGENCY ABBREVIATION']),
      frec,
      frecName: text(v['FREC Entity Description']),
      frecAbbreviation: text(v['FREC ABBREVIATION']),
      subtierCode,
      subtierName: text(v['SUBTIER NAME']),
      subtierAbbreviation: text(v['SUBTIER ABBREVIATION']),
      toptierFlag: bool(at, 'TOPTIER_FLAG', v.TOPTIER_FLAG),
      isFrec,
      frecCgacAssociation: bool(at, 'FREC CGAC ASSOCIATION', v['FREC CGAC ASSOCIATION'], false),
      userSelectable: bool(at, 'USER SELECTABLE ON USASPENDING.GOV', v['USER SELECTABLE ON USASPENDING.GOV'], false),
      mission: text(v.MISSION),
      aboutAgencyData: text(v['ABOUT AGENCY DATA']),
      website: text(v.WEBSITE),
      justification: text(v['CONGRESSIONAL JUSTIFICATION']),
      iconFilename: text(v['ICON FILENAME']),
    };
  });
}

/** Generated agency rows in the file's shape, so the same rules build the tables. */
function generatedAgencyRows(): AgencyRow[] {
  const at = { file: 'generated', line: 0 };
  return GENERATED_TOPTIERS.flatMap((t) => {
    const isFrec = t.code.length === 4;
    const cgac = isFrec ? t.code.slice(0, 2).padStart(3, '0') : t.code;
    return t.subtiers.map(([code, name, abbreviation], i) => ({
      at,
      cgac,
      agencyName: t.name,
      agencyAbbreviation: t.abbreviation,
      frec: isFrec ? t.code : null,
      frecName: isFrec ? t.name : null,
      frecAbbreviation: isFrec ? t.abbreviation : null,
      subtierCode: code,
      subtierName: name,
      subtierAbbreviation: abbreviation,
      toptierFlag: i === 0,
      isFrec,
      frecCgacAssociation: isFrec,
      userSelectable: true,
      mission: t.mission,
      aboutAgencyData: null,
      website: t.website,
      justification: `${t.website.replace(/\/$/, '')}/budget/`,
      iconFilename: `${t.abbreviation}.jpg`,
    }));
  });
}

export const agenciesGroup: ReferenceGroup = {
  name: 'agencies',
  files: [FILE],
  read: (dir) => agencyTables(readAgencyRows(dir)),
  generate: () => agencyTables(generatedAgencyRows()),
  load: async (tx, tables) => {
    const writer = createTableWriter(tx);
    const counts: Record<string, number> = {};
    for (const t of tables) {
      if (t.table !== 'agency') {
        counts[t.table] = await writer.write(t);
        continue;
      }
      const links = await writer.stage('agency_codes', t.columns, t.rows);
      const source = await writer.derive(
        'agency',
        sql.fragment`
        SELECT ta.toptier_agency_id, sa.subtier_agency_id, l.toptier_flag::boolean AS toptier_flag,
               l.user_selectable::boolean AS user_selectable
        FROM ${links} AS l
        JOIN toptier_agency AS ta ON ta.toptier_code = l.toptier_code
        LEFT JOIN subtier_agency AS sa ON sa.subtier_code = l.subtier_code`,
      );
      // A subtier keeps its agency id even if it moves to another toptier; toptier-only rows match on the toptier.
      await writer.upsert({
        table: 'agency',
        columns: ['toptier_agency_id', 'subtier_agency_id', 'toptier_flag', 'user_selectable'],
        key: ['subtier_agency_id'],
        source,
        match: sql.fragment`(t.subtier_agency_id = s.subtier_agency_id
          OR (t.subtier_agency_id IS NULL AND s.subtier_agency_id IS NULL AND t.toptier_agency_id = s.toptier_agency_id))`,
      });
      counts.agency = t.rows.length;
    }
    await writer.finish();
    return counts;
  },
};
