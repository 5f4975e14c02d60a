export { createApp } from './app';
export type { ReferenceDeps } from './app';
