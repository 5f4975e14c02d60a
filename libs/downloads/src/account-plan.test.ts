import { accountFileStem, accountZipName, type AccountDownloadRequest } from './account-plan';

const request = (filters: AccountDownloadRequest['filters'], download_types: AccountDownloadRequest['download_types'] = ['account_balances'], account_level: AccountDownloadRequest['account_level'] = 'treasury_account'): AccountDownloadRequest =>
  ({ request_type: 'account', account_level, download_types, file_format: 'csv', columns: [], agency: 'all', filters });

describe('account download names (upstream)', () => {
  it('the quarters or periods from the start of the year, the agency, the level', () => {
    expect(accountFileStem(request({ fy: 2018, quarter: 1 }), null)).toBe('FY2018Q1_All_TAS');
    expect(accountFileStem(request({ fy: 2018, quarter: 3 }), '012')).toBe('FY2018Q1-Q3_012_TAS');
    expect(accountFileStem(request({ fy: 2020, period: 7 }, ['award_financial'], 'federal_account'), null)).toBe('FY2020P01-P07_All_FA');
  });

  it('the zip is named after its one file type, AccountData for several', () => {
    expect(accountZipName(request({ fy: 2018, quarter: 1 }, ['object_class_program_activity']), 'FY2018Q1_All_TAS', 'T')).toBe('FY2018Q1_All_TAS_AccountBreakdownByPA-OC_T.zip');
    expect(accountZipName(request({ fy: 2018, quarter: 1 }, ['account_balances', 'award_financial']), 'FY2018Q1_All_TAS', 'T')).toBe('FY2018Q1_All_TAS_AccountData_T.zip');
  });
});
