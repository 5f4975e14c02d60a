import type { AwardProfileRow } from '../queries/award-profile.query';
import { businessCategoryName } from './business-categories';
import { CONTRACT_DETAIL_FIELDS, contractDetails } from './contract-details';
import { pageMetadataOfTotal, paging } from './paging';

const row = (detail: Record<string, unknown> | null, codes: Record<string, string | null> | null) =>
  ({
    latest_detail: detail,
    latest_codes: codes,
    idv_type_description: 'INDEFINITE DELIVERY CONTRACT',
    type_of_idc_description: 'INDEFINITE DELIVERY / INDEFINITE QUANTITY',
    multiple_or_single_award_idv_description: 'SINGLE AWARD',
  }) as unknown as AwardProfileRow;

describe('contractDetails', () => {
  it('reads codes from `<name>_code` and descriptions from `<name>` of the download columns', () => {
    const d = contractDetails(row(
      { solicitation_procedures_code: 'NP', solicitation_procedures: 'NEGOTIATED PROPOSAL/QUOTE', fed_biz_opps_code: 'N', fed_biz_opps: 'NO',
        number_of_offers_received: '4', type_of_set_aside: 'NO SET ASIDE USED.', parent_award_agency_id: '9700', small_business_competitive: 'f' },
      { extent_competed: 'A', type_set_aside: 'NONE', type_of_contract_pricing: 'J', naics: '325411', naics_description: 'MEDICINAL',
        product_or_service_code: '6505', product_or_service_description: 'DRUGS' },
    ));
    expect(d).toMatchObject({
      solicitation_procedures: 'NP',
      solicitation_procedures_description: 'NEGOTIATED PROPOSAL/QUOTE',
      fed_biz_opps: 'N',
      fed_biz_opps_description: 'NO',
      number_of_offers_received: '4',
      type_set_aside: 'NONE',
      type_set_aside_description: 'NO SET ASIDE USED.',
      extent_competed: 'A',
      naics: '325411',
      product_or_service_code: '6505',
      referenced_idv_agency_iden: '9700',
      type_of_idc_description: 'INDEFINITE DELIVERY / INDEFINITE QUANTITY',
      multiple_or_single_award_description: 'SINGLE AWARD',
      idv_type_description: 'INDEFINITE DELIVERY CONTRACT',
      small_business_competitive: false,
      major_program: null,
    });
  });

  it('gives every field of the contract, null when the transaction has no details', () => {
    const d = contractDetails(row(null, null)) as Record<string, unknown>;
    expect(Object.keys(d).sort()).toEqual([...CONTRACT_DETAIL_FIELDS, 'small_business_competitive'].sort());
    expect(d.solicitation_procedures).toBeNull();
    expect(d.small_business_competitive).toBeNull();
  });
});

describe('businessCategoryName', () => {
  it.each([
    ['corporate_entity_not_tax_exempt', 'Corporate Entity Not Tax Exempt'],
    ['category_business', 'Category Business'],
    ['us_owned_business', 'U.S.-Owned Business'],
  ])('%s -> %s', (code, name) => expect(businessCategoryName(code)).toBe(name));
});

describe('paging', () => {
  it('computes next and previous pages from the total', () => {
    expect(pageMetadataOfTotal(25, paging({ page: 2, limit: 10 }))).toEqual({ page: 2, next: 3, previous: 1, hasNext: true, hasPrevious: true });
    expect(pageMetadataOfTotal(20, paging({ page: 2, limit: 10 }))).toEqual({ page: 2, next: null, previous: 1, hasNext: false, hasPrevious: true });
    expect(paging({}, 50)).toEqual({ page: 1, limit: 50, offset: 0 });
  });
});
