export { createApp, resumeDownloads } from './app';
export type { DownloadDeps } from './download-context';
