/**
 * US states, the District of Columbia and the inhabited territories: FIPS code, USPS code, name, type,
 * 2020 census population, seats in the House after the 2020 apportionment (0 = a non-voting delegate,
 * district '98' upstream), capital, and the 3-digit ZIP prefixes USPS assigns to it. All public facts;
 * they seed the generated places (counties, cities, ZIPs are invented on top of them).
 */
export interface StateFact {
  fips: string;
  code: string;
  name: string;
  type: 'state' | 'district' | 'territory';
  population: number;
  seats: number;
  capital: string;
  /** Inclusive ranges of 3-digit ZIP prefixes. */
  zipPrefixes: Array<[number, number]>;
}

const s = (fips: string, code: string, name: string, population: number, seats: number, capital: string, zipPrefixes: Array<[number, number]>, type: StateFact['type'] = 'state'): StateFact => ({
  fips, code, name, type, population, seats, capital, zipPrefixes,
});

export const STATES: StateFact[] = [
  s('01', 'AL', 'Alabama', 5_024_279, 7, 'Montgomery', [[350, 369]]),
  s('02', 'AK', 'Alaska', 733_391, 1, 'Juneau', [[995, 999]]),
  s('04', 'AZ', 'Arizona', 7_151_502, 9, 'Phoenix', [[850, 865]]),
  s('05', 'AR', 'Arkansas', 3_011_524, 4, 'Little Rock', [[716, 729]]),
  s('06', 'CA', 'California', 39_538_223, 52, 'Sacramento', [[900, 961]]),
  s('08', 'CO', 'Colorado', 5_773_714, 8, 'Denver', [[800, 816]]),
  s('09', 'CT', 'Connecticut', 3_605_944, 5, 'Hartford', [[60, 69]]),
  s('10', 'DE', 'Delaware', 989_948, 1, 'Dover', [[197, 199]]),
  s('11', 'DC', 'District of Columbia', 689_545, 0, 'Washington', [[200, 205]], 'district'),
  s('12', 'FL', 'Florida', 21_538_187, 28, 'Tallahassee', [[320, 349]]),
  s('13', 'GA', 'Georgia', 10_711_908, 14, 'Atlanta', [[300, 319]]),
  s('15', 'HI', 'Hawaii', 1_455_271, 2, 'Honolulu', [[967, 968]]),
  s('16', 'ID', 'Idaho', 1_839_106, 2, 'Boise', [[832, 838]]),
  s('17', 'IL', 'Illinois', 12_812_508, 17, 'Springfield', [[600, 629]]),
  s('18', 'IN', 'Indiana', 6_785_528, 9, 'Indianapolis', [[460, 479]]),
  s('19', 'IA', 'Iowa', 3_190_369, 4, 'Des Moines', [[500, 528]]),
  s('20', 'KS', 'Kansas', 2_937_880, 4, 'Topeka', [[660, 679]]),
  s('21', 'KY', 'Kentucky', 4_505_836, 6, 'Frankfort', [[400, 427]]),
  s('22', 'LA', 'Louisiana', 4_657_757, 6, 'Baton Rouge', [[700, 714]]),
  s('23', 'ME', 'Maine', 1_362_359, 2, 'Augusta', [[39, 49]]),
  s('24', 'MD', 'Maryland', 6_177_224, 8, 'Annapolis', [[206, 219]]),
  s('25', 'MA', 'Massachusetts', 7_029_917, 9, 'Boston', [[10, 27]]),
  s('26', 'MI', 'Michigan', 10_077_331, 13, 'Lansing', [[480, 499]]),
  s('27', 'MN', 'Minnesota', 5_706_494, 8, 'Saint Paul', [[550, 567]]),
  s('28', 'MS', 'Mississippi', 2_961_279, 4, 'Jackson', [[386, 397]]),
  s('29', 'MO', 'Missouri', 6_154_913, 8, 'Jefferson City', [[630, 658]]),
  s('30', 'MT', 'Montana', 1_084_225, 2, 'Helena', [[590, 599]]),
  s('31', 'NE', 'Nebraska', 1_961_504, 3, 'Lincoln', [[680, 693]]),
  s('32', 'NV', 'Nevada', 3_104_614, 4, 'Carson City', [[889, 898]]),
  s('33', 'NH', 'New Hampshire', 1_377_529, 2, 'Concord', [[30, 38]]),
  s('34', 'NJ', 'New Jersey', 9_288_994, 12, 'Trenton', [[70, 89]]),
  s('35', 'NM', 'New Mexico', 2_117_522, 3, 'Santa Fe', [[870, 884]]),
  s('36', 'NY', 'New York', 20_201_249, 26, 'Albany', [[100, 149]]),
  s('37', 'NC', 'North Carolina', 10_439_388, 14, 'Raleigh', [[270, 289]]),
  s('38', 'ND', 'North Dakota', 779_094, 1, 'Bismarck', [[580, 588]]),
  s('39', 'OH', 'Ohio', 11_799_448, 15, 'Columbus', [[430, 459]]),
  s('40', 'OK', 'Oklahoma', 3_959_353, 5, 'Oklahoma City', [[730, 749]]),
  s('41', 'OR', 'Oregon', 4_237_256, 6, 'Salem', [[970, 979]]),
  s('42', 'PA', 'Pennsylvania', 13_002_700, 17, 'Harrisburg', [[150, 196]]),
  s('44', 'RI', 'Rhode Island', 1_097_379, 2, 'Providence', [[28, 29]]),
  s('45', 'SC', 'South Carolina', 5_118_425, 7, 'Columbia', [[290, 299]]),
  s('46', 'SD', 'South Dakota', 886_667, 1, 'Pierre', [[570, 577]]),
  s('47', 'TN', 'Tennessee', 6_910_840, 9, 'Nashville', [[370, 385]]),
  s('48', 'TX', 'Texas', 29_145_505, 38, 'Austin', [[750, 799], [885, 885]]),
  s('49', 'UT', 'Utah', 3_271_616, 4, 'Salt Lake City', [[840, 847]]),
  s('50', 'VT', 'Vermont', 643_077, 1, 'Montpelier', [[50, 59]]),
  s('51', 'VA', 'Virginia', 8_631_393, 11, 'Richmond', [[220, 246]]),
  s('53', 'WA', 'Washington', 7_705_281, 10, 'Olympia', [[980, 994]]),
  s('54', 'WV', 'West Virginia', 1_793_716, 2, 'Charleston', [[247, 268]]),
  s('55', 'WI', 'Wisconsin', 5_893_718, 8, 'Madison', [[530, 549]]),
  s('56', 'WY', 'Wyoming', 576_851, 1, 'Cheyenne', [[820, 831]]),
  s('60', 'AS', 'American Samoa', 49_710, 0, 'Pago Pago', [[967, 967]], 'territory'),
  s('66', 'GU', 'Guam', 153_836, 0, 'Hagatna', [[969, 969]], 'territory'),
  s('69', 'MP', 'Northern Mariana Islands', 47_329, 0, 'Saipan', [[969, 969]], 'territory'),
  s('72', 'PR', 'Puerto Rico', 3_285_874, 0, 'San Juan', [[6, 7], [9, 9]], 'territory'),
  s('78', 'VI', 'U.S. Virgin Islands', 87_146, 0, 'Charlotte Amalie', [[8, 8]], 'territory'),
];

/** Common US county names, used for the invented counties of each generated state. */
export const COUNTY_NAMES = [
  'Washington', 'Jefferson', 'Franklin', 'Jackson', 'Lincoln', 'Madison', 'Clay', 'Monroe', 'Marion', 'Greene',
  'Union', 'Warren', 'Wayne', 'Montgomery', 'Grant', 'Hamilton', 'Marshall', 'Polk', 'Lee', 'Adams', 'Clark',
  'Douglas', 'Johnson', 'Lake', 'Morgan', 'Scott', 'Shelby', 'Carroll', 'Fayette', 'Harrison', 'Henry', 'Perry',
];

/** Common US place names, used for the invented cities. */
export const CITY_NAMES = [
  'Springfield', 'Riverside', 'Fairview', 'Greenville', 'Bristol', 'Clinton', 'Georgetown', 'Salem', 'Oakland',
  'Ashland', 'Burlington', 'Chester', 'Dayton', 'Milford', 'Newport', 'Oxford', 'Lexington', 'Winchester',
  'Centerville', 'Mount Vernon', 'Arlington', 'Kingston', 'Dover', 'Hudson', 'Manchester', 'Marion', 'Auburn',
  'Clayton', 'Cleveland', 'Florence', 'Lebanon', 'Madison', 'Monroe', 'Plymouth', 'Richmond', 'Shelbyville',
  'Troy', 'Waverly', 'Williamsburg', 'Woodstock', 'Bedford', 'Camden', 'Elkton', 'Hillsboro', 'Jamestown',
];

/** Which word follows a county name in each state (most use "County"). */
export function countySuffix(code: string): string {
  if (code === 'LA') return 'Parish';
  if (code === 'AK') return 'Borough';
  if (code === 'PR') return 'Municipio';
  if (code === 'VI' || code === 'AS' || code === 'MP' || code === 'GU') return 'District';
  return 'County';
}
