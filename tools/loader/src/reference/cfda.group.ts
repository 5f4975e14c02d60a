import type { Cell, ReferenceGroup, TableRows } from './reference-group';
import { seededRandom } from './seeded-random';

/**
 * Assistance listings (CFDA) are not among the reference files, so this group always generates them,
 * with or without a reference directory. Listing prefixes and owning agencies follow the public
 * numbering (10 = Agriculture, 93 = Health and Human Services, ...); the programs, titles and texts
 * are invented for this project.
 */
const LISTINGS: Array<[string, string, string[]]> = [
  ['10', 'Department of Agriculture', ['Rural Community Facilities Grants', 'Specialty Crop Research Initiative', 'Watershed Restoration Assistance', 'School Meal Equipment Grants', 'Forest Health Partnerships', 'Beginning Farmer Ownership Loans', 'Rural Broadband Access Loans']],
  ['11', 'Department of Commerce', ['Coastal Resilience Grants', 'Manufacturing Extension Partnership', 'Regional Innovation Clusters', 'Fisheries Disaster Assistance', 'Weather Research Cooperative Agreements']],
  ['12', 'Department of Defense', ['Defense Community Infrastructure Program', 'Basic Scientific Research Grants', 'Military Installation Resilience', 'STEM Education Outreach']],
  ['14', 'Department of Housing and Urban Development', ['Community Development Block Grants', 'Home Investment Partnerships', 'Lead Hazard Reduction Grants', 'Housing Counseling Assistance', 'Homeless Continuum of Care']],
  ['15', 'Department of the Interior', ['Wildland Fire Management Assistance', 'Historic Preservation Fund Grants', 'Tribal Climate Resilience', 'Abandoned Mine Land Reclamation', 'Wildlife Restoration Grants']],
  ['16', 'Department of Justice', ['Violence Against Women Formula Grants', 'Community Policing Development', 'Victims of Crime Assistance', 'Juvenile Justice Delinquency Prevention', 'Body-Worn Camera Pilot Program']],
  ['17', 'Department of Labor', ['Workforce Innovation Adult Program', 'Dislocated Worker Grants', 'Apprenticeship Expansion Grants', 'Unemployment Insurance Administration', 'Senior Community Service Employment']],
  ['19', 'Department of State', ['Academic Exchange Programs', 'Democracy and Human Rights Grants', 'Cultural Heritage Preservation', 'Global Security Contingency']],
  ['20', 'Department of Transportation', ['Airport Improvement Program', 'Highway Planning and Construction', 'Transit Capital Investment Grants', 'Highway Safety Formula Grants', 'Port Infrastructure Development', 'Rail Safety Improvement']],
  ['21', 'Department of the Treasury', ['Community Development Financial Institutions Fund', 'State and Local Fiscal Recovery Funds', 'Low-Income Taxpayer Clinics', 'Emergency Rental Assistance']],
  ['43', 'National Aeronautics and Space Administration', ['Science Mission Grants', 'Space Technology Research', 'Aeronautics Research Cooperative Agreements', 'Education Outreach in Space Science']],
  ['47', 'National Science Foundation', ['Mathematical and Physical Sciences', 'Biological Sciences Research', 'Computer and Information Science and Engineering', 'Education and Human Resources', 'Geosciences Research']],
  ['59', 'Small Business Administration', ['Small Business Development Centers', 'Disaster Loans for Homeowners and Businesses', 'Microloan Program', 'Women\'s Business Centers']],
  ['64', 'Department of Veterans Affairs', ['Veterans Housing Guaranteed Loans', 'Grants for State Veterans Homes', 'Supportive Services for Veteran Families', 'Veterans Education Assistance']],
  ['66', 'Environmental Protection Agency', ['Clean Water State Revolving Fund', 'Drinking Water State Revolving Fund', 'Brownfields Assessment Grants', 'Diesel Emissions Reduction', 'Environmental Justice Small Grants']],
  ['81', 'Department of Energy', ['Weatherization Assistance for Low-Income Persons', 'State Energy Program', 'Office of Science Financial Assistance', 'Renewable Energy Research and Development', 'Grid Resilience Grants']],
  ['84', 'Department of Education', ['Title I Grants to Local Educational Agencies', 'Special Education Grants to States', 'Federal Pell Grant Program', 'Federal Work-Study', 'Career and Technical Education Basic Grants', 'English Language Acquisition Grants']],
  ['93', 'Department of Health and Human Services', ['Medical Assistance Program', 'Head Start', 'Community Health Centers', 'Allergy and Infectious Diseases Research', 'Cancer Research', 'Public Health Emergency Preparedness', 'Child Care and Development Block Grant', 'Substance Use Prevention and Treatment Block Grant']],
  ['97', 'Department of Homeland Security', ['Disaster Grants - Public Assistance', 'Hazard Mitigation Grant Program', 'Homeland Security Grant Program', 'Assistance to Firefighters Grants', 'Emergency Food and Shelter Program']],
  ['98', 'Agency for International Development', ['Foreign Assistance for Programs Overseas', 'Food for Peace Emergency Programs', 'Global Health Programs']],
];

const APPLICANTS = [
  'State and local governments, federally recognized tribes and U.S. territories.',
  'Public and private nonprofit institutions of higher education and research organizations.',
  'Nonprofit organizations, public housing authorities and units of local government.',
  'Individuals and small businesses that meet the program\'s eligibility rules.',
  'State agencies designated by the governor.',
];
const BENEFICIARIES = [
  'Residents of the communities served, including low-income households.',
  'Students, researchers and educators.',
  'Small businesses and their employees.',
  'Veterans, their families and survivors.',
  'The general public.',
];

const COLUMNS = ['program_number', 'program_title', 'popular_name', 'federal_agency', 'objectives', 'applicant_eligibility', 'beneficiary_eligibility', 'website_address', 'url'];

/** The generated listings: a few per agency prefix, numbered upwards with gaps like the real catalog. */
export function generatedCfda(): Cell[][] {
  const random = seededRandom('cfda');
  const rows: Cell[][] = [];
  for (const [prefix, agency, titles] of LISTINGS) {
    let number = random.int(1, 20);
    for (const title of titles) {
      const programNumber = `${prefix}.${String(number).padStart(3, '0')}`;
      const acronym = title.split(/\s+/).filter((w) => /^[A-Z]/.test(w)).map((w) => w[0]).join('').slice(0, 6);
      rows.push([
        programNumber,
        title,
        random.next() < 0.6 ? `(${acronym})` : null,
        agency,
        `To support ${title.toLowerCase()} through financial assistance that advances the mission of the ${agency}.`,
        random.pick(APPLICANTS),
        random.pick(BENEFICIARIES),
        `https://www.example.gov/assistance/${programNumber}`,
        `https://sam.gov/fal/${prefix}${String(number).padStart(3, '0')}`,
      ]);
      number += random.int(1, 40);
    }
  }
  return rows;
}

function table(): TableRows {
  return { table: 'references_cfda', columns: COLUMNS, key: ['program_number'], rows: generatedCfda() };
}

export const cfdaGroup: ReferenceGroup = {
  name: 'cfda',
  files: [],
  read: () => [table()],
  generate: () => [table()],
};
