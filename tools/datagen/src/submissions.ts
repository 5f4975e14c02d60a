import type { Catalog } from './catalog';
import { bool, int, text } from './copy-format';
import { dayFromParts, fiscalMonthOf, fiscalPeriodEnd, fiscalPeriodStart, fiscalYearOf, isoDay } from './dates';

/** A DABS reporting window agencies submit account data for. */
export interface SubmissionWindow {
  index: number;
  fiscalYear: number;
  period: number;
  isQuarter: boolean;
  /** dabs_submission_window_schedule.id = year * 1000 + period * 10 + is_quarter. */
  windowId: number;
  start: number;
  end: number;
  revealDay: number;
  /** The latest revealed window of its fiscal year (holds the year's final balances). */
  finalOfYear: boolean;
}

export interface SubmissionAgency {
  index: number;
  toptierId: number;
  toptierCode: string;
  name: string;
}

/** Agency submissions: every agency that funds Treasury accounts submits for every revealed window. */
export interface SubmissionPlan {
  windows: SubmissionWindow[];
  agencies: Map<number, SubmissionAgency>;
  /** First day account data exists for (DATA Act reporting began with FY2017 Q2). */
  firstDay: number;
  /** First day of monthly reporting with DEF codes (FY2020 P07). */
  defcFirstDay: number;
}

const FIRST_DAY = dayFromParts(2017, 1, 1);
const MONTHLY_FROM = dayFromParts(2020, 4, 1);

function periodOf(day: number): { fy: number; period: number; isQuarter: boolean } {
  const fy = fiscalYearOf(day);
  const fm = fiscalMonthOf(day);
  if (day < MONTHLY_FROM) return { fy, period: Math.ceil(fm / 3) * 3, isQuarter: true };
  return { fy, period: Math.max(2, fm), isQuarter: false };
}

/**
 * Windows from FY2017 Q2 to the last one revealed by `today`: quarterly until FY2020 Q2, then monthly
 * (period 1 is reported together with period 2). Reveal dates come from dabs_submission_window_schedule
 * when it has the window, else 45 days after the period ends.
 */
export function planSubmissions(catalog: Catalog, today: number): SubmissionPlan {
  const windows: SubmissionWindow[] = [];
  const seen = new Set<number>();
  for (let day = FIRST_DAY; day <= today; day += 1) {
    const p = periodOf(day);
    const windowId = p.fy * 1000 + p.period * 10 + (p.isQuarter ? 1 : 0);
    if (seen.has(windowId)) continue;
    seen.add(windowId);
    const start = p.isQuarter ? fiscalPeriodStart(p.fy, p.period - 2) : p.period === 2 ? fiscalPeriodStart(p.fy, 1) : fiscalPeriodStart(p.fy, p.period);
    const end = fiscalPeriodEnd(p.fy, p.period);
    const revealDay = catalog.windows.get(windowId)?.revealDay ?? end + 45;
    if (revealDay > today) continue;
    windows.push({ index: windows.length, fiscalYear: p.fy, period: p.period, isQuarter: p.isQuarter, windowId, start, end, revealDay, finalOfYear: false });
  }
  for (let i = 0; i < windows.length; i += 1) {
    const w = windows[i] as SubmissionWindow;
    const next = windows[i + 1];
    w.finalOfYear = next === undefined || next.fiscalYear !== w.fiscalYear;
  }
  const agencies = new Map<number, SubmissionAgency>();
  const toptierIds = [...catalog.tasByToptier.keys()].sort((a, b) => a - b);
  for (const toptierId of toptierIds) {
    const agency = catalog.agenciesByToptier.get(toptierId)?.[0];
    if (!agency) continue;
    agencies.set(toptierId, { index: agencies.size, toptierId, toptierCode: agency.toptierCode, name: agency.toptierName });
  }
  return { windows, agencies, firstDay: FIRST_DAY, defcFirstDay: MONTHLY_FROM };
}

/** The revealed window whose period contains `day`, if any. */
export function windowOf(plan: SubmissionPlan, byId: Map<number, SubmissionWindow>, day: number): SubmissionWindow | undefined {
  if (day < plan.firstDay) return undefined;
  const p = periodOf(day);
  return byId.get(p.fy * 1000 + p.period * 10 + (p.isQuarter ? 1 : 0));
}

/** submission_id of an agency's submission for a window (dense and deterministic). */
export function submissionId(plan: SubmissionPlan, agency: SubmissionAgency, window: SubmissionWindow): number {
  return agency.index * plan.windows.length + window.index + 1;
}

/** submission_attributes rows in COPY text format. */
export function submissionRows(plan: SubmissionPlan): string[] {
  const out: string[] = [];
  for (const agency of plan.agencies.values()) {
    for (const w of plan.windows) {
      const published = `${isoDay(w.revealDay - 3)} 12:00:00+00`;
      out.push([
        int(submissionId(plan, agency, w)), text(agency.toptierCode), text(agency.name), int(w.fiscalYear),
        int(Math.ceil(w.period / 3)), int(w.period), bool(w.isQuarter), bool(w.finalOfYear), int(w.windowId),
        isoDay(w.start), isoDay(w.end), published, published,
      ].join('\t'));
    }
  }
  return out;
}

