import { budgetFunctionsGroup } from './budget-functions.group';
import { defCodesGroup } from './def-codes.group';
import type { ReferenceGroup } from './reference-group';

/** Every reference group, in load order (a group may reference tables of earlier groups). */
export const REFERENCE_GROUPS: ReferenceGroup[] = [defCodesGroup, budgetFunctionsGroup];
