export { createApp } from './app';
export type { ReferenceDeps } from './app';
export type { ReferenceCacheOptions } from './cache/reference-cache';
