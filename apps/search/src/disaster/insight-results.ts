import { cents } from '../common/money';
import type { InsightMeasures, InsightPageRequest, InsightRow, SortKey } from '../queries/disaster-insights.query';

/** One result of an insight endpoint before it is shaped for its contract. */
export interface InsightNode extends InsightMeasures {
  id: string;
  code: string;
  description: string;
  extra: string | null;
  children: InsightNode[];
}

export interface InsightTotals {
  award_count: number | null;
  obligation: number;
  outlay: number;
  face_value_of_loan: number | null;
  total_budgetary_resources: number | null;
}

export interface Paging {
  page?: number;
  limit?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

function node(r: InsightRow, child: boolean): InsightNode {
  return {
    id: (child ? r.child_id : r.id) ?? '',
    code: (child ? r.child_code : r.code) ?? '',
    description: (child ? r.child_description : r.description) ?? '',
    extra: child ? null : r.extra,
    award_count: r.award_count,
    obligation: cents(r.obligation),
    outlay: cents(r.outlay),
    face_value_of_loan: r.face_value_of_loan === null ? null : cents(r.face_value_of_loan),
    total_budgetary_resources: r.total_budgetary_resources === null ? null : cents(r.total_budgetary_resources),
    children: [],
  };
}

const ZERO_TOTALS: InsightTotals = { award_count: 0, obligation: 0, outlay: 0, face_value_of_loan: 0, total_budgetary_resources: null };

/** Builds the results (children under their parent) and the totals row of an insight query. */
export function insightTree(rows: readonly InsightRow[]): { nodes: InsightNode[]; totals: InsightTotals } {
  const parents = new Map<string, InsightNode>();
  let totals = ZERO_TOTALS;
  for (const r of rows) {
    if (r.level === 'parent' && r.id !== null) parents.set(r.id, node(r, false));
    if (r.level === 'total') {
      const t = node(r, false);
      totals = { award_count: t.award_count, obligation: t.obligation, outlay: t.outlay, face_value_of_loan: t.face_value_of_loan, total_budgetary_resources: t.total_budgetary_resources };
    }
  }
  for (const r of rows) {
    if (r.level === 'child' && r.id !== null) parents.get(r.id)?.children.push(node(r, true));
  }
  return { nodes: [...parents.values()], totals };
}

const matches = (n: InsightNode, text: string) => n.description.toLowerCase().includes(text) || n.code.toLowerCase().includes(text);

/**
 * Keeps the results matching the `query` text (description or code, case-insensitive): a parent that matches with
 * all its children, else with the children that match. With a query the totals are the sums of the kept results.
 */
export function applyQuery(tree: { nodes: InsightNode[]; totals: InsightTotals }, query: string | undefined): { nodes: InsightNode[]; totals: InsightTotals } {
  const text = query?.trim().toLowerCase();
  if (!text) return tree;
  const nodes: InsightNode[] = [];
  for (const n of tree.nodes) {
    if (matches(n, text)) nodes.push(n);
    else {
      const children = n.children.filter((c) => matches(c, text));
      if (children.length > 0) nodes.push({ ...n, children });
    }
  }
  const sum = (pick: (n: InsightNode) => number | null): number | null =>
    nodes.every((n) => pick(n) === null) && nodes.length > 0 ? null : cents(nodes.reduce((t, n) => t + (pick(n) ?? 0), 0));
  return {
    nodes,
    totals: {
      award_count: tree.totals.award_count === null ? null : nodes.reduce((t, n) => t + (n.award_count ?? 0), 0),
      obligation: sum((n) => n.obligation) ?? 0,
      outlay: sum((n) => n.outlay) ?? 0,
      face_value_of_loan: tree.totals.face_value_of_loan === null ? null : sum((n) => n.face_value_of_loan),
      total_budgetary_resources: tree.totals.total_budgetary_resources === null ? null : sum((n) => n.total_budgetary_resources),
    },
  };
}

/** Numeric ids sort as numbers, other ids as text. */
function idValue(id: string): number | string {
  return /^\d+$/.test(id) ? Number(id) : id;
}

/** Orders by the sort key (nulls last whatever the order, as upstream), then by id for a stable page. */
function compare(sort: SortKey, order: 'asc' | 'desc') {
  const dir = order === 'asc' ? 1 : -1;
  // Each id's sort value once per sort, not once per comparison (hundreds of results, thousands of comparisons).
  const ids = new Map<string, number | string>();
  const idOf = (n: InsightNode) => {
    let v = ids.get(n.id);
    if (v === undefined) ids.set(n.id, (v = idValue(n.id)));
    return v;
  };
  const value = (n: InsightNode): number | string | null => (sort === 'id' ? idOf(n) : n[sort]);
  return (a: InsightNode, b: InsightNode): number => {
    const x = value(a);
    const y = value(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      if (typeof x === 'number' && typeof y === 'number') return dir * (x - y);
      const c = String(x).localeCompare(String(y));
      if (c !== 0) return dir * c;
    }
    const ia = idOf(a);
    const ib = idOf(b);
    return typeof ia === 'number' && typeof ib === 'number' ? ia - ib : String(ia).localeCompare(String(ib));
  };
}

const comparator = (paging: Paging | undefined, defaultSort: SortKey) => compare((paging?.sort as SortKey | undefined) ?? defaultSort, paging?.order ?? 'desc');

/** The page a request asks for, with the defaults (page 1 of 10, the endpoint's sort, descending). */
export function pageRequest(paging: Paging | undefined, defaultSort: SortKey): InsightPageRequest {
  return { sort: (paging?.sort as SortKey | undefined) ?? defaultSort, order: paging?.order ?? 'desc', page: paging?.page ?? 1, limit: paging?.limit ?? 10 };
}

/** Upstream's page metadata of a page of `total` results. */
function pageMetadata(page: number, limit: number, total: number) {
  const hasNext = total > (page - 1) * limit + limit;
  return { page, next: hasNext ? page + 1 : null, previous: page > 1 ? page - 1 : null, hasNext, hasPrevious: page > 1, total, limit };
}

/**
 * The results and totals of a page the database sorted and cut (insightPage: total row, the page's results in
 * order, their children), the children sorted as pageOf sorts them, with the page metadata of `count` results.
 */
export function pageFromRows(count: number, rows: readonly InsightRow[], paging: Paging | undefined, defaultSort: SortKey) {
  const { nodes, totals } = insightTree(rows);
  const p = pageRequest(paging, defaultSort);
  const cmp = comparator(paging, defaultSort);
  return { totals, results: nodes.map((n) => ({ ...n, children: n.children.sort(cmp) })), page_metadata: pageMetadata(p.page, p.limit, count) };
}

/** Sorts the results and their children, and cuts the requested page with upstream's page metadata. */
export function pageOf(nodes: InsightNode[], paging: Paging | undefined, defaultSort: SortKey) {
  const { page, limit } = pageRequest(paging, defaultSort);
  const cmp = comparator(paging, defaultSort);
  // Only the page's results get their children sorted (a COVID-19 request has hundreds to thousands of results).
  const sorted = [...nodes].sort(cmp);
  const start = (page - 1) * limit;
  return {
    results: sorted.slice(start, start + limit).map((n) => ({ ...n, children: [...n.children].sort(cmp) })),
    page_metadata: pageMetadata(page, limit, sorted.length),
  };
}
