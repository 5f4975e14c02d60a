export { createApp } from './app';
export type { ProfileDeps } from './app';
