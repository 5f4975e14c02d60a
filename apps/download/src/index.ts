export { createApp } from './app';
export type { DownloadDeps } from './download-context';
