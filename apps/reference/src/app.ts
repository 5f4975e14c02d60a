import { Router } from 'express';
import type { DatabasePool } from 'slonik';
import { ReferenceCache, type ReferenceCacheOptions } from './cache/reference-cache';
import type { ReferenceContext } from './context';
import { ACCOUNT_COMPONENTS } from './queries/account-components.query';
import { accountAutocompleteRoute } from './routes/account-autocomplete.route';
import { agencyAutocompleteRoute } from './routes/agency-autocomplete.route';
import { agencyOfficeAutocompleteRoute } from './routes/agency-office-autocomplete.route';
import { agencyOverviewRoute, toptierAgenciesRoute } from './routes/agency.route';
import { assistanceListingRoute } from './routes/assistance-listing.route';
import { listBudgetFunctionsRoute, listBudgetSubfunctionsRoute } from './routes/budget-functions.route';
import { cityAutocompleteRoute } from './routes/city-autocomplete.route';
import {
  cfdaAutocompleteRoute,
  naicsAutocompleteRoute,
  programActivityAutocompleteRoute,
  pscAutocompleteRoute,
} from './routes/code-autocomplete.route';
import { dataDictionaryRoute } from './routes/data-dictionary.route';
import { defCodesRoute } from './routes/def-codes.route';
import { createFilterHashRoute, restoreFilterHashRoute } from './routes/filter-hash.route';
import { filterTreeRoute } from './routes/filter-tree.route';
import { glossaryAutocompleteRoute, listGlossaryRoute } from './routes/glossary.route';
import { locationAutocompleteRoute } from './routes/location-autocomplete.route';
import { getNaicsRoute, listNaicsRoute } from './routes/naics.route';
import { recipientAutocompleteRoute } from './routes/recipient-autocomplete.route';
import {
  awardTypesRoute,
  cfdaTotalsOfProgramRoute,
  cfdaTotalsRoute,
  submissionPeriodsRoute,
  totalBudgetaryResourcesRoute,
} from './routes/reference-lists.route';

export interface ReferenceDeps {
  /** Pool for reads (may point at a replica). */
  db: DatabasePool;
  /** Pool for writes (filter hashes); defaults to `db`. */
  primary?: DatabasePool;
  /** In-memory response cache, kept in step with the data (see ReferenceCache). */
  cache?: ReferenceCacheOptions;
}

/**
 * The reference app: autocompletes, filter trees, reference lists, DEF codes, budget functions and
 * filter hashes. Requests arrive validated by the gateway.
 */
export function createApp(deps: ReferenceDeps): Router {
  const primary = deps.primary ?? deps.db;
  const ctx: ReferenceContext = { db: deps.db, cache: new ReferenceCache(deps.db, deps.cache) };
  const router = Router();
  router.get('/api/v2/references/def_codes/', defCodesRoute(ctx));
  router.get('/api/v2/budget_functions/list_budget_functions/', listBudgetFunctionsRoute(deps.db));
  router.post('/api/v2/budget_functions/list_budget_subfunctions/', listBudgetSubfunctionsRoute(deps.db));
  router.post('/api/v2/references/filter/', createFilterHashRoute(primary));
  router.post('/api/v2/references/hash/', restoreFilterHashRoute(primary));

  for (const component of ACCOUNT_COMPONENTS) {
    router.post(`/api/v2/autocomplete/accounts/${component}/`, accountAutocompleteRoute(ctx, component));
  }
  router.post('/api/v2/autocomplete/awarding_agency_office/', agencyOfficeAutocompleteRoute(ctx, 'awarding'));
  router.post('/api/v2/autocomplete/funding_agency_office/', agencyOfficeAutocompleteRoute(ctx, 'funding'));
  router.post('/api/v2/autocomplete/awarding_agency/', agencyAutocompleteRoute(ctx, 'awarding'));
  router.post('/api/v2/autocomplete/funding_agency/', agencyAutocompleteRoute(ctx, 'funding'));
  router.post('/api/v2/autocomplete/cfda/', cfdaAutocompleteRoute(ctx));
  router.post('/api/v2/autocomplete/city/', cityAutocompleteRoute(ctx));
  router.post('/api/v2/autocomplete/glossary/', glossaryAutocompleteRoute(ctx));
  router.post('/api/v2/autocomplete/location/', locationAutocompleteRoute(ctx));
  router.post('/api/v2/autocomplete/naics/', naicsAutocompleteRoute(ctx));
  router.post('/api/v2/autocomplete/program_activity/', programActivityAutocompleteRoute(ctx));
  router.post('/api/v2/autocomplete/psc/', pscAutocompleteRoute(ctx));
  router.post('/api/v2/autocomplete/recipient/', recipientAutocompleteRoute(ctx));

  router.get('/api/v2/references/filter_tree/psc/', filterTreeRoute(ctx, 'psc', []));
  router.get('/api/v2/references/filter_tree/psc/:group/', filterTreeRoute(ctx, 'psc', ['group']));
  router.get('/api/v2/references/filter_tree/psc/:group/:psc/', filterTreeRoute(ctx, 'psc', ['group', 'psc']));
  router.get('/api/v2/references/filter_tree/psc/:group/:psc/:psc2/', filterTreeRoute(ctx, 'psc', ['group', 'psc', 'psc2']));
  router.get('/api/v2/references/filter_tree/tas/', filterTreeRoute(ctx, 'tas', []));
  router.get('/api/v2/references/filter_tree/tas/:agency/', filterTreeRoute(ctx, 'tas', ['agency']));
  router.get('/api/v2/references/filter_tree/tas/:agency/:federal_account/', filterTreeRoute(ctx, 'tas', ['agency', 'federal_account']));

  router.get('/api/v2/references/glossary/', listGlossaryRoute(ctx));
  router.get('/api/v2/references/toptier_agencies/', toptierAgenciesRoute(ctx));
  router.get('/api/v2/references/agency/:id/', agencyOverviewRoute(ctx));
  router.get('/api/v2/references/submission_periods/', submissionPeriodsRoute(ctx));
  router.get('/api/v2/references/naics/', listNaicsRoute(ctx));
  router.get('/api/v2/references/naics/:code/', getNaicsRoute(ctx));
  router.get('/api/v2/references/award_types/', awardTypesRoute(ctx));
  router.get('/api/v2/references/cfda/totals/', cfdaTotalsRoute(ctx));
  router.get('/api/v2/references/cfda/totals/:cfda/', cfdaTotalsOfProgramRoute(ctx));
  router.get('/api/v2/references/total_budgetary_resources/', totalBudgetaryResourcesRoute(ctx));
  router.get('/api/v2/references/data_dictionary/', dataDictionaryRoute(ctx));
  router.get('/api/v2/references/assistance_listing/', assistanceListingRoute(ctx));
  router.get('/api/v2/references/assistance_listing/:code/', assistanceListingRoute(ctx));
  return router;
}
