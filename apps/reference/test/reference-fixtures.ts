import { sql, type DatabasePool } from 'slonik';

/**
 * Tables the reference endpoints read. A test file owns its database (a clone of the template), so it
 * can replace their contents with the small, known set below and assert exact answers whatever the
 * generated reference data holds.
 */
const FIXTURE_TABLES = [
  'cgac', 'toptier_agency', 'subtier_agency', 'agency', 'office', 'federal_account', 'treasury_appropriation_account',
  'ref_program_activity', 'psc', 'naics', 'references_cfda', 'ref_country_code', 'state_data', 'ref_population_county',
  'ref_population_cong_district', 'ref_city_county_state_code', 'zips', 'glossary', 'dabs_submission_window_schedule',
  'award_search', 'recipient_lookup', 'recipient_profile', 'submission_attributes', 'appropriation_account_balances',
  'gtas_sf133_balances',
];

/** Empties the reference tables and fills them with the fixture rows (see the comments for the cases). */
export async function seedReferenceFixtures(db: DatabasePool): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(sql.unsafe`TRUNCATE ${sql.join(FIXTURE_TABLES.map((t) => sql.identifier([t])), sql.fragment`, `)} RESTART IDENTITY CASCADE`);

    // Agencies: DoD with two subtiers, DHS with FEMA as a subtier, the legacy FEMA toptier (upstream sorts
    // it after DHS's FEMA), USDA with the Forest Service, and a toptier whose name starts with "Defense".
    await tx.query(sql.unsafe`
      INSERT INTO cgac (cgac_code, agency_name, agency_abbreviation) VALUES
        ('012', 'Department of Agriculture', 'USDA'), ('020', 'Department of the Treasury', 'TREAS'),
        ('021', 'Department of the Army', NULL), ('097', 'Department of Defense', 'DOD')`);
    await tx.query(sql.unsafe`
      INSERT INTO toptier_agency (toptier_agency_id, toptier_code, abbreviation, name, mission, website, justification, icon_filename, slug) VALUES
        (1, '097', 'DOD', 'Department of Defense', 'Deter war.', 'https://www.defense.gov/', 'https://comptroller.defense.gov/', 'DOD.jpg', 'department-of-defense'),
        (2, '070', 'DHS', 'Department of Homeland Security', NULL, NULL, NULL, NULL, NULL),
        (3, '058', 'FEMA', 'Federal Emergency Management Agency', NULL, NULL, NULL, NULL, NULL),
        (4, '012', 'USDA', 'Department of Agriculture', 'Feed people.', 'https://www.usda.gov/', NULL, 'USDA.jpg', 'department-of-agriculture'),
        (5, '347', 'DNFSB', 'Defense Nuclear Facilities Safety Board', NULL, NULL, NULL, NULL, NULL),
        (6, '020', 'TREAS', 'Department of the Treasury', NULL, NULL, NULL, NULL, NULL)`);
    await tx.query(sql.unsafe`
      INSERT INTO subtier_agency (subtier_agency_id, subtier_code, abbreviation, name) VALUES
        (1, '9700', 'DOD', 'Department of Defense'), (2, '97AS', 'DLA', 'Defense Logistics Agency'),
        (3, '7000', 'DHS', 'Department of Homeland Security'), (4, '7022', 'FEMA', 'Federal Emergency Management Agency'),
        (5, '5800', 'FEMA', 'Federal Emergency Management Agency'), (6, '1200', 'USDA', 'Department of Agriculture'),
        (7, '12C2', 'FS', 'Forest Service'), (8, '3400', 'DNFSB', 'Defense Nuclear Facilities Safety Board')`);
    await tx.query(sql.unsafe`
      INSERT INTO agency (id, toptier_agency_id, subtier_agency_id, toptier_flag, user_selectable) VALUES
        (101, 1, 1, TRUE, TRUE), (102, 1, 2, FALSE, TRUE), (103, 2, 3, TRUE, TRUE), (104, 2, 4, FALSE, TRUE),
        (105, 3, 5, TRUE, FALSE), (106, 4, 6, TRUE, TRUE), (107, 4, 7, FALSE, TRUE), (108, 5, 8, TRUE, TRUE)`);
    // Offices: flags decide the awarding/funding lists; unknown (null) flags count for both.
    await tx.query(sql.unsafe`
      INSERT INTO office (office_code, office_name, sub_tier_code, agency_code, contract_awards_office, financial_assistance_awards_office,
                          contract_funding_office, financial_assistance_funding_office) VALUES
        ('SP0600', 'DLA ENERGY', '97AS', '097', TRUE, FALSE, FALSE, FALSE),
        ('SPE300', 'DLA TROOP SUPPORT', '97AS', '097', NULL, NULL, NULL, NULL),
        ('70CMSD', 'DHS OFFICE OF PROCUREMENT OPERATIONS', '7000', '070', TRUE, NULL, TRUE, NULL),
        ('12C2FS', 'FOREST SERVICE ACQUISITION MANAGEMENT', '12C2', '012', FALSE, FALSE, TRUE, NULL),
        ('70FA10', 'FEMA REGION 1 GRANTS', '7022', '070', FALSE, TRUE, FALSE, TRUE)`);

    // Accounts: two USDA federal accounts (one with an ATA symbol), DoD, and Treasury (a toptier without
    // subtier agencies still owns accounts in the TAS tree).
    await tx.query(sql.unsafe`
      INSERT INTO federal_account (id, agency_identifier, main_account_code, federal_account_code, account_title, parent_toptier_agency_id) VALUES
        (1, '012', '5207', '012-5207', 'Range Betterment Fund, Forest Service, Agriculture', 4),
        (2, '012', '1106', '012-1106', 'Forest and Rangeland Research, Forest Service', 4),
        (3, '097', '0100', '097-0100', 'Operation and Maintenance, Defense-Wide', 1),
        (4, '020', '5555', '020-5555', 'Treasury Forfeiture Fund', 6)`);
    await tx.query(sql.unsafe`
      INSERT INTO treasury_appropriation_account (treasury_account_identifier, tas_rendering_label, allocation_transfer_agency_id, agency_id,
          beginning_period_of_availability, ending_period_of_availability, availability_type_code, main_account_code, sub_account_code,
          account_title, federal_account_id, funding_toptier_agency_id) VALUES
        (1, '012-X-5207-000', NULL, '012', NULL, NULL, 'X', '5207', '000', 'Range Betterment Fund, Forest Service, Agriculture', 1, 4),
        (2, '012-2018/2021-5207-000', NULL, '012', '2018', '2021', NULL, '5207', '000', 'Range Betterment Fund, Forest Service, Agriculture', 1, 4),
        (3, '012-2019/2022-5207-000', NULL, '012', '2019', '2022', NULL, '5207', '000', 'Range Betterment Fund, Forest Service, Agriculture', 1, 4),
        (4, '012-X-1106-000', NULL, '012', NULL, NULL, 'X', '1106', '000', 'Forest and Rangeland Research', 2, 4),
        (5, '020-012-X-1106-001', '020', '012', NULL, NULL, 'X', '1106', '001', 'Forest and Rangeland Research (Treasury transfer)', 2, 4),
        (6, '097-2020/2021-0100-000', NULL, '097', '2020', '2021', NULL, '0100', '000', 'Operation and Maintenance, Defense-Wide', 3, 1),
        (7, '097-X-0100-000', NULL, '097', NULL, NULL, 'X', '0100', '000', 'Operation and Maintenance, Defense-Wide', 3, 1),
        (8, '021-097-X-0100-000', '021', '097', NULL, NULL, 'X', '0100', '000', 'Operation and Maintenance (Army transfer)', 3, 1),
        (9, '020-X-5555-000', NULL, '020', NULL, NULL, 'X', '5555', '000', 'Treasury Forfeiture Fund', 4, 6),
        (10, '012-X-9999-000', NULL, '012', NULL, NULL, 'X', '9999', '000', 'Account without a federal account', NULL, NULL)`);
    await tx.query(sql.unsafe`
      INSERT INTO ref_program_activity (program_activity_code, program_activity_name, budget_year, responsible_agency_id, main_account_code) VALUES
        ('0001', 'Meat grading', '2016', '012', '1106'), ('0001', 'Meat grading', '2017', '012', '1106'),
        ('0002', 'Poultry inspection', '2016', '012', '1106'), ('1000', 'Meatpacking oversight', '2017', '012', '5207'),
        ('0010', 'Salaries and expenses', '2017', '097', '0100')`);

    // PSC: R&D with a regular group (AA), the AU exception, and an orphan (AJ21: no AJ20, so no tier-2
    // parent; upstream drops it); services F (with an orphan F201) and B; products 10 and 15.
    await tx.query(sql.unsafe`
      INSERT INTO psc (code, description) VALUES
        ('A', 'RESEARCH AND DEVELOPMENT'), ('AA', 'AGRICULTURE R&D'), ('AA10', 'R&D-INSECT & DIS CONT'),
        ('AA11', 'R&D- AGRICULTURE: INSECT AND DISEASE CONTROL (BASIC RESEARCH)'), ('AA12', 'R&D- AGRICULTURE: INSECT AND DISEASE CONTROL (APPLIED)'),
        ('AA20', 'R&D-AGRI MARKETING'), ('AA21', 'AGRICULTURE MARKETING (BASIC)'),
        ('AJ', 'GENERAL SCIENCE R&D'), ('AJ21', 'ORPHANED SCIENCE CODE'),
        ('AU', 'TRANSPORTATION (OBSOLETE GROUP)'), ('AU10', 'R&D-TRANS OF HAZARD MAT'), ('AU11', 'R&D-TRANS OF HAZARD MAT-RESEARCH'),
        ('B', 'SPECIAL STUDIES AND ANALYSIS'), ('B5', 'SPECIAL STUDIES - NOT R&D'), ('B502', 'AIR QUALITY ANALYSES'),
        ('F', 'NATURAL RESOURCES MANAGEMENT'), ('F0', 'NATURAL RESOURCE CONSERVATION SVCS'),
        ('F001', 'AERIAL FERTILIZATION - SPRAYING'), ('F002', 'AERIAL SEEDING SERVICES'),
        ('F9', 'OTHER NATURAL RESOURCES SVCS'), ('F999', 'OTHER ENVIRONMENTAL SERVICES'), ('F201', 'ORPHANED SERVICE CODE'),
        ('10', 'WEAPONS'), ('1005', 'GUNS, THROUGH 30MM'), ('1010', 'GUNS, OVER 30MM UP TO 75MM'),
        ('15', 'AIRCRAFT AND AIRFRAME STRUCTURAL COMPONENTS'), ('1510', 'AIRCRAFT, FIXED WING')`);
    // NAICS: levels 2, 4 and 6 (3-digit rows exist in the table but are not a level of the tree).
    await tx.query(sql.unsafe`
      INSERT INTO naics (code, description, year_retired) VALUES
        ('11', 'Agriculture, Forestry, Fishing and Hunting', NULL), ('111', 'Crop Production', NULL),
        ('1111', 'Oilseed and Grain Farming', NULL), ('111110', 'Soybean Farming', NULL), ('111120', 'Oilseed (except Soybean) Farming', NULL),
        ('1112', 'Vegetable and Melon Farming', NULL), ('111211', 'Potato Farming', 2017),
        ('31', 'Manufacturing', NULL), ('3112', 'Grain and Oilseed Milling', NULL), ('311222', 'Soybean Processing', NULL),
        ('311224', 'Soybean and Other Oilseed Processing', NULL)`);
    await tx.query(sql.unsafe`
      INSERT INTO references_cfda (program_number, program_title, popular_name) VALUES
        ('10.001', 'Agricultural Research Basic and Applied Research', 'Ag Research'),
        ('10.500', 'Cooperative Extension Service', NULL),
        ('93.778', 'Medical Assistance Program', 'Medicaid')`);

    // Places.
    await tx.query(sql.unsafe`
      INSERT INTO ref_country_code (country_code, country_name) VALUES
        ('USA', 'UNITED STATES'), ('DNK', 'DENMARK'), ('SWE', 'SWEDEN'), ('DEU', 'GERMANY')`);
    await tx.query(sql.unsafe`
      INSERT INTO state_data (id, fips, code, name, type, year, population) VALUES
        ('08-2017', '08', 'CO', 'Colorado', 'state', 2017, 5600000), ('06-2016', '06', 'CA', 'Calif. (old name)', 'state', 2016, 39000000),
        ('06-2017', '06', 'CA', 'California', 'state', 2017, 39500000), ('51-2017', '51', 'VA', 'Virginia', 'state', 2017, 8400000)`);
    await tx.query(sql.unsafe`
      INSERT INTO ref_population_county (state_code, county_number, state_name, county_name, latest_population) VALUES
        ('08', '000', 'Colorado', NULL, 5773714), ('08', '031', 'Colorado', 'Denver County', 715522),
        ('06', '037', 'California', 'Los Angeles County', 10014009), ('51', '013', 'Virginia', 'Arlington County', 238643)`);
    await tx.query(sql.unsafe`
      INSERT INTO ref_population_cong_district (state_code, state_name, state_abbreviation, congressional_district, latest_population) VALUES
        ('06', 'California', 'CA', '34', 760000), ('06', 'California', 'CA', '03', 760000), ('06', 'California', 'CA', '35', 760000),
        ('08', 'Colorado', 'CO', '01', 720000)`);
    await tx.query(sql.unsafe`
      INSERT INTO ref_city_county_state_code (state_code, county_code, county_name, city_code, city_name, type_of_area) VALUES
        ('CO', '031', 'Denver', '20000', 'Denver', 'city'), ('CO', '005', 'Arapahoe', '20000', 'Denver', 'city'),
        ('CA', '099', 'Stanislaus', '18660', 'Denair', 'city'), ('VA', '013', 'Arlington', '03000', 'Arlington', 'county'),
        ('VA', '059', 'Fairfax', '74592', 'Springfield', 'city'), ('AR', '013', 'Calhoun', '10720', 'Camden', 'city')`);
    await tx.query(sql.unsafe`
      INSERT INTO zips (zip5, state_code, county_code, city_name, congressional_district) VALUES
        ('80202', 'CO', '031', 'Denver', '01'), ('80203', 'CO', '031', 'Denver', '01'), ('90001', 'CA', '037', 'Los Angeles', '34')`);

    await tx.query(sql.unsafe`
      INSERT INTO glossary (term, slug, plain, official, data_act_term, resources) VALUES
        ('Award', 'award', 'Money the federal government has promised to pay a recipient.', NULL, NULL, NULL),
        ('Award Amount', 'award-amount', 'The amount promised.', 'The cumulative amount obligated.', 'Amount of Award', 'See also: Obligation'),
        ('Award ID', 'award-id', 'The identifier of an award.', NULL, NULL, NULL),
        ('Award Type', 'award-type', 'The kind of award.', NULL, NULL, NULL),
        ('Awarding Agency', 'awarding-agency', 'The agency that made the award.', NULL, NULL, NULL),
        ('Current Award Amount', 'current-award-amount', 'The current value.', NULL, NULL, NULL),
        ('Obligation', 'obligation', 'A promise to pay.', NULL, 'Obligation', NULL),
        ('budget authority', 'budget-authority', 'What agencies may spend.', NULL, NULL, NULL)`);

    // Submission windows: the latest closed ones are FY2021 P12 (monthly) and Q4 (quarterly); one in
    // 2099 is not revealed yet.
    await tx.query(sql.unsafe`
      INSERT INTO dabs_submission_window_schedule (id, period_start_date, period_end_date, submission_start_date, submission_due_date,
          certification_due_date, submission_reveal_date, submission_fiscal_year, submission_fiscal_quarter, submission_fiscal_month, is_quarter) VALUES
        (2021090, '2021-06-01Z', '2021-06-30Z', '2021-07-19Z', '2021-08-17Z', '2021-08-17Z', '2021-08-17Z', 2021, 3, 9, FALSE),
        (2021091, '2021-04-01Z', '2021-06-30Z', '2021-07-19Z', '2021-08-17Z', '2021-08-17Z', '2021-08-17Z', 2021, 3, 9, TRUE),
        (2021120, '2021-09-01Z', '2021-09-30Z', '2021-10-19Z', '2021-11-16Z', '2021-11-16Z', '2021-11-16Z', 2021, 4, 12, FALSE),
        (2021121, '2021-07-01Z', '2021-09-30Z', '2021-10-19Z', '2021-11-16Z', '2021-11-16Z', '2021-11-16Z', 2021, 4, 12, TRUE),
        (2099010, '2098-10-01Z', '2098-10-31Z', '2098-11-19Z', '2098-12-16Z', '2098-12-16Z', '2098-12-16Z', 2099, 1, 1, FALSE)`);
    // USDA submitted in the latest window (final for FY2021); DoD only earlier; DHS never.
    await tx.query(sql.unsafe`
      INSERT INTO submission_attributes (submission_id, toptier_code, reporting_fiscal_year, reporting_fiscal_quarter, reporting_fiscal_period,
          quarter_format_flag, is_final_balances_for_fy, submission_window_id) VALUES
        (1, '012', 2021, 4, 12, FALSE, TRUE, 2021120), (2, '097', 2021, 3, 9, FALSE, FALSE, 2021090), (3, '012', 2021, 3, 9, FALSE, FALSE, 2021090)`);
    await tx.query(sql.unsafe`
      INSERT INTO appropriation_account_balances (treasury_account_identifier, submission_id, total_budgetary_resources_amount_cpe,
          obligations_incurred_total_by_tas_cpe, gross_outlay_amount_by_tas_cpe, final_of_fy) VALUES
        (1, 1, 1000.50, 400.25, 300.10, TRUE), (4, 1, 500.00, 100.00, 50.00, TRUE),
        (1, 3, 999999.00, 999999.00, 999999.00, FALSE), (6, 2, 7777.00, 777.00, 77.00, FALSE)`);
    await tx.query(sql.unsafe`
      INSERT INTO gtas_sf133_balances (fiscal_year, fiscal_period, treasury_account_identifier, disaster_emergency_fund_code, total_budgetary_resources_cpe) VALUES
        (2021, 12, 1, NULL, 10000.00), (2021, 12, 6, NULL, 5000.00), (2021, 12, 6, 'L', 0.00),
        (2021, 11, 1, NULL, 14000.00), (2020, 12, 1, NULL, 12000.00), (2017, 6, 1, NULL, 9000.50)`);

    // Awards: cities (recipient locations) and assistance listings with periods around today.
    await tx.query(sql.unsafe`
      INSERT INTO award_search (award_id, generated_unique_award_id, is_fpds, type, cfda_number, period_of_performance_start_date,
          period_of_performance_current_end_date, recipient_location_city_name, recipient_location_state_code, recipient_location_country_code,
          pop_city_name, pop_state_code, pop_country_code) VALUES
        (1, 'ASST_NON_1', FALSE, '02', '10.001', current_date - 400, current_date + 100, 'SPRINGFIELD', 'VA', 'USA', 'ARLINGTON', 'VA', 'USA'),
        (2, 'ASST_NON_2', FALSE, '02', '10.001', current_date + 30, current_date + 400, 'Springfield', 'VA', 'USA', 'ARLINGTON', 'VA', 'USA'),
        (3, 'ASST_NON_3', FALSE, '02', '10.001', current_date - 400, current_date - 100, 'SPRINGFIELD', 'VA', NULL, 'ARLINGTON', 'VA', 'USA'),
        (4, 'ASST_NON_4', FALSE, '02', '10.001', current_date - 2000, current_date - 800, 'SPRINGFIELD', 'IL', 'USA', 'DENVER', 'CO', 'USA'),
        (5, 'ASST_NON_5', FALSE, '04', '10.001', current_date - 10, NULL, 'SPRING HILL', 'FL', 'USA', 'DENVER', 'CO', 'USA'),
        (6, 'ASST_NON_6', FALSE, '04', '93.778', current_date - 10, current_date + 10, 'SPRINGBOK', NULL, 'ZAF', 'CAPE TOWN', NULL, 'ZAF'),
        (7, 'CONT_AWD_7', TRUE, 'A', NULL, NULL, NULL, 'SPRINGS', NULL, 'JAM', 'KINGSTON', NULL, 'JAM'),
        (8, 'CONT_AWD_8', TRUE, 'A', NULL, NULL, NULL, 'SPRING HILL', 'FL', NULL, 'DENVER', 'CO', 'USA')`);

    // Recipients: one parent/child pair, near-duplicates for ranking, and UEI/DUNS prefixes.
    await tx.query(sql.unsafe`
      INSERT INTO recipient_profile (recipient_hash, recipient_level, recipient_name, uei, recipient_unique_id) VALUES
        ('00000000-0000-0000-0000-000000000001', 'P', 'LOCKHEED MARTIN CORPORATION', 'ZFN2JJXBLZT3', '834951691'),
        ('00000000-0000-0000-0000-000000000001', 'C', 'LOCKHEED MARTIN CORPORATION', 'ZFN2JJXBLZT3', '834951691'),
        ('00000000-0000-0000-0000-000000000002', 'R', 'LOCKHEED MARTIN AERONAUTICS', 'A1B2C3D4E5F6', '123456789'),
        ('00000000-0000-0000-0000-000000000003', 'R', 'MARTIN LOCKHEED HOLDINGS', 'H0LD1NGS0001', '555000111'),
        ('00000000-0000-0000-0000-000000000004', 'R', 'LOCK', 'LOCK00000001', '999000111'),
        ('00000000-0000-0000-0000-000000000005', 'R', 'BLUE HOLDINGS LLC', 'BLUE00000001', '834900000')`);

    // Rows above carry explicit ids; move the sequences past them so tests can add more rows.
    for (const [table, column] of [
      ['toptier_agency', 'toptier_agency_id'],
      ['subtier_agency', 'subtier_agency_id'],
      ['agency', 'id'],
      ['federal_account', 'id'],
      ['treasury_appropriation_account', 'treasury_account_identifier'],
    ] as const) {
      await tx.query(sql.unsafe`SELECT setval(pg_get_serial_sequence(${table}, ${column}), (SELECT max(${sql.identifier([column])}) FROM ${sql.identifier([table])}))`);
    }
  });
}
