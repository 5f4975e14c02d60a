export { createApp } from './app';
export type { SearchDeps } from './app';
