import type { ResponseBody } from '@usas/api-types';
import { notFound } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { pathValue, queryValue } from '../common/request-values';
import { summariesFresh } from '../queries/recipient.query';
import { findState, listStates, STATE_AWARD_GROUPS, stateAwardGroups } from '../queries/state.query';
import { parseYear } from './recipient.route';

/** GET /api/v2/recipient/state/ */
export const listStatesRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (): Promise<ResponseBody<'listStates'>> => [...(await listStates(db, await summariesFresh(db)))]);

/** GET /api/v2/recipient/state/{fips}/?year: state profile. */
export const stateRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'getState'>> => {
    const fips = pathValue(req, 'fips');
    const state = await findState(db, fips);
    if (!state) throw notFound(`No state with FIPS code '${fips}'.`);
    const groups = await stateAwardGroups(db, state.code, parseYear(queryValue(req, 'year')));
    const sum = (f: (g: (typeof groups)[number]) => number) => groups.reduce((s, g) => s + f(g), 0);
    const amount = Math.round(sum((g) => g.amount) * 100) / 100;
    const loans = groups.find((g) => g.type === 'loans');
    return {
      name: state.name,
      code: state.code,
      fips: state.fips,
      type: state.type,
      population: state.population,
      pop_year: state.pop_year,
      median_household_income: state.median_household_income,
      mhi_year: state.mhi_year,
      total_prime_amount: amount,
      total_prime_awards: sum((g) => g.count),
      total_face_value_loan_amount: loans?.face_value ?? 0,
      total_face_value_loan_prime_awards: loans?.face_value_awards ?? 0,
      award_amount_per_capita: state.population ? Math.round((amount / state.population) * 100) / 100 : null,
      total_outlays: Math.round(sum((g) => g.total_outlays) * 100) / 100,
    };
  });

/** GET /api/v2/recipient/state/awards/{fips}/?year: one row per award type group (zeros included). */
export const stateAwardsRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'getStateAwards'>> => {
    const fips = pathValue(req, 'fips');
    const state = await findState(db, fips);
    if (!state) throw notFound(`No state with FIPS code '${fips}'.`);
    const groups = await stateAwardGroups(db, state.code, parseYear(queryValue(req, 'year')));
    return STATE_AWARD_GROUPS.map(({ type }) => {
      const g = groups.find((x) => x.type === type);
      return { type, amount: g?.amount ?? 0, count: g?.count ?? 0, total_outlays: g?.total_outlays ?? 0 };
    });
  });
