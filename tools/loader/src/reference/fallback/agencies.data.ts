/**
 * The generated agency set: real toptier codes and names (public facts, so a later load of the real
 * agency file updates these rows in place instead of leaving orphans), with subtier agencies of our
 * own choosing. Department-level subtiers use the `<code>00` convention; the other subtier codes are
 * plausible inventions. Missions are written for this project.
 */
export interface GeneratedToptier {
  code: string;
  abbreviation: string;
  name: string;
  website: string;
  mission: string;
  /** Budget subfunctions (from GENERATED_BUDGET_FUNCTIONS) used for this agency's generated accounts. */
  subfunctions: string[];
  /** [subtier code, name, abbreviation]; the first one is the department-level subtier (toptier_flag). */
  subtiers: Array<[string, string, string | null]>;
}

export const GENERATED_TOPTIERS: GeneratedToptier[] = [
  {
    code: '097', abbreviation: 'DOD', name: 'Department of Defense', website: 'https://www.defense.gov/',
    mission: 'Provides the military forces needed to deter war and to protect the security of the nation.',
    subfunctions: ['051'],
    subtiers: [
      ['9700', 'Department of Defense', 'DOD'],
      ['2100', 'Department of the Army', 'USA'],
      ['1700', 'Department of the Navy', 'USN'],
      ['5700', 'Department of the Air Force', 'USAF'],
      ['97AS', 'Defense Logistics Agency', 'DLA'],
      ['97DH', 'Defense Health Agency', 'DHA'],
    ],
  },
  {
    code: '012', abbreviation: 'USDA', name: 'Department of Agriculture', website: 'https://www.usda.gov/',
    mission: 'Supports farmers, ranchers and forest owners, keeps the food supply safe and helps feed families in need.',
    subfunctions: ['605', '301'],
    subtiers: [
      ['1200', 'Department of Agriculture', 'USDA'],
      ['12C2', 'Forest Service', 'FS'],
      ['12D0', 'Food and Nutrition Service', 'FNS'],
      ['12E1', 'Agricultural Research Service', 'ARS'],
      ['12F3', 'Natural Resources Conservation Service', 'NRCS'],
    ],
  },
  {
    code: '075', abbreviation: 'HHS', name: 'Department of Health and Human Services', website: 'https://www.hhs.gov/',
    mission: 'Protects the health of the population and provides essential human services.',
    subfunctions: ['551', '552'],
    subtiers: [
      ['7500', 'Department of Health and Human Services', 'HHS'],
      ['7529', 'National Institutes of Health', 'NIH'],
      ['7523', 'Centers for Disease Control and Prevention', 'CDC'],
      ['7524', 'Food and Drug Administration', 'FDA'],
      ['7530', 'Centers for Medicare and Medicaid Services', 'CMS'],
      ['7590', 'Administration for Children and Families', 'ACF'],
    ],
  },
  {
    code: '089', abbreviation: 'DOE', name: 'Department of Energy', website: 'https://www.energy.gov/',
    mission: 'Advances energy security, scientific discovery and the stewardship of the nuclear weapons complex.',
    subfunctions: ['053', '251'],
    subtiers: [
      ['8900', 'Department of Energy', 'DOE'],
      ['8911', 'National Nuclear Security Administration', 'NNSA'],
      ['8920', 'Office of Science', 'SC'],
    ],
  },
  {
    code: '080', abbreviation: 'NASA', name: 'National Aeronautics and Space Administration', website: 'https://www.nasa.gov/',
    mission: 'Explores space and aeronautics and shares what it learns for the benefit of all.',
    subfunctions: ['252'],
    subtiers: [['8000', 'National Aeronautics and Space Administration', 'NASA']],
  },
  {
    code: '049', abbreviation: 'NSF', name: 'National Science Foundation', website: 'https://www.nsf.gov/',
    mission: 'Funds basic research and education across the fields of science and engineering.',
    subfunctions: ['251'],
    subtiers: [['4900', 'National Science Foundation', 'NSF']],
  },
  {
    code: '019', abbreviation: 'DOS', name: 'Department of State', website: 'https://www.state.gov/',
    mission: 'Leads the foreign policy of the United States through diplomacy and consular services.',
    subfunctions: ['153'],
    subtiers: [
      ['1900', 'Department of State', 'DOS'],
      ['1910', 'Bureau of Consular Affairs', 'CA'],
    ],
  },
  {
    code: '072', abbreviation: 'USAID', name: 'Agency for International Development', website: 'https://www.usaid.gov/',
    mission: 'Delivers development and humanitarian assistance abroad.',
    subfunctions: ['151'],
    subtiers: [['7200', 'Agency for International Development', 'USAID']],
  },
  {
    code: '014', abbreviation: 'DOI', name: 'Department of the Interior', website: 'https://www.doi.gov/',
    mission: 'Manages public lands, water and natural resources and honors obligations to tribal nations.',
    subfunctions: ['301'],
    subtiers: [
      ['1400', 'Department of the Interior', 'DOI'],
      ['1422', 'Bureau of Land Management', 'BLM'],
      ['1443', 'National Park Service', 'NPS'],
      ['1450', 'U.S. Fish and Wildlife Service', 'FWS'],
    ],
  },
  {
    code: '068', abbreviation: 'EPA', name: 'Environmental Protection Agency', website: 'https://www.epa.gov/',
    mission: 'Protects human health and the environment.',
    subfunctions: ['304'],
    subtiers: [['6800', 'Environmental Protection Agency', 'EPA']],
  },
  {
    code: '069', abbreviation: 'DOT', name: 'Department of Transportation', website: 'https://www.transportation.gov/',
    mission: 'Keeps the national transportation system safe, efficient and accessible.',
    subfunctions: ['401', '402'],
    subtiers: [
      ['6900', 'Department of Transportation', 'DOT'],
      ['6920', 'Federal Aviation Administration', 'FAA'],
      ['6925', 'Federal Highway Administration', 'FHWA'],
      ['6940', 'Federal Transit Administration', 'FTA'],
    ],
  },
  {
    code: '091', abbreviation: 'ED', name: 'Department of Education', website: 'https://www.ed.gov/',
    mission: 'Promotes student achievement and equal access to education.',
    subfunctions: ['501', '502'],
    subtiers: [
      ['9100', 'Department of Education', 'ED'],
      ['9131', 'Office of Federal Student Aid', 'FSA'],
    ],
  },
  {
    code: '1601', abbreviation: 'DOL', name: 'Department of Labor', website: 'https://www.dol.gov/',
    mission: 'Fosters the welfare of wage earners, job seekers and retirees.',
    subfunctions: ['603'],
    subtiers: [
      ['1600', 'Department of Labor', 'DOL'],
      ['1630', 'Employment and Training Administration', 'ETA'],
      ['1635', 'Occupational Safety and Health Administration', 'OSHA'],
    ],
  },
  {
    code: '015', abbreviation: 'DOJ', name: 'Department of Justice', website: 'https://www.justice.gov/',
    mission: 'Enforces federal law and ensures the fair and impartial administration of justice.',
    subfunctions: ['751', '752'],
    subtiers: [
      ['1500', 'Department of Justice', 'DOJ'],
      ['1549', 'Federal Bureau of Investigation', 'FBI'],
      ['1540', 'Federal Bureau of Prisons', 'BOP'],
    ],
  },
  {
    code: '070', abbreviation: 'DHS', name: 'Department of Homeland Security', website: 'https://www.dhs.gov/',
    mission: 'Safeguards the nation from threats and helps communities respond to and recover from disasters.',
    subfunctions: ['751'],
    subtiers: [
      ['7000', 'Department of Homeland Security', 'DHS'],
      ['7022', 'Federal Emergency Management Agency', 'FEMA'],
      ['7008', 'U.S. Coast Guard', 'USCG'],
      ['7014', 'U.S. Customs and Border Protection', 'CBP'],
    ],
  },
  {
    code: '020', abbreviation: 'TREAS', name: 'Department of the Treasury', website: 'https://home.treasury.gov/',
    mission: 'Manages federal finances, collects revenue and promotes economic security.',
    subfunctions: ['803'],
    subtiers: [
      ['2000', 'Department of the Treasury', 'TREAS'],
      ['2050', 'Internal Revenue Service', 'IRS'],
      ['2039', 'Bureau of the Fiscal Service', 'FISCAL'],
    ],
  },
  {
    code: '036', abbreviation: 'VA', name: 'Department of Veterans Affairs', website: 'https://www.va.gov/',
    mission: 'Provides health care, benefits and memorial services to veterans and their families.',
    subfunctions: ['551'],
    subtiers: [['3600', 'Department of Veterans Affairs', 'VA']],
  },
  {
    code: '013', abbreviation: 'DOC', name: 'Department of Commerce', website: 'https://www.commerce.gov/',
    mission: 'Creates conditions for economic growth and opportunity, including weather and census data.',
    subfunctions: ['251'],
    subtiers: [
      ['1300', 'Department of Commerce', 'DOC'],
      ['1330', 'National Oceanic and Atmospheric Administration', 'NOAA'],
      ['1341', 'National Institute of Standards and Technology', 'NIST'],
      ['1323', 'U.S. Census Bureau', 'CENSUS'],
    ],
  },
  {
    code: '086', abbreviation: 'HUD', name: 'Department of Housing and Urban Development', website: 'https://www.hud.gov/',
    mission: 'Supports strong communities and quality, affordable homes for all.',
    subfunctions: ['605'],
    subtiers: [['8600', 'Department of Housing and Urban Development', 'HUD']],
  },
  {
    code: '047', abbreviation: 'GSA', name: 'General Services Administration', website: 'https://www.gsa.gov/',
    mission: 'Provides workspace, acquisition services and technology to the rest of government.',
    subfunctions: ['803'],
    subtiers: [
      ['4700', 'General Services Administration', 'GSA'],
      ['4732', 'Federal Acquisition Service', 'FAS'],
      ['4740', 'Public Buildings Service', 'PBS'],
    ],
  },
  {
    code: '073', abbreviation: 'SBA', name: 'Small Business Administration', website: 'https://www.sba.gov/',
    mission: 'Helps people start, build and grow small businesses.',
    subfunctions: ['803'],
    subtiers: [['7300', 'Small Business Administration', 'SBA']],
  },
  {
    code: '028', abbreviation: 'SSA', name: 'Social Security Administration', website: 'https://www.ssa.gov/',
    mission: 'Delivers retirement, disability and survivor benefits.',
    subfunctions: ['603'],
    subtiers: [['2800', 'Social Security Administration', 'SSA']],
  },
  {
    code: '024', abbreviation: 'OPM', name: 'Office of Personnel Management', website: 'https://www.opm.gov/',
    mission: 'Manages the civil service and the benefits of federal employees and retirees.',
    subfunctions: ['803'],
    subtiers: [['2400', 'Office of Personnel Management', 'OPM']],
  },
  {
    code: '1100', abbreviation: 'EOP', name: 'Executive Office of the President', website: 'https://www.whitehouse.gov/',
    mission: 'Supports the President with policy, budget and management offices.',
    subfunctions: ['801'],
    subtiers: [['1100', 'Executive Office of the President', 'EOP']],
  },
  {
    code: '005', abbreviation: 'GAO', name: 'Government Accountability Office', website: 'https://www.gao.gov/',
    mission: 'Audits and evaluates federal programs for Congress.',
    subfunctions: ['801'],
    subtiers: [['0500', 'Government Accountability Office', 'GAO']],
  },
  {
    code: '027', abbreviation: 'FCC', name: 'Federal Communications Commission', website: 'https://www.fcc.gov/',
    mission: 'Regulates interstate and international communications.',
    subfunctions: ['803'],
    subtiers: [['2700', 'Federal Communications Commission', 'FCC']],
  },
];
