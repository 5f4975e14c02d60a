import { startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';
import { seedReferenceFixtures } from './reference-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await seedReferenceFixtures(h.db.pool);
});
afterAll(async () => {
  await h.close();
});

interface Node {
  id: string;
  description: string;
  ancestors: string[];
  count: number;
  children: Node[] | null;
}
const get = async (path: string, status = 200) => (await h.http.get(path).expect(status)).body as { results: Node[] };
const ids = (nodes: Node[]) => nodes.map((n) => n.id);
const RD = 'Research%20and%20Development';

describe('GET /api/v2/references/filter_tree/psc/...', () => {
  it('lists the three groups with their number of children', async () => {
    expect((await get('/api/v2/references/filter_tree/psc/')).results).toEqual([
      { id: 'Research and Development', description: '', ancestors: [], count: 3, children: null },
      { id: 'Service', description: '', ancestors: [], count: 2, children: null },
      { id: 'Product', description: '', ancestors: [], count: 2, children: null },
    ]);
  });

  it('R&D: two-character groups, then 3-character nodes named after the X0 codes, AU without that level', async () => {
    const groups = (await get(`/api/v2/references/filter_tree/psc/${RD}/`)).results;
    expect(groups.map((n) => [n.id, n.count])).toEqual([
      ['AA', 2],
      ['AJ', 0],
      ['AU', 1],
    ]);
    expect((await get(`/api/v2/references/filter_tree/psc/${RD}/AA/`)).results).toEqual([
      { id: 'AA1', description: 'R&D-INSECT & DIS CONT', ancestors: ['Research and Development', 'AA'], count: 2, children: null },
      { id: 'AA2', description: 'R&D-AGRI MARKETING', ancestors: ['Research and Development', 'AA'], count: 1, children: null },
    ]);
    const leaves = (await get(`/api/v2/references/filter_tree/psc/${RD}/AA/AA1/`)).results;
    expect(ids(leaves)).toEqual(['AA11', 'AA12']);
    expect(leaves[0]).toEqual({
      id: 'AA11',
      description: 'R&D- AGRICULTURE: INSECT AND DISEASE CONTROL (BASIC RESEARCH)',
      ancestors: ['Research and Development', 'AA', 'AA1'],
      count: 0,
      children: null,
    });
    expect(ids((await get(`/api/v2/references/filter_tree/psc/${RD}/AU/`)).results)).toEqual(['AU11']);
  });

  it('Service: categories, two-character groups and codes (orphan codes are left out)', async () => {
    expect((await get('/api/v2/references/filter_tree/psc/Service/')).results.map((n) => [n.id, n.count])).toEqual([
      ['B', 1],
      ['F', 2],
    ]);
    const withChildren = (await get('/api/v2/references/filter_tree/psc/Service/F/?depth=1')).results;
    expect(withChildren.map((n) => [n.id, ids(n.children ?? [])])).toEqual([
      ['F0', ['F001', 'F002']],
      ['F9', ['F999']],
    ]);
    expect(withChildren[0]?.children?.[0]?.ancestors).toEqual(['Service', 'F', 'F0']);
    expect(ids((await get('/api/v2/references/filter_tree/psc/Service/F/F0/')).results)).toEqual(['F001', 'F002']);
  });

  it('Product: two-digit groups, then 4-digit codes; a leaf has no children', async () => {
    expect(ids((await get('/api/v2/references/filter_tree/psc/Product/10')).results)).toEqual(['1005', '1010']);
    expect((await get('/api/v2/references/filter_tree/psc/Product/10/1005/')).results).toEqual([]);
  });

  it('expands every level with a negative depth and keeps only matching branches under a filter', async () => {
    expect((await get('/api/v2/references/filter_tree/psc/?depth=-1&filter=aerial')).results).toEqual([
      {
        id: 'Service',
        description: '',
        ancestors: [],
        count: 2,
        children: [
          {
            id: 'F',
            description: 'NATURAL RESOURCES MANAGEMENT',
            ancestors: ['Service'],
            count: 2,
            children: [
              {
                id: 'F0',
                description: 'NATURAL RESOURCE CONSERVATION SVCS',
                ancestors: ['Service', 'F'],
                count: 2,
                children: [
                  { id: 'F001', description: 'AERIAL FERTILIZATION - SPRAYING', ancestors: ['Service', 'F', 'F0'], count: 0, children: null },
                  { id: 'F002', description: 'AERIAL SEEDING SERVICES', ancestors: ['Service', 'F', 'F0'], count: 0, children: null },
                ],
              },
            ],
          },
        ],
      },
    ]);
    // Depth 0: only the listed level is matched.
    expect((await get('/api/v2/references/filter_tree/psc/?filter=aerial')).results).toEqual([]);
    expect(ids((await get('/api/v2/references/filter_tree/psc/Product/?filter=15')).results)).toEqual(['15']);
    const depthOne = (await get('/api/v2/references/filter_tree/psc/?depth=1')).results;
    expect(depthOne.map((n) => ids(n.children ?? []))).toEqual([['AA', 'AJ', 'AU'], ['B', 'F'], ['10', '15']]);
    expect(depthOne[0]?.children?.[0]?.children).toBeNull();
  });

  it('answers unknown nodes under a valid group with no results and an unknown group with a 400', async () => {
    expect((await get('/api/v2/references/filter_tree/psc/Service/Q9/')).results).toEqual([]);
    expect((await get('/api/v2/references/filter_tree/psc/Service/F/F7/')).results).toEqual([]);
    const bad = await h.http.get('/api/v2/references/filter_tree/psc/Bogus/').expect(400);
    expect(bad.body.errors[0]).toMatchObject({ path: '/params/group', code: 'enum' });
    await h.http.get('/api/v2/references/filter_tree/psc/?depth=-2').expect(400);
    await h.http.get('/api/v2/references/filter_tree/psc/?depth=deep').expect(400);
  });
});

describe('GET /api/v2/references/filter_tree/tas/...', () => {
  it('lists agencies owning accounts in CFO order with their number of federal accounts', async () => {
    expect((await get('/api/v2/references/filter_tree/tas/')).results).toEqual([
      { id: '012', description: 'Department of Agriculture (USDA)', ancestors: [], count: 2, children: null },
      { id: '097', description: 'Department of Defense (DOD)', ancestors: [], count: 1, children: null },
      { id: '020', description: 'Department of the Treasury (TREAS)', ancestors: [], count: 1, children: null },
    ]);
  });

  it('lists the federal accounts of an agency and the symbols of a federal account', async () => {
    expect((await get('/api/v2/references/filter_tree/tas/012/')).results).toEqual([
      { id: '012-1106', description: 'Forest and Rangeland Research, Forest Service', ancestors: ['012'], count: 2, children: null },
      { id: '012-5207', description: 'Range Betterment Fund, Forest Service, Agriculture', ancestors: ['012'], count: 3, children: null },
    ]);
    const symbols = (await get('/api/v2/references/filter_tree/tas/012/012-5207')).results;
    expect(ids(symbols)).toEqual(['012-2018/2021-5207-000', '012-2019/2022-5207-000', '012-X-5207-000']);
    expect(symbols[2]).toEqual({
      id: '012-X-5207-000',
      description: 'Range Betterment Fund, Forest Service, Agriculture',
      ancestors: ['012', '012-5207'],
      count: 0,
      children: null,
    });
    const expanded = (await get('/api/v2/references/filter_tree/tas/012/?depth=1')).results;
    expect(ids(expanded[0]?.children ?? [])).toEqual(['012-X-1106-000', '020-012-X-1106-001']);
  });

  it('filters on ids and descriptions through the requested depth', async () => {
    const res = (await get('/api/v2/references/filter_tree/tas/?depth=2&filter=treasury%20transfer')).results;
    expect(ids(res)).toEqual(['012']);
    expect(ids(res[0]?.children ?? [])).toEqual(['012-1106']);
    expect(ids(res[0]?.children?.[0]?.children ?? [])).toEqual(['020-012-X-1106-001']);
    expect(ids((await get('/api/v2/references/filter_tree/tas/?filter=defense')).results)).toEqual(['097']);
  });

  it('answers unknown agencies and accounts with no results', async () => {
    expect((await get('/api/v2/references/filter_tree/tas/999/')).results).toEqual([]);
    expect((await get('/api/v2/references/filter_tree/tas/012/097-0100/')).results).toEqual([]);
  });

  it('shows newly written accounts within about a second (the cache follows the data)', async () => {
    expect((await get('/api/v2/references/filter_tree/tas/097/')).results).toHaveLength(1);
    await h.db.pool.query(sql.unsafe`
      INSERT INTO federal_account (id, agency_identifier, main_account_code, federal_account_code, account_title, parent_toptier_agency_id)
      VALUES (50, '097', '0400', '097-0400', 'Research, Development, Test and Evaluation, Defense-Wide', 1)`);
    await h.db.pool.query(sql.unsafe`
      INSERT INTO treasury_appropriation_account (tas_rendering_label, agency_id, availability_type_code, main_account_code, sub_account_code,
        account_title, federal_account_id, funding_toptier_agency_id)
      VALUES ('097-X-0400-000', '097', 'X', '0400', '000', 'RDT&E, Defense-Wide', 50, 1)`);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(ids((await get('/api/v2/references/filter_tree/tas/097/')).results)).toEqual(['097-0100', '097-0400']);
  });
});
