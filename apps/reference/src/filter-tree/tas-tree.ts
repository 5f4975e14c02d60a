import type { TreeNode } from './filter-tree';

/**
 * Toptier codes of the CFO Act agencies in the order USAspending lists them; other agencies follow,
 * by name.
 */
export const CFO_AGENCY_ORDER = [
  '012', '013', '097', '091', '089', '075', '070', '086', '015', '1601', '019', '014', '020', '069', '036', '068',
  '047', '080', '049', '031', '024', '073', '028', '072',
] as const;

export interface TasRow {
  toptier_code: string;
  agency_name: string;
  agency_abbreviation: string | null;
  federal_account_code: string;
  federal_account_title: string | null;
  tas_rendering_label: string;
  tas_title: string | null;
}

const byId = (a: TreeNode, b: TreeNode) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Builds the TAS tree: toptier agencies (id = toptier code, description `<name> (<abbreviation>)`),
 * their federal accounts (id = `<aid>-<main>`), and the Treasury account symbols of each (id = TAS
 * rendering label). Agencies come in CFO order, then by name; accounts and symbols by id.
 */
export function buildTasTree(rows: readonly TasRow[]): TreeNode[] {
  const agencies = new Map<string, { node: TreeNode; name: string; accounts: Map<string, TreeNode> }>();
  for (const r of rows) {
    let agency = agencies.get(r.toptier_code);
    if (!agency) {
      const description = r.agency_abbreviation ? `${r.agency_name} (${r.agency_abbreviation})` : r.agency_name;
      agency = { node: { id: r.toptier_code, description, children: [] }, name: r.agency_name, accounts: new Map() };
      agencies.set(r.toptier_code, agency);
    }
    let account = agency.accounts.get(r.federal_account_code);
    if (!account) {
      account = { id: r.federal_account_code, description: r.federal_account_title ?? '', children: [] };
      agency.accounts.set(r.federal_account_code, account);
      agency.node.children.push(account);
    }
    account.children.push({ id: r.tas_rendering_label, description: r.tas_title ?? '', children: [] });
  }
  const cfoRank = (code: string) => {
    const i = (CFO_AGENCY_ORDER as readonly string[]).indexOf(code);
    return i === -1 ? CFO_AGENCY_ORDER.length : i;
  };
  const ordered = [...agencies.values()].sort((a, b) => {
    const byCfo = cfoRank(a.node.id) - cfoRank(b.node.id);
    if (byCfo !== 0) return byCfo;
    return a.name < b.name ? -1 : a.name > b.name ? 1 : byId(a.node, b.node);
  });
  for (const a of ordered) {
    a.node.children.sort(byId);
    for (const account of a.node.children) account.children.sort(byId);
  }
  return ordered.map((a) => a.node);
}
