/**
 * Generated countries: ISO 3166 alpha-3 codes and names (public facts), written in upper case as the
 * upstream fixture does, with rounded population figures (approximate, for per-capita maths on a bare
 * machine; the real fixture carries no populations).
 */
export const GENERATED_COUNTRIES: Array<[string, string, number]> = [
  ['USA', 'UNITED STATES', 331_000_000], ['CAN', 'CANADA', 38_000_000], ['MEX', 'MEXICO', 128_000_000],
  ['GBR', 'UNITED KINGDOM', 67_000_000], ['FRA', 'FRANCE', 67_000_000], ['DEU', 'GERMANY', 83_000_000],
  ['ITA', 'ITALY', 59_000_000], ['ESP', 'SPAIN', 47_000_000], ['PRT', 'PORTUGAL', 10_000_000],
  ['NLD', 'NETHERLANDS', 17_500_000], ['BEL', 'BELGIUM', 11_500_000], ['CHE', 'SWITZERLAND', 8_700_000],
  ['AUT', 'AUSTRIA', 9_000_000], ['SWE', 'SWEDEN', 10_400_000], ['NOR', 'NORWAY', 5_400_000],
  ['DNK', 'DENMARK', 5_800_000], ['FIN', 'FINLAND', 5_500_000], ['POL', 'POLAND', 38_000_000],
  ['UKR', 'UKRAINE', 41_000_000], ['GRC', 'GREECE', 10_600_000], ['TUR', 'TURKEY', 84_000_000],
  ['ISR', 'ISRAEL', 9_300_000], ['JOR', 'JORDAN', 11_000_000], ['EGY', 'EGYPT', 109_000_000],
  ['IRQ', 'IRAQ', 42_000_000], ['AFG', 'AFGHANISTAN', 39_000_000], ['PAK', 'PAKISTAN', 225_000_000],
  ['IND', 'INDIA', 1_390_000_000], ['BGD', 'BANGLADESH', 167_000_000], ['CHN', 'CHINA', 1_410_000_000],
  ['JPN', 'JAPAN', 126_000_000], ['KOR', 'KOREA, SOUTH', 52_000_000], ['PHL', 'PHILIPPINES', 112_000_000],
  ['VNM', 'VIETNAM', 98_000_000], ['THA', 'THAILAND', 70_000_000], ['IDN', 'INDONESIA', 274_000_000],
  ['AUS', 'AUSTRALIA', 26_000_000], ['NZL', 'NEW ZEALAND', 5_100_000], ['BRA', 'BRAZIL', 214_000_000],
  ['ARG', 'ARGENTINA', 45_000_000], ['CHL', 'CHILE', 19_500_000], ['COL', 'COLOMBIA', 51_000_000],
  ['PER', 'PERU', 33_000_000], ['GTM', 'GUATEMALA', 17_000_000], ['HND', 'HONDURAS', 10_000_000],
  ['SLV', 'EL SALVADOR', 6_300_000], ['HTI', 'HAITI', 11_500_000], ['DOM', 'DOMINICAN REPUBLIC', 11_000_000],
  ['JAM', 'JAMAICA', 2_800_000], ['NGA', 'NIGERIA', 211_000_000], ['KEN', 'KENYA', 53_000_000],
  ['ETH', 'ETHIOPIA', 118_000_000], ['ZAF', 'SOUTH AFRICA', 60_000_000], ['GHA', 'GHANA', 32_000_000],
  ['UGA', 'UGANDA', 46_000_000], ['TZA', 'TANZANIA', 62_000_000], ['MOZ', 'MOZAMBIQUE', 32_000_000],
  ['SEN', 'SENEGAL', 17_000_000], ['COD', 'CONGO (KINSHASA)', 92_000_000], ['SAU', 'SAUDI ARABIA', 35_000_000],
  ['ARE', 'UNITED ARAB EMIRATES', 9_900_000], ['QAT', 'QATAR', 2_900_000], ['KWT', 'KUWAIT', 4_300_000],
  ['BHR', 'BAHRAIN', 1_500_000], ['DJI', 'DJIBOUTI', 1_000_000], ['SGP', 'SINGAPORE', 5_500_000],
];
