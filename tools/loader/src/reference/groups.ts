import { agenciesGroup } from './agencies.group';
import { budgetFunctionsGroup } from './budget-functions.group';
import { businessTypesGroup } from './business-types.group';
import { cfdaGroup } from './cfda.group';
import { citiesGroup } from './cities.group';
import { countriesGroup } from './countries.group';
import { defCodesGroup } from './def-codes.group';
import { glossaryGroup } from './glossary.group';
import { naicsGroup } from './naics.group';
import { objectClassesGroup } from './object-classes.group';
import { officesGroup } from './offices.group';
import { populationsGroup } from './populations.group';
import { programActivitiesGroup } from './program-activities.group';
import { pscGroup } from './psc.group';
import type { ReferenceGroup } from './reference-group';
import { stateDataGroup } from './state-data.group';
import { submissionWindowsGroup } from './submission-windows.group';
import { treasuryAccountsGroup } from './treasury-accounts.group';
import { zipsGroup } from './zips.group';

/**
 * Every reference group, in load order (a group may read tables of earlier groups): agencies before
 * offices and accounts (which resolve toptier agencies), places and districts before ZIP codes.
 */
export const REFERENCE_GROUPS: ReferenceGroup[] = [
  defCodesGroup,
  budgetFunctionsGroup,
  agenciesGroup,
  officesGroup,
  treasuryAccountsGroup,
  programActivitiesGroup,
  objectClassesGroup,
  countriesGroup,
  pscGroup,
  naicsGroup,
  cfdaGroup,
  populationsGroup,
  stateDataGroup,
  citiesGroup,
  zipsGroup,
  businessTypesGroup,
  glossaryGroup,
  submissionWindowsGroup,
];
