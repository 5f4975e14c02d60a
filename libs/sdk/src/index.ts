export { createSpendingClient } from './client';
export type { SpendingClient } from './client';
export type { components, operations, paths } from '@usas/api-types';
