export { createAllInOneGateway, openServingPools } from './all-in-one';
export type { AllInOneOptions, ServingPools } from './all-in-one';
export { createGateway, DEFAULT_ROUTE_LIMITS } from './gateway';
export type { Gateway, GatewayOptions, GatewayRouting } from './gateway';
export { listen } from './listen';
export type { RunningServer } from './listen';
