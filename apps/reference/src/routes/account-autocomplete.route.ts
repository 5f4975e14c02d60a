import type { RequestBody, ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import {
  ACCOUNT_COMPONENTS,
  listAccountAgencyValues,
  listAccountComponentValues,
  type AccountComponent,
  type AccountComponentFilters,
} from '../queries/account-components.query';
import { cacheKey } from './request-values';

type AccountBody = RequestBody<'autocompleteAccountAid'>;
/** The seven operations this handler serves, one per component (same request shape). */
type AccountOperation =
  | 'autocompleteAccountA'
  | 'autocompleteAccountAid'
  | 'autocompleteAccountAta'
  | 'autocompleteAccountBpoa'
  | 'autocompleteAccountEpoa'
  | 'autocompleteAccountMain'
  | 'autocompleteAccountSub';

/** Only the known components, trimmed (unknown filter keys are ignored like other unknown fields). */
function componentFilters(raw: AccountBody['filters']): AccountComponentFilters {
  const filters: AccountComponentFilters = {};
  for (const key of ACCOUNT_COMPONENTS) {
    const value = raw[key];
    if (value === null) filters[key] = null;
    else if (typeof value === 'string') filters[key] = value.trim();
  }
  return filters;
}

/** POST /api/v2/autocomplete/accounts/{component}/ for one Treasury account component. */
export const accountAutocompleteRoute = (ctx: ReferenceContext, component: AccountComponent) =>
  jsonHandler<AccountOperation>(async (req) => {
    const body = req.body;
    const filters = componentFilters(body.filters);
    const limit = body.limit ?? 10;
    return ctx.cache.get(cacheKey(`accounts/${component}`, [filters, limit]), async () => {
      if (component === 'aid' || component === 'ata') {
        const rows = await listAccountAgencyValues(ctx.db, component, filters, limit);
        return {
          results: rows.map((r) => ({ [component]: r.value, agency_name: r.agency_name, agency_abbreviation: r.agency_abbreviation })),
        } as ResponseBody<'autocompleteAccountAid'> | ResponseBody<'autocompleteAccountAta'>;
      }
      return { results: await listAccountComponentValues(ctx.db, component, filters, limit) };
    });
  });
