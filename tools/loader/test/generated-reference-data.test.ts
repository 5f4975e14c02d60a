import { agenciesGroup } from '../src/reference/agencies.group';
import { GENERATED_BUDGET_FUNCTIONS } from '../src/reference/budget-functions.group';
import { STATES } from '../src/reference/fallback/places.data';
import { generatedPlaces } from '../src/reference/generated-places';
import { REFERENCE_GROUPS } from '../src/reference/groups';
import { naicsGroup } from '../src/reference/naics.group';
import { generatedOffices } from '../src/reference/offices.group';
import { generatedProgramActivities } from '../src/reference/program-activities.group';
import { pscGroup } from '../src/reference/psc.group';
import type { Cell, ReferenceGroup } from '../src/reference/reference-group';
import { fiscalYearOf, generatedSchedule } from '../src/reference/submission-windows.group';
import { generatedTas, tasRenderingLabel } from '../src/reference/treasury-accounts.group';
import { assignZips } from '../src/reference/zips.group';

function column(group: ReferenceGroup, table: string, name: string): Cell[] {
  const t = group.generate().find((x) => x.table === table);
  if (!t) throw new Error(`${group.name} has no table ${table}`);
  const i = t.columns.indexOf(name);
  return t.rows.map((r) => r[i] ?? null);
}

describe('generated reference data', () => {
  it('is deterministic', () => {
    for (const group of REFERENCE_GROUPS) expect(JSON.stringify(group.generate())).toBe(JSON.stringify(group.generate()));
  });

  it('has unique natural keys in every keyed table', () => {
    for (const group of REFERENCE_GROUPS) {
      for (const t of group.generate()) {
        if (!t.key) continue;
        const at = t.key.map((k) => t.columns.indexOf(k));
        const keys = t.rows.map((r) => at.map((i) => String(r[i])).join('|'));
        expect({ table: t.table, unique: new Set(keys).size }).toEqual({ table: t.table, unique: keys.length });
      }
    }
  });

  it('links every subtier and office to a generated agency', () => {
    const toptiers = new Set(column(agenciesGroup, 'toptier_agency', 'toptier_code'));
    const subtiers = new Set(column(agenciesGroup, 'subtier_agency', 'subtier_code'));
    expect(toptiers.size).toBeGreaterThanOrEqual(20);
    const links = agenciesGroup.generate().find((t) => t.table === 'agency');
    for (const [top, sub] of links?.rows ?? []) {
      expect(toptiers.has(top ?? null)).toBe(true);
      expect(subtiers.has(sub ?? null)).toBe(true);
    }
    const offices = generatedOffices();
    expect(offices.length).toBeGreaterThan(100);
    for (const o of offices) expect(subtiers.has(o[2] ?? null)).toBe(true);
    expect(offices.some((o) => o[5] === true)).toBe(true); // some assistance offices
  });

  it('gives every TAS a federal account, a parent agency and a budget subfunction of the generated list', () => {
    const tas = generatedTas();
    expect(tas.length).toBeGreaterThan(200);
    const toptiers = new Set(column(agenciesGroup, 'toptier_agency', 'toptier_code'));
    const subfunctions = new Map(GENERATED_BUDGET_FUNCTIONS.flatMap(([fn, , subs]) => subs.map(([sub]) => [sub, fn] as const)));
    const labels = new Set<string>();
    for (const t of tas) {
      // Parent agency by AID, or by FR entity for FREC agencies (as the load resolves it).
      expect(toptiers.has(t.aid) || toptiers.has(t.frEntityCode)).toBe(true);
      expect(t.subfunctionCode).not.toBeNull();
      expect(subfunctions.get(t.subfunctionCode ?? '')).toBe(t.functionCode);
      if (t.ata !== null) expect(toptiers.has(t.ata)).toBe(true);
      expect(t.availability === 'X' || (t.bpoa !== null && t.epoa !== null && t.epoa >= t.bpoa)).toBe(true);
      labels.add(tasRenderingLabel(t));
    }
    expect(labels.size).toBe(tas.length);
    const accounts = new Set(tas.map((t) => `${t.aid}-${t.main}`));
    expect(accounts.size).toBeGreaterThan(100);
    for (const pa of generatedProgramActivities()) expect(accounts.has(`${String(pa[3])}-${String(pa[5])}`)).toBe(true);
  });

  it('has a PSC and NAICS hierarchy: every code has its parents', () => {
    const psc = new Set(column(pscGroup, 'psc', 'code').map(String));
    for (const code of psc) {
      if (code.length !== 4) continue;
      const parent = /^\d/.test(code) ? code.slice(0, 2) : code.startsWith('A') ? code.slice(0, 2) : code.slice(0, 1);
      expect({ code, parent: psc.has(parent) }).toEqual({ code, parent: true });
    }
    expect([...psc].some((c) => c.startsWith('A'))).toBe(true);
    expect([...psc].some((c) => /^\d{2}$/.test(c))).toBe(true);
    const naics = new Set(column(naicsGroup, 'naics', 'code').map(String));
    for (const code of naics) if (code.length === 6) for (const width of [2, 3, 4]) expect(naics.has(code.slice(0, width))).toBe(true);
  });

  it('covers every state, DC and the territories, with 435 voting seats', () => {
    expect(STATES).toHaveLength(56);
    expect(STATES.reduce((n, s) => n + s.seats, 0)).toBe(435);
    const { counties, cities } = generatedPlaces();
    expect(counties.length).toBeGreaterThan(200);
    expect(cities.length).toBeGreaterThan(300);
    for (const s of STATES) expect(counties.filter((c) => c.state === s).reduce((n, c) => n + c.population, 0)).toBeLessThanOrEqual(s.population);
  });

  it('assigns ZIP codes inside each state prefix range, never twice', () => {
    const places = generatedPlaces().cities.map((c) => ({ state_code: c.state.code, county_code: c.county.code, city_name: c.name }));
    const zips = assignZips(places, new Map([['AL', ['01', '02']]]));
    expect(new Set(zips.map((z) => z[0])).size).toBe(zips.length);
    for (const [zip, state] of zips) {
      const prefix = Number(String(zip).slice(0, 3));
      const fact = STATES.find((s) => s.code === state);
      expect(fact?.zipPrefixes.some(([from, to]) => prefix >= from && prefix <= to)).toBe(true);
    }
    expect(zips.find((z) => z[1] === 'AL')?.[4]).toMatch(/^0[12]$/);
  });

  it('has submission windows from FY2017 through the current fiscal year with well-formed ids', () => {
    const fy = fiscalYearOf(new Date());
    const windows = [...generatedSchedule(fy).values()];
    const years = new Set(windows.map((w) => w[7]));
    for (let y = 2017; y <= fy; y += 1) expect(years.has(y)).toBe(true);
    for (const w of windows) {
      expect(w[0]).toBe(Number(w[7]) * 1000 + Number(w[9]) * 10 + (w[10] ? 1 : 0));
      expect(String(w[1]) <= String(w[2])).toBe(true);
      expect(String(w[2]) < String(w[3])).toBe(true);
    }
  });
});
