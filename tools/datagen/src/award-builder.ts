import type { AwardTypeSpec, RecipientKind } from './award-types';
import type { AgencyRef, Catalog, CodeRef, DefCodeRef, OfficeRef, Place, TasRef } from './catalog';
import { cfdaPrefixOf } from './catalog';
import * as copyFormat from './copy-format';
import type { CopySink } from './copy-sink';
import * as dates from './dates';
import { Random, WeightedPicker } from './random';
import type { Recipient, RecipientPool } from './recipients';
import { submissionId, windowOf, type SubmissionAgency, type SubmissionPlan, type SubmissionWindow } from './submissions';

// The formatters and date helpers, bound once. tsx runs this file as CommonJS, where every use of a named import
// reads it through a getter of the exporting module: ~4% of the generation's CPU at bench scale, for calls made
// dozens of times per transaction.
const { NULL, bool, cents, centsText, int, intArray, jsonText, text, textArray } = copyFormat;
const { addMonths, fiscalYearEnd, fiscalYearOf, fiscalYearStart, isoDay } = dates;

/** Everything the per-award builder needs; one per generation run. */
export interface BuildContext {
  random: Random;
  catalog: Catalog;
  recipients: RecipientPool;
  plan: SubmissionPlan;
  windowById: Map<number, SubmissionWindow>;
  finalWindowByYear: Map<number, SubmissionWindow>;
  today: number;
  firstDay: number;
  updateDate: string;
  compactDetail: boolean;
  transactionFactor: number;
  subawardMean: number;
  defc: { covid: WeightedPicker<DefCodeRef> | null; iija: WeightedPicker<DefCodeRef> | null; plain: string | null };
  sinks: { award: CopySink; transaction: CopySink; transactionDetail: CopySink; subaward: CopySink; faba: CopySink };
  next: { transaction: number; subaward: number; faba: number };
  yearPicker: WeightedPicker<number>;
  tasPickers: Map<number, WeightedPicker<TasRef>>;
}

/** What a child award needs to know about its parent IDV. */
export interface IdvRef {
  awardId: number;
  piid: string;
  gid: string;
  type: string;
  agency: AgencyRef;
  office: OfficeRef | null;
  recipient: Recipient;
  start: number;
  end: number;
}

const PRICING = codeTable([['J', 'FIRM FIXED PRICE', 70], ['U', 'COST PLUS FIXED FEE', 7], ['Y', 'TIME AND MATERIALS', 6], ['Z', 'LABOR HOURS', 3], ['R', 'COST PLUS AWARD FEE', 3], ['S', 'COST NO FEE', 2], ['V', 'COST PLUS INCENTIVE FEE', 2], ['K', 'FIXED PRICE WITH ECONOMIC PRICE ADJUSTMENT', 4], ['L', 'FIXED PRICE INCENTIVE', 2], ['M', 'FIXED PRICE AWARD FEE', 1]]);
const SET_ASIDE = codeTable([['NONE', 'NO SET ASIDE USED.', 72], ['SBA', 'SMALL BUSINESS SET ASIDE - TOTAL', 15], ['8A', '8A COMPETED', 3], ['8AN', '8(A) SOLE SOURCE', 3], ['HZC', 'HUBZONE SET-ASIDE', 2], ['SDVOSBC', 'SERVICE DISABLED VETERAN OWNED SMALL BUSINESS SET-ASIDE', 3], ['WOSB', 'WOMEN OWNED SMALL BUSINESS', 2]]);
const EXTENT = codeTable([['A', 'FULL AND OPEN COMPETITION', 45], ['D', 'FULL AND OPEN COMPETITION AFTER EXCLUSION OF SOURCES', 15], ['C', 'NOT COMPETED', 15], ['F', 'COMPETED UNDER SAP', 12], ['G', 'NOT COMPETED UNDER SAP', 8], ['B', 'NOT AVAILABLE FOR COMPETITION', 5]]);
const ORDER_EXTENT = codeTable([['CDO', 'COMPETITIVE DELIVERY ORDER', 70], ['NDO', 'NON-COMPETITIVE DELIVERY ORDER', 30]]);
const FPDS_MOD_ACTIONS = codeTable([['C', 'FUNDING ONLY ACTION', 35], ['B', 'SUPPLEMENTAL AGREEMENT FOR WORK WITHIN SCOPE', 25], ['G', 'EXERCISE AN OPTION', 15], ['M', 'OTHER ADMINISTRATIVE ACTION', 15], ['A', 'ADDITIONAL WORK (NEW AGREEMENT, JUSTIFICATION REQUIRED)', 5], ['D', 'CHANGE ORDER', 4], ['F', 'TERMINATE FOR CONVENIENCE (COMPLETE OR PARTIAL)', 1]]);
const FABS_MOD_ACTIONS = codeTable([['C', 'REVISION', 60], ['B', 'CONTINUATION', 30], ['D', 'ADJUSTMENT TO COMPLETED PROJECT', 10]]);
const IDV_TYPE: Record<string, [string, string]> = { IDV_A: ['A', 'GWAC'], IDV_B: ['B', 'IDC'], IDV_B_A: ['B', 'IDC'], IDV_B_B: ['B', 'IDC'], IDV_B_C: ['B', 'IDC'], IDV_C: ['C', 'FSS'], IDV_D: ['D', 'BOA'], IDV_E: ['E', 'BPA'] };
// Plain IDV_B has no IDC type: with one it would be IDV_B_<code> (the importer's rule, as upstream's).
const IDC_TYPE: Record<string, [string, string]> = { IDV_B_A: ['A', 'INDEFINITE DELIVERY / REQUIREMENTS'], IDV_B_B: ['B', 'INDEFINITE DELIVERY / INDEFINITE QUANTITY'], IDV_B_C: ['C', 'INDEFINITE DELIVERY / DEFINITE QUANTITY'] };
const PURPOSES = ['SUPPORT SERVICES', 'MAINTENANCE AND REPAIR', 'PROCUREMENT', 'ENGINEERING SUPPORT', 'TRAINING', 'OPERATIONS SUPPORT', 'RESEARCH AND DEVELOPMENT', 'IT MODERNIZATION', 'SUPPLIES', 'TECHNICAL ASSISTANCE'];
const ASSISTANCE_PURPOSES = ['PROGRAM SUPPORT', 'CAPACITY BUILDING', 'TECHNICAL ASSISTANCE', 'OPERATING ASSISTANCE', 'RESEARCH PROJECT', 'COMMUNITY SERVICES', 'PLANNING AND DEVELOPMENT', 'EMERGENCY ASSISTANCE'];
const FPDS_MOD_TEXT = ['FUNDING MODIFICATION', 'EXERCISE OPTION PERIOD', 'ADMINISTRATIVE CHANGE', 'INCREMENTAL FUNDING', 'DE-OBLIGATION OF EXCESS FUNDS', 'SCOPE CHANGE'];
const COVID_WEIGHTS: Record<string, number> = { N: 50, M: 10, L: 5, O: 10, P: 5, U: 12, V: 8 };
const IIJA_WEIGHTS: Record<string, number> = { Z: 60, '1': 40 };
const COVID_SHARE: Record<string, number> = { contract: 0.06, idv: 0, grant: 0.15, 'direct payment': 0.12, loans: 0.2, insurance: 0.05, other: 0.1 };
const IIJA_SHARE: Record<string, number> = { contract: 0.04, grant: 0.08 };
const SUB_CONTRACT_CODES = new Set(['C', 'D']);
const SUB_GRANT_CODES = new Set(['02', '03', '04', '05']);

type CodeEntry = [string, string];

/** PostgreSQL's COLLATE "C" order: byte-wise over UTF-8. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
function codeTable(entries: Array<[string, string, number]>): WeightedPicker<CodeEntry> {
  return new WeightedPicker(entries.map(([c, d]) => [c, d] as CodeEntry), entries.map(([, , w]) => w));
}

/** Weighted pickers for the DEF codes present in the reference table. */
export function defPickers(catalog: Catalog): BuildContext['defc'] {
  const covid = catalog.defCodes.filter((d) => d.group === 'covid_19' && d.enacted !== null);
  const iija = catalog.defCodes.filter((d) => d.group === 'infrastructure' && d.enacted !== null);
  const plain = catalog.defCodes.find((d) => d.code === 'Q')?.code ?? catalog.defCodes.find((d) => d.group === null)?.code ?? null;
  return {
    covid: covid.length > 0 ? new WeightedPicker(covid, covid.map((d) => COVID_WEIGHTS[d.code] ?? 5)) : null,
    iija: iija.length > 0 ? new WeightedPicker(iija, iija.map((d) => IIJA_WEIGHTS[d.code] ?? 20)) : null,
    plain,
  };
}

// ---- encoded blocks, cached ------------------------------------------------------------------------------

const agencyBlocks = new Map<string, string>();
function agencyBlock(a: AgencyRef, o: OfficeRef | null): string {
  const key = `${a.id}|${o?.code ?? ''}`;
  let s = agencyBlocks.get(key);
  if (s === undefined) {
    s = [int(a.id), int(a.toptierId), text(a.toptierName), text(a.toptierCode), text(a.toptierAbbreviation), text(a.subtierName),
      text(a.subtierCode), text(a.subtierAbbreviation), text(o?.code), text(o?.name)].join('\t');
    agencyBlocks.set(key, s);
  }
  return s;
}

const subAgencyBlocks = new Map<number, string>();
function subAgencyBlock(a: AgencyRef): string {
  let s = subAgencyBlocks.get(a.id);
  if (s === undefined) {
    s = [int(a.id), text(a.toptierName), text(a.toptierCode), text(a.toptierAbbreviation), text(a.subtierName), text(a.subtierCode),
      text(a.subtierAbbreviation)].join('\t');
    subAgencyBlocks.set(a.id, s);
  }
  return s;
}

const popBlocks = new WeakMap<Place, string>();
function popBlock(p: Place): string {
  let s = popBlocks.get(p);
  if (s === undefined) {
    s = [text(p.countryCode), text(p.countryName), text(p.stateCode), text(p.stateName), text(p.stateFips), text(p.countyCode),
      text(p.countyName), text(p.district), text(p.district), text(p.cityName), text(p.zip5)].join('\t');
    popBlocks.set(p, s);
  }
  return s;
}

const subPlaceBlocks = new WeakMap<Place, string>();
function subPlaceBlock(p: Place): string {
  let s = subPlaceBlocks.get(p);
  if (s === undefined) {
    s = [text(p.countryCode), text(p.countryName), text(p.stateCode), text(p.stateName), text(p.stateFips), text(p.countyCode),
      text(p.countyName), text(p.cityName), text(p.zip5), text(p.district), text(p.district)].join('\t');
    subPlaceBlocks.set(p, s);
  }
  return s;
}

function recipientLocationBlock(address: string | null, p: Place): string {
  return [text(address), text(p.countryCode), text(p.countryName), text(p.stateCode), text(p.stateName), text(p.stateFips),
    text(p.countyCode), text(p.countyName), text(p.district), text(p.district), text(p.cityName), text(p.zip5), NULL].join('\t');
}

const recipientBlocks = new Map<string, string>();
function recipientBlock(r: Recipient, name: string): string {
  const key = `${r.hash}|${name}`;
  let s = recipientBlocks.get(key);
  if (s === undefined) {
    const p = r.parent;
    s = [r.hash, textArray(r.levels), text(name), text(r.uei), text(r.duns), p ? p.hash : NULL, text(p?.name), text(p?.uei),
      text(p?.duns), textArray(r.businessCategories)].join('\t');
    recipientBlocks.set(key, s);
  }
  return s;
}

const recipientLocations = new Map<Recipient, string>();
function recipientLocation(r: Recipient): string {
  let s = recipientLocations.get(r);
  if (s === undefined) {
    s = recipientLocationBlock(r.address, r.place);
    recipientLocations.set(r, s);
  }
  return s;
}

/** Clears the per-run caches (ids and names differ between runs). */
export function resetBlockCaches(): void {
  agencyBlocks.clear();
  subAgencyBlocks.clear();
  recipientBlocks.clear();
  recipientLocations.clear();
}

// ---- amounts ---------------------------------------------------------------------------------------------

/** Whole cents of a dollar amount, clamped to what numeric(23,2) and JavaScript integers hold comfortably. */
function toCents(dollars: number): number {
  return Math.max(1, Math.min(Math.round(dollars * 100), 5e13));
}

/**
 * Splits `total` cents over `n` transactions: the base carries most of it, modifications add funding and a
 * few de-obligate. The parts always sum to `total` exactly.
 */
function splitCents(total: number, n: number, random: Random, deobligations: boolean): number[] {
  if (n === 1) return [total];
  const parts = new Array<number>(n).fill(0);
  const base = total * (0.35 + random.next() * 0.6);
  const rest = total - base;
  const weights: number[] = [];
  let sum = 0;
  for (let i = 1; i < n; i += 1) {
    const w = 0.2 + random.next();
    weights.push(w);
    sum += w;
  }
  let assigned = 0;
  for (let i = 1; i < n; i += 1) {
    let v = Math.round((rest * (weights[i - 1] as number)) / sum);
    if (deobligations && random.chance(0.12)) v = -Math.round(Math.abs(total) * (0.01 + random.next() * 0.08));
    parts[i] = v;
    assigned += v;
  }
  parts[0] = total - assigned;
  return parts;
}

function randomShares(n: number, random: Random): number[] {
  const w: number[] = [];
  let s = 0;
  for (let i = 0; i < n; i += 1) {
    const x = -Math.log(1 - random.next());
    w.push(x);
    s += x;
  }
  return w.map((x) => x / s);
}

// ---- File C ----------------------------------------------------------------------------------------------

interface FabaRow {
  window: SubmissionWindow;
  tas: number;
  defc: string | null;
  obligation: number;
  outlay: number;
  adj487: number;
  adj497: number;
}

interface FileC {
  rows: string[];
  treasuryAccountIds: number[] | null;
  federalAccountIds: number[] | null;
  tasPaths: string[] | null;
  tasComponents: string[] | null;
  defcs: string[] | null;
  spendingByDefc: string | null;
  covidObligation: number | null;
  covidOutlay: number | null;
  iijaObligation: number | null;
  iijaOutlay: number | null;
  objectClasses: string[] | null;
  programActivityIds: number[] | null;
  programActivities: string | null;
  totalOutlays: number | null;
  hasCovid: boolean;
}

const sortedUnique = <T extends string | number>(values: T[]): T[] => {
  const out = [...new Set(values)];
  return typeof out[0] === 'number' ? (out as number[]).sort((a, b) => a - b) as T[] : out.sort();
};
const nonEmpty = <T>(values: T[]): T[] | null => (values.length > 0 ? values : null);

const sumOrNull = (values: number[]): number | null => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0));

function buildFileC(
  ctx: BuildContext,
  spec: AwardTypeSpec,
  funding: AgencyRef,
  award: { awardId: number; piid: string | null; parentPiid: string | null; fain: string | null; uri: string | null },
  days: number[],
  amounts: number[],
): FileC | null {
  const random = ctx.random;
  const agency: SubmissionAgency | undefined = ctx.plan.agencies.get(funding.toptierId);
  const tasPicker = ctx.tasPickers.get(funding.toptierId);
  if (!agency || !tasPicker) return null;
  if (days[days.length - 1] === undefined || (days[days.length - 1] as number) < ctx.plan.firstDay) return null;
  if (spec.isIdv && amounts.every((a) => a === 0)) return null;

  const accounts: TasRef[] = [tasPicker.pick(random)];
  if (random.chance(0.2)) {
    const second = tasPicker.pick(random);
    if (second.id !== accounts[0]?.id) accounts.push(second);
  }
  const shares = accounts.length === 1 ? [1] : (() => {
    const s = 0.55 + random.next() * 0.35;
    return [s, 1 - s];
  })();
  const programActivities = accounts.map((t) => (t.programActivities.length > 0 ? random.pick(t.programActivities) : null));
  const ocCode = random.chance(0.6) ? (spec.objectClasses[0] as string) : random.pick(spec.objectClasses);
  const objectClass = ctx.catalog.objectClasses.get(ocCode) ?? null;

  const category = spec.category ?? 'other';
  const covid = ctx.defc.covid && random.chance(COVID_SHARE[category] ?? 0) ? ctx.defc.covid.pick(random) : null;
  const iija = !covid && ctx.defc.iija && random.chance(IIJA_SHARE[category] ?? 0) ? ctx.defc.iija.pick(random) : null;

  const rows = new Map<string, FabaRow>();
  for (let i = 0; i < days.length; i += 1) {
    const day = days[i] as number;
    const window = windowOf(ctx.plan, ctx.windowById, day);
    if (!window) continue;
    let defc: string | null = null;
    if (covid && day >= Math.max(covid.enacted as number, ctx.plan.defcFirstDay)) defc = covid.code;
    else if (iija && day >= Math.max(iija.enacted as number, ctx.plan.defcFirstDay)) defc = iija.code;
    else if (window.start >= ctx.plan.defcFirstDay) defc = ctx.defc.plain;
    const amount = amounts[i] as number;
    let left = amount;
    for (let j = 0; j < accounts.length; j += 1) {
      const part = j === accounts.length - 1 ? left : Math.round(amount * (shares[j] as number));
      left -= part;
      const key = `${window.index}|${j}|${defc ?? ''}`;
      const row = rows.get(key);
      if (row) row.obligation += part;
      else rows.set(key, { window, tas: j, defc, obligation: part, outlay: 0, adj487: 0, adj497: 0 });
    }
  }
  if (rows.size === 0) return null;

  // Outlays: fiscal-year-to-date, so each row reports the cumulative outlay of its (year, account, DEF
  // code) group; the row in the year's final window carries the year's total.
  const currentYear = fiscalYearOf(ctx.today);
  const groups = new Map<string, FabaRow[]>();
  for (const row of [...rows.values()].sort((a, b) => a.window.index - b.window.index)) {
    const key = `${row.window.fiscalYear}|${row.tas}|${row.defc ?? ''}`;
    const list = groups.get(key) ?? [];
    list.push(row);
    groups.set(key, list);
  }
  const all: FabaRow[] = [];
  for (const list of groups.values()) {
    const first = list[0] as FabaRow;
    const fy = first.window.fiscalYear;
    const rate = fy === currentYear ? 0.2 + random.next() * 0.4 : 0.5 + random.next() * 0.5;
    const final = ctx.finalWindowByYear.get(fy) as SubmissionWindow;
    let cumulative = 0;
    for (const row of list) {
      cumulative += row.obligation;
      row.outlay = Math.round(Math.max(0, cumulative) * rate);
      all.push(row);
    }
    const last = list[list.length - 1] as FabaRow;
    let finalRow = last.window === final ? last : undefined;
    if (!finalRow) {
      finalRow = { window: final, tas: first.tas, defc: first.defc, obligation: 0, outlay: Math.round(Math.max(0, cumulative) * rate), adj487: 0, adj497: 0 };
      all.push(finalRow);
    }
    if (random.chance(0.04)) finalRow.adj487 = -Math.round(finalRow.outlay * random.next() * 0.03);
    if (random.chance(0.03)) finalRow.adj497 = -Math.round(finalRow.outlay * random.next() * 0.02);
  }

  const out: string[] = [];
  const distinctKey = `${award.piid ?? ''}|${award.parentPiid ?? ''}|${award.fain ?? ''}|${award.uri ?? ''}`;
  const groupOf = (code: string | null): string | null =>
    code === null ? null : code === covid?.code ? 'covid_19' : code === iija?.code ? 'infrastructure' : null;
  const covidObligations: number[] = [];
  const covidOutlays: number[] = [];
  const iijaObligations: number[] = [];
  const iijaOutlays: number[] = [];
  const finals: number[] = [];
  const byDefc = new Map<string, { obligation: number; outlay: number }>();
  all.sort((a, b) => a.window.index - b.window.index || a.tas - b.tas || (a.defc ?? '').localeCompare(b.defc ?? ''));
  for (const row of all) {
    const tas = accounts[row.tas] as TasRef;
    const pa = programActivities[row.tas];
    const isFinal = row.window.finalOfYear;
    out.push([
      int(ctx.next.faba++), int(tas.id), int(submissionId(ctx.plan, agency, row.window)), int(award.awardId), text(distinctKey),
      text(award.piid), text(award.parentPiid), text(award.fain), text(award.uri), pa ? int(pa.id) : NULL,
      objectClass ? int(objectClass.id) : NULL, text(row.defc), centsText(row.obligation), centsText(row.outlay),
      centsText(row.adj487), centsText(row.adj497),
    ].join('\t'));
    const outlay = row.outlay + row.adj487 + row.adj497;
    if (isFinal) finals.push(outlay);
    const group = groupOf(row.defc);
    if (group === 'covid_19') {
      covidObligations.push(row.obligation);
      if (isFinal) covidOutlays.push(outlay);
    } else if (group === 'infrastructure') {
      iijaObligations.push(row.obligation);
      if (isFinal) iijaOutlays.push(outlay);
    }
    if (row.defc !== null) {
      const d = byDefc.get(row.defc) ?? { obligation: 0, outlay: 0 };
      d.obligation += row.obligation;
      if (isFinal) d.outlay += outlay;
      byDefc.set(row.defc, d);
    }
  }
  const defcs = sortedUnique([...byDefc.keys()]);
  const usedTas = sortedUnique(all.map((r) => r.tas)).map((j) => accounts[j] as TasRef);
  const pas = sortedUnique(all.map((r) => r.tas)).map((j) => programActivities[j]).filter((p) => p !== null && p !== undefined);
  const paPairs = [...new Map(pas.map((p) => [`${p.code}\u0001${p.name}`, p])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, p]) => p);
  return {
    rows: out,
    treasuryAccountIds: sortedUnique(usedTas.map((t) => t.id)),
    federalAccountIds: nonEmpty(sortedUnique(usedTas.map((t) => t.federalAccountId).filter((x): x is number => x !== null))),
    tasPaths: sortedUnique(usedTas.map((t) => t.tasPath)),
    tasComponents: sortedUnique(usedTas.map((t) => t.tasComponent)),
    defcs: nonEmpty(defcs),
    spendingByDefc: defcs.length === 0 ? null : `[${defcs.map((d) => {
      const v = byDefc.get(d) as { obligation: number; outlay: number };
      return `{"defc":${JSON.stringify(d)},"obligation":${centsText(v.obligation)},"outlay":${centsText(v.outlay)}}`;
    }).join(',')}]`,
    covidObligation: sumOrNull(covidObligations),
    covidOutlay: sumOrNull(covidOutlays),
    iijaObligation: sumOrNull(iijaObligations),
    iijaOutlay: sumOrNull(iijaOutlays),
    objectClasses: objectClass ? [objectClass.code] : null,
    programActivityIds: nonEmpty(sortedUnique(pas.map((p) => p.id))),
    programActivities: paPairs.length === 0 ? null : JSON.stringify(paPairs.map((p) => ({ code: p.code, name: p.name }))),
    totalOutlays: sumOrNull(finals),
    hasCovid: covidObligations.length > 0,
  };
}

// ---- the award -------------------------------------------------------------------------------------------

function pickRecipient(ctx: BuildContext, spec: AwardTypeSpec): Recipient {
  const kinds = Object.keys(spec.recipientKinds) as RecipientKind[];
  const kind = new WeightedPicker(kinds, kinds.map((k) => spec.recipientKinds[k] ?? 0)).pick(ctx.random);
  if (kind === 'aggregate') return ctx.recipients.multiple;
  if (kind === 'individual') return ctx.recipients.redacted;
  const picker = ctx.recipients.pickers[kind] ?? ctx.recipients.pickers.business;
  if (!picker) throw new Error('empty recipient pool');
  return picker.pick(ctx.random);
}

function pickOffice(random: Random, offices: OfficeRef[]): OfficeRef | null {
  return offices.length === 0 ? null : random.pick(offices);
}

function baseDay(ctx: BuildContext): number {
  const fy = ctx.yearPicker.pick(ctx.random);
  const start = Math.max(fiscalYearStart(fy), ctx.firstDay);
  const end = Math.min(fiscalYearEnd(fy), ctx.today);
  return ctx.random.int(start, Math.max(start, end));
}

const base36 = (n: number, width: number): string => n.toString(36).toUpperCase().padStart(width, '0');

function descriptionOf(random: Random, spec: AwardTypeSpec, psc: CodeRef | null, cfda: CodeRef | null, recipient: Recipient): string {
  if (spec.isFpds) {
    const what = (psc?.description ?? 'SUPPLIES AND SERVICES').toUpperCase();
    return `${what} - ${random.pick(PURPOSES)}`;
  }
  if (recipient === null || recipient.kind === 'aggregate') return `AGGREGATE ${spec.description.toUpperCase()} - ${(cfda?.description ?? 'ASSISTANCE').toUpperCase()}`;
  return `${(cfda?.description ?? spec.description).toUpperCase()} - ${random.pick(ASSISTANCE_PURPOSES)}`;
}

/**
 * Generates one award with its transactions, File C rows and subawards and writes them to the sinks.
 * Award totals are the sums of the transactions, and every derived column (File C arrays and totals,
 * latest/earliest transaction) is computed here exactly as the derive SQL would, so deriving afterwards
 * changes nothing. Returns what children need when the award is an IDV.
 */
export function buildAward(ctx: BuildContext, awardId: number, spec: AwardTypeSpec, parent: IdvRef | null): IdvRef | null {
  const { random, catalog } = ctx;

  // agencies and offices
  let awarding: AgencyRef;
  let awardingOffice: OfficeRef | null;
  const parentShare = parent && (parent.type === 'IDV_A' || parent.type === 'IDV_C') ? 0.5 : 0.9;
  if (parent && random.chance(parentShare)) {
    awarding = parent.agency;
    awardingOffice = parent.office;
  } else {
    awarding = catalog.agencyPickers[spec.weightCategory].pick(random);
    awardingOffice = pickOffice(random, spec.isFpds ? awarding.contractOffices : awarding.assistanceOffices);
  }
  let funding = awarding;
  let fundingOffice = awardingOffice;
  if (random.chance(0.15)) {
    const siblings = catalog.agenciesByToptier.get(awarding.toptierId) ?? [awarding];
    funding = random.chance(0.6) ? random.pick(siblings) : catalog.agencyPickers[spec.weightCategory].pick(random);
    fundingOffice = funding === awarding ? awardingOffice : pickOffice(random, funding.offices);
  }

  // recipient and places
  const recipient = parent ? parent.recipient : pickRecipient(ctx, spec);
  const special = recipient.index < 0;
  const recipientName = recipient.alternateName && random.chance(0.25) ? recipient.alternateName : recipient.name;
  const pop = special || recipient.place.foreign || random.chance(0.45) ? random.pick(special ? catalog.usPlaces : catalog.places) : recipient.place;
  const recipientLocationText = special ? recipientLocationBlock(null, pop) : recipientLocation(recipient);

  // dates
  const first = parent ? random.int(parent.start, Math.max(parent.start, Math.min(parent.end, ctx.today))) : baseDay(ctx);
  const duration = random.int(spec.duration[0], spec.duration[1]);
  const popEnd = first + duration;
  const potentialEnd = spec.isFpds ? popEnd + (random.chance(0.5) ? random.int(0, 730) : 0) : null;
  let n = Math.min(60, random.countWithMean(spec.transactionMean * ctx.transactionFactor));
  if (spec.code === '-1') n = 1;
  const span = Math.max(0, Math.min(duration, ctx.today - first));
  const days: number[] = [first];
  for (let i = 1; i < n; i += 1) days.push(first + 1 + Math.floor(random.next() * Math.max(1, span)));
  days.sort((a, b) => a - b);
  for (let i = 1; i < n; i += 1) if ((days[i] as number) > ctx.today) days[i] = ctx.today;

  // amounts (whole cents)
  const aggregate = recipient === ctx.recipients.multiple;
  let faceValues: number[] | null = null;
  let subsidies: number[] | null = null;
  let obligations: number[];
  if (spec.isLoan) {
    const face = toCents(random.logNormal(spec.median, spec.sigma) * (aggregate ? 20 : 1));
    const subsidy = Math.round(face * (-0.02 + random.next() * 0.17)) || 1;
    faceValues = splitCents(face, n, random, false);
    subsidies = splitCents(subsidy, n, random, false);
    obligations = spec.code === '07' ? [...subsidies] : new Array<number>(n).fill(0);
  } else if (spec.isIdv && random.chance(0.7)) {
    obligations = new Array<number>(n).fill(0);
  } else {
    const total = toCents(random.logNormal(spec.median, spec.sigma) * (aggregate ? 50 : 1));
    obligations = splitCents(total, n, random, spec.isFpds || spec.category === 'grant');
  }
  const pragmatic = subsidies ?? obligations;
  const isGrant = spec.category === 'grant';
  const nonFederal = isGrant && random.chance(0.3) ? obligations.map((o) => Math.max(0, Math.round(o * (0.1 + random.next() * 0.4)))) : null;
  const indirect = isGrant && random.chance(0.6) ? obligations.map((o) => Math.round(o * (0.1 + random.next() * 0.2))) : null;
  const optionsFactor = 1 + random.next() * 2;
  const allOptions = spec.isFpds ? obligations.map((o, i) => (i === 0 ? Math.round(Math.max(o, 0) * optionsFactor) + (spec.isIdv ? toCents(random.logNormal(5_000_000, 1.8)) : 0) : o)) : null;
  const exercised = spec.isFpds ? [...obligations] : null;

  // identifiers
  const seq = base36(awardId, 6);
  const yy = String(fiscalYearOf(first) % 100).padStart(2, '0');
  let piid: string | null = null;
  let fain: string | null = null;
  let uri: string | null = null;
  let gid: string;
  const subtier = awarding.subtierCode;
  const parentPiid = parent?.piid ?? null;
  const parentAgency = parent?.agency.subtierCode ?? null;
  if (spec.isFpds) {
    const letter = spec.isIdv ? 'D' : ({ A: 'A', B: 'P', C: 'F', D: 'C' } as Record<string, string>)[spec.code] ?? 'C';
    piid = `${(awardingOffice?.code ?? subtier).replace(/[^A-Z0-9]/gi, '').slice(0, 6).toUpperCase()}${yy}${letter}${seq}`;
    gid = spec.isIdv ? `CONT_IDV_${piid}_${subtier}` : `CONT_AWD_${piid}_${subtier}_${parentPiid ?? '-NONE-'}_${parentAgency ?? '-NONE-'}`;
  } else if (aggregate) {
    uri = `${subtier}AGG${yy}${seq}`;
    gid = `ASST_AGG_${uri}_${subtier}`;
  } else {
    fain = `${(awarding.toptierAbbreviation ?? awarding.toptierCode).replace(/[^A-Z0-9]/gi, '').slice(0, 4).toUpperCase()}${yy}${seq}`;
    gid = `ASST_NON_${fain}_${subtier}`;
  }
  const displayId = fain ?? piid ?? uri;

  // codes
  const naics = spec.isFpds ? catalog.naics?.pick(random) ?? null : null;
  const psc = spec.isFpds ? catalog.psc?.pick(random) ?? null : null;
  let cfda: CodeRef | null = null;
  if (!spec.isFpds) {
    const prefix = cfdaPrefixOf(awarding.toptierCode);
    const byAgency = prefix ? catalog.cfdaByPrefix.get(prefix) : undefined;
    cfda = (byAgency && random.chance(0.9) ? byAgency.pick(random) : catalog.cfda?.pick(random)) ?? null;
  }
  const isOrder = parent !== null && !spec.isIdv;
  const pricing = spec.isFpds ? PRICING.pick(random) : null;
  const setAside = spec.isFpds ? SET_ASIDE.pick(random) : null;
  const extent = spec.isFpds ? (isOrder ? ORDER_EXTENT.pick(random) : EXTENT.pick(random)) : null;
  const idvType = spec.isIdv ? IDV_TYPE[spec.code] ?? null : null;
  const idcType = spec.isIdv ? IDC_TYPE[spec.code] ?? null : null;
  const multiple: CodeEntry | null = spec.isIdv ? (spec.code === 'IDV_A' || spec.code === 'IDV_C' || random.chance(0.4) ? ['M', 'MULTIPLE AWARD'] : ['S', 'SINGLE AWARD']) : null;

  // File C and derived award columns
  const fileC = buildFileC(ctx, spec, funding, { awardId, piid, parentPiid, fain, uri }, days, pragmatic);
  if (fileC) for (const row of fileC.rows) ctx.sinks.faba.push(row);
  let description = descriptionOf(random, spec, psc, cfda, recipient);
  if (fileC?.hasCovid) description += ' - COVID-19 RESPONSE';

  // transactions
  const firstTransactionId = ctx.next.transaction;
  ctx.next.transaction += n;
  const mods: string[] = [];
  const keys: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const mod = i === 0 ? '0' : spec.isFpds ? `P${String(i).padStart(5, '0')}` : String(i);
    mods.push(mod);
    keys.push(spec.isFpds
      ? `${subtier}_${parentAgency ?? '-NONE-'}_${piid}_${mod}_${parentPiid ?? '-NONE-'}_0`
      : `${subtier}_${fain ?? '-NONE-'}_${uri ?? '-NONE-'}_${cfda?.code ?? '-NONE-'}_${mod}`);
  }
  // latest/earliest by (action_date, modification_number, transaction_unique_id), byte order
  let latest = 0;
  let earliest = 0;
  const cmp = (a: number, b: number): number => {
    const da = days[a] as number;
    const db = days[b] as number;
    if (da !== db) return da - db;
    const ma = mods[a] as string;
    const mb = mods[b] as string;
    if (ma !== mb) return ma < mb ? -1 : 1;
    const ka = keys[a] as string;
    const kb = keys[b] as string;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
  for (let i = 1; i < n; i += 1) {
    if (cmp(i, latest) > 0) latest = i;
    if (cmp(i, earliest) < 0) earliest = i;
  }
  const dateSigned = days[earliest] as number;
  const actionDate = days[latest] as number;
  const lastModified = days.map((d) => Math.min(ctx.today, d + (random.chance(0.7) ? 0 : random.int(1, 30))));
  // an award's last_modified_date is its latest transaction's, as the derive step and upstream set it (the baseline)
  const lastModifiedLatest = lastModified[latest] as number;
  const category = spec.category;

  const sum = (xs: number[] | null): number | null => (xs === null ? null : xs.reduce((a, b) => a + b, 0));
  const totalObligation = sum(obligations) as number;
  const totalSubsidy = sum(subsidies);
  const totalFace = sum(faceValues);
  const awardAmount = spec.isLoan ? totalFace : totalObligation;
  const totalPragmatic = sum(pragmatic) as number;
  const totalNonFederal = sum(nonFederal);
  const totalFunding = isGrant || !spec.isFpds ? totalObligation + (totalNonFederal ?? 0) : null;

  // subawards (written before the award row so the award carries their count and total)
  const subs = buildSubawards(ctx, spec, {
    awardId, gid, piid, fain, awarding, funding, recipient, pop, first, popEnd, actionDate, totalObligation, cfda, naics, psc,
    description, fileC,
  });

  const awardingBlock = agencyBlock(awarding, awardingOffice);
  const fundingBlock = agencyBlock(funding, fundingOffice);
  const recipientText = recipientBlock(recipient, recipientName);
  const popText = popBlock(pop);
  const awardCodes = [
    text(cfda?.code), text(cfda?.description), text(naics?.code), text(naics?.description), text(psc?.code), text(psc?.description),
    text(pricing?.[0]), text(pricing?.[1]), text(setAside?.[0]), text(setAside?.[1]), text(extent?.[0]), text(extent?.[1]),
    text(idvType?.[0]), text(idvType?.[1]), text(multiple?.[0]), text(multiple?.[1]), text(idcType?.[0]), text(idcType?.[1]),
  ].join('\t');
  const fileCAward = fileC
    ? [intArray(fileC.treasuryAccountIds), intArray(fileC.federalAccountIds), textArray(fileC.tasPaths), textArray(fileC.tasComponents),
      textArray(fileC.defcs), jsonText(fileC.spendingByDefc), cents(fileC.covidObligation), cents(fileC.covidOutlay),
      cents(fileC.iijaObligation), cents(fileC.iijaOutlay), textArray(fileC.objectClasses), intArray(fileC.programActivityIds),
      jsonText(fileC.programActivities)].join('\t')
    : new Array(13).fill(NULL).join('\t');
  const officers = recipient.kind === 'business' && !special && random.chance(0.04)
    ? jsonText(JSON.stringify(Array.from({ length: random.int(1, 5) }, (_, i) => ({
      name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
      amount: Number(centsText(toCents(random.logNormal(350_000, 0.5) / (i + 1)))),
    }))))
    : NULL;

  // transaction rows: a per-award tail shared by all of them, plus per-transaction fields
  const fileCTransaction = fileC
    ? [intArray(fileC.treasuryAccountIds), intArray(fileC.federalAccountIds), textArray(fileC.tasPaths), textArray(fileC.tasComponents),
      textArray(fileC.defcs), textArray(fileC.objectClasses), intArray(fileC.programActivityIds), jsonText(fileC.programActivities)].join('\t')
    : new Array(8).fill(NULL).join('\t');
  const shared = [
    text(piid), text(fain), text(uri), text(parentPiid), text(displayId), awardingBlock, fundingBlock, recipientText,
    recipientLocationText, popText,
    text(cfda?.code), text(cfda?.description), text(naics?.code), text(naics?.description), text(psc?.code), text(psc?.description),
    text(pricing?.[0]), text(setAside?.[0]), text(extent?.[0]), fileCTransaction,
  ].join('\t');
  // Escaped for COPY once per award: each transaction's detail is a safe prefix (its date) before this text, and
  // escaping works character by character, so the escaped parts joined are the whole detail escaped.
  const detailSharedText = text(detailOf(ctx, spec, {
    first, popEnd, potentialEnd, recipient, pricing, setAside, extent, parent, idvType, pop, random, cfda,
  }));
  const gidText = text(gid);
  const awardIdText = int(awardId);
  const typeText = `${text(spec.code)}\t${text(spec.description)}`;
  // Each transaction's action and description, drawn in transaction order (before the award row, which
  // carries what the descriptions add to its keyword document).
  const actions: Array<CodeEntry | null> = [];
  const txDescriptions: string[] = [];
  for (let i = 0; i < n; i += 1) {
    actions.push(i === 0 ? (spec.isFpds ? null : (['A', 'NEW'] as CodeEntry)) : (spec.isFpds ? FPDS_MOD_ACTIONS : FABS_MOD_ACTIONS).pick(random));
    txDescriptions.push(i === 0 || !spec.isFpds ? description : `${random.pick(FPDS_MOD_TEXT)}`);
  }
  // What the transactions add to the award's keyword document (derive_award_keyword_text, the baseline):
  // every other searched value of a transaction is the award's own, so only descriptions can differ.
  const ownValues = new Set([piid, fain, uri, displayId, recipient.uei, recipient.duns, recipient.parent?.uei, recipient.parent?.duns,
    naics?.code, psc?.code, recipientName, recipient.parent?.name, description, naics?.description, psc?.description]);
  const keywordExtras = [...new Set(txDescriptions)].filter((d) => d !== '' && !ownValues.has(d)).sort(byteOrder);
  const transactionKeywordText = keywordExtras.length === 0 ? NULL : text(keywordExtras.join('\x1f'));

  ctx.sinks.award.push([
    int(awardId), text(gid), text(displayId), bool(spec.isFpds), text(category), text(spec.code), text(spec.description),
    text(piid), text(fain), text(uri), text(parentPiid), parent ? int(parent.awardId) : NULL, parent ? text(parent.gid) : NULL,
    text(description), centsText(totalObligation), cents(fileC?.totalOutlays), cents(totalSubsidy), cents(totalFace),
    cents(awardAmount), centsText(totalPragmatic), cents(sum(allOptions)), cents(sum(exercised)), cents(totalFunding),
    spec.isFpds ? NULL : centsText(totalNonFederal ?? 0), cents(sum(indirect)), int(subs.count), cents(subs.count > 0 ? subs.total : null), int(n),
    isoDay(dateSigned), isoDay(actionDate), int(fiscalYearOf(actionDate)), isoDay(first), isoDay(popEnd),
    potentialEnd === null ? NULL : isoDay(potentialEnd), spec.isIdv ? isoDay(popEnd) : NULL, isoDay(lastModifiedLatest), ctx.updateDate,
    awardingBlock, fundingBlock, recipientText, recipientLocationText, popText, awardCodes, fileCAward, officers,
    int(firstTransactionId + latest), int(firstTransactionId + earliest), transactionKeywordText,
  ].join('\t'));

  for (let i = 0; i < n; i += 1) {
    const day = days[i] as number;
    const action = actions[i] ?? null;
    const txDescription = txDescriptions[i] as string;
    const transactionId = int(firstTransactionId + i);
    ctx.sinks.transaction.push([
      transactionId, awardIdText, gidText, text(keys[i]), bool(spec.isFpds), text(mods[i]), isoDay(day),
      isoDay(addMonths(day, 3)), int(fiscalYearOf(day)), isoDay(dateSigned), isoDay(lastModified[i] as number), typeText,
      text(action?.[0]), text(action?.[1]), text(category), text(txDescription), centsText(obligations[i] as number),
      subsidies ? centsText(subsidies[i] as number) : NULL, faceValues ? centsText(faceValues[i] as number) : NULL,
      centsText(pragmatic[i] as number), nonFederal ? centsText(nonFederal[i] as number) : spec.isFpds ? NULL : '0.00',
      spec.isFpds ? NULL : centsText((obligations[i] as number) + (nonFederal ? (nonFederal[i] as number) : 0)),
      indirect ? centsText(indirect[i] as number) : NULL, allOptions ? centsText(allOptions[i] as number) : NULL,
      exercised ? centsText(exercised[i] as number) : NULL, shared,
    ].join('\t'));
    ctx.sinks.transactionDetail.push(`${transactionId}\t{"transaction_number":"0","initial_report_date":"${isoDay(day)}",${detailSharedText}}`);
  }

  if (!spec.isIdv) return null;
  return { awardId, piid: piid as string, gid, type: spec.code, agency: awarding, office: awardingOffice, recipient, start: first, end: popEnd };
}

const FIRST_NAMES = ['JOHN', 'MARY', 'ROBERT', 'PATRICIA', 'JAMES', 'JENNIFER', 'MICHAEL', 'LINDA', 'DAVID', 'ELIZABETH', 'WILLIAM', 'SUSAN'];
const LAST_NAMES = ['SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'JONES', 'GARCIA', 'MILLER', 'DAVIS', 'RODRIGUEZ', 'MARTINEZ', 'WILSON', 'ANDERSON'];

/** The per-award part of transaction_detail.detail (download columns without a typed column). */
function detailOf(ctx: BuildContext, spec: AwardTypeSpec, a: {
  first: number; popEnd: number; potentialEnd: number | null; recipient: Recipient; pricing: CodeEntry | null;
  setAside: CodeEntry | null; extent: CodeEntry | null; parent: IdvRef | null; idvType: [string, string] | null; pop: Place;
  random: Random; cfda: CodeRef | null;
}): string {
  const d: Record<string, string | null> = {
    period_of_performance_start_date: isoDay(a.first),
    period_of_performance_current_end_date: isoDay(a.popEnd),
  };
  if (spec.isFpds) {
    d.period_of_performance_potential_end_date = a.potentialEnd === null ? null : isoDay(a.potentialEnd);
    d.type_of_contract_pricing = a.pricing?.[1] ?? null;
    d.type_of_set_aside = a.setAside?.[1] ?? null;
    d.extent_competed = a.extent?.[1] ?? null;
    if (a.parent) {
      d.parent_award_agency_id = a.parent.agency.subtierCode;
      d.parent_award_agency_name = a.parent.agency.subtierName;
    }
    if (!ctx.compactDetail) {
      const small = a.recipient.businessCategories.includes('small_business');
      d.solicitation_identifier = `SOL${a.random.int(100000, 999999)}`;
      d.number_of_offers_received = String(a.random.int(1, 12));
      d.solicitation_procedures_code = 'NP';
      d.solicitation_procedures = 'NEGOTIATED PROPOSAL/QUOTE';
      d.contract_bundling_code = 'H';
      d.contract_bundling = 'NOT BUNDLED';
      d.commercial_item_acquisition_procedures_code = 'D';
      d.commercial_item_acquisition_procedures = 'COMMERCIAL PRODUCTS/SERVICES PROCEDURES NOT USED';
      d.contracting_officers_determination_of_business_size_code = small ? 'S' : 'O';
      d.contracting_officers_determination_of_business_size = small ? 'SMALL BUSINESS' : 'OTHER THAN SMALL BUSINESS';
      d.national_interest_action_code = 'NONE';
      d.national_interest_action = 'NONE';
      d.cage_code = a.recipient.cageCode;
      d.recipient_phone_number = a.recipient.phone;
      if (a.idvType) {
        d.idv_type_code = a.idvType[0];
        d.idv_type = a.idvType[1];
      }
    }
  } else {
    const aggregate = a.recipient.kind === 'aggregate';
    const redacted = a.recipient.kind === 'individual';
    d.record_type_code = aggregate ? '1' : redacted ? '3' : '2';
    d.record_type_description = aggregate ? 'AGGREGATE RECORD' : redacted ? 'NON-AGGREGATE INDIVIDUAL RECIPIENT RECORD' : 'NON-AGGREGATE RECORD';
    d.business_funds_indicator_code = 'NON';
    d.primary_place_of_performance_scope = aggregate ? 'County-wide' : 'Single ZIP Code';
    if (!ctx.compactDetail) {
      d.business_funds_indicator_description = 'NOT RECOVERY ACT';
      d.business_types_code = aggregate || redacted ? 'P' : a.recipient.kind === 'government' ? 'A' : a.recipient.kind === 'higher_ed' ? 'H' : a.recipient.kind === 'nonprofit' ? 'M' : 'R';
      d.sai_number = 'SAI NOT AVAILABLE';
      d.funding_opportunity_number = a.cfda ? `${a.cfda.code}-${a.random.int(100, 999)}` : null;
      d.correction_delete_indicator_code = null;
      d.primary_place_of_performance_code = a.pop.stateCode ? `${a.pop.stateCode}**${a.pop.countyCode ?? '***'}` : null;
    }
  }
  return JSON.stringify(d).slice(1, -1);
}

interface PrimeInfo {
  awardId: number;
  gid: string;
  piid: string | null;
  fain: string | null;
  awarding: AgencyRef;
  funding: AgencyRef;
  recipient: Recipient;
  pop: Place;
  first: number;
  popEnd: number;
  actionDate: number;
  totalObligation: number;
  cfda: CodeRef | null;
  naics: CodeRef | null;
  psc: CodeRef | null;
  description: string;
  fileC: FileC | null;
}

/** Subawards under large contracts (C, D) and grants (02-05); their total stays below the prime's. */
function buildSubawards(ctx: BuildContext, spec: AwardTypeSpec, prime: PrimeInfo): { count: number; total: number } {
  const random = ctx.random;
  const procurement = SUB_CONTRACT_CODES.has(spec.code);
  const grant = SUB_GRANT_CODES.has(spec.code);
  if (!procurement && !grant) return { count: 0, total: 0 };
  if (prime.totalObligation < (procurement ? 15_000_000 : 10_000_000) || !random.chance(procurement ? 0.5 : 0.55)) return { count: 0, total: 0 };
  const count = Math.min(40, random.countWithMean(ctx.subawardMean));
  const pool = prime.totalObligation * (0.2 + random.next() * 0.5);
  const shares = randomShares(count, random);
  const end = Math.max(prime.first, Math.min(prime.popEnd, ctx.today));
  const primeLevel = prime.recipient.levels.includes('C') ? 'C' : prime.recipient.levels.includes('R') ? 'R' : 'P';
  const fileC = prime.fileC;
  const fileCBlock = fileC
    ? [intArray(fileC.treasuryAccountIds), textArray(fileC.tasPaths), textArray(fileC.tasComponents), textArray(fileC.defcs),
      textArray(fileC.objectClasses), intArray(fileC.programActivityIds), jsonText(fileC.programActivities)].join('\t')
    : new Array(7).fill(NULL).join('\t');
  const primeBlock = [
    text(procurement ? 'procurement' : 'grant'), text(spec.code), text(procurement ? 'sub-contract' : 'sub-grant'),
  ].join('\t');
  const agencies = `${subAgencyBlock(prime.awarding)}\t${subAgencyBlock(prime.funding)}`;
  let total = 0;
  for (let k = 0; k < count; k += 1) {
    const id = ctx.next.subaward++;
    const amount = Math.max(100, Math.round(pool * (shares[k] as number)));
    total += amount;
    const day = random.int(prime.first, end);
    const picker = procurement ? ctx.recipients.pickers.business : random.chance(0.5) ? ctx.recipients.pickers.nonprofit ?? ctx.recipients.pickers.business : ctx.recipients.pickers.business;
    let sub = (picker ?? ctx.recipients.pickers.business)?.pick(random) as Recipient;
    if (sub === prime.recipient) sub = ctx.recipients.pickers.business?.pick(random) as Recipient;
    const subPop = random.chance(0.7) ? sub.place : prime.pop;
    const number = procurement ? `SC${String(fiscalYearOf(day) % 100).padStart(2, '0')}-${base36(id, 6)}` : `${prime.fain ?? prime.gid}-${k + 1}`;
    const [year, month] = [isoDay(day).slice(0, 4), String(Number(isoDay(day).slice(5, 7)))];
    const reportId = String(100_000_000 + id);
    const detail = JSON.stringify({
      subaward_sam_report_id: reportId,
      subaward_sam_report_year: year,
      subaward_sam_report_month: month,
      subaward_sam_report_last_modified_date: isoDay(Math.min(ctx.today, day + 20)),
    });
    ctx.sinks.subaward.push([
      int(id), int(prime.awardId), text(prime.gid), primeBlock, text(number), centsText(amount), isoDay(day), int(fiscalYearOf(day)),
      isoDay(addMonths(day, 3)), text(`${random.pick(PURPOSES)} FOR ${prime.description}`.slice(0, 250)), text(prime.piid ?? prime.fain),
      centsText(prime.totalObligation), isoDay(prime.actionDate), text(sub.name), text(sub.uei), text(sub.duns), text(sub.parent?.name),
      text(sub.parent?.uei), sub.hash, text(sub.parent ? 'C' : 'R'), text(`${prime.recipient.hash}-${primeLevel}`),
      text(prime.recipient.name), text(prime.recipient.uei), agencies, subPlaceBlock(sub.place), subPlaceBlock(subPop),
      text(prime.cfda?.code), text(prime.cfda ? `${prime.cfda.code}: ${prime.cfda.description ?? ''}` : null), text(prime.naics?.code),
      text(prime.naics?.description), text(prime.psc?.code), text(prime.psc?.description), textArray(sub.businessCategories),
      fileCBlock, text(`${prime.gid}|${number}|${reportId}`), text(detail),
    ].join('\t'));
  }
  return { count, total };
}
