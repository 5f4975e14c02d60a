import type { Request } from 'express';
import type { DownloadContext } from '../download-context';
import { jobUrls } from './start-download';

/** A request with these headers (names in lower case), over plain http. */
const request = (headers: Record<string, string>) => ({ get: (name: string) => headers[name.toLowerCase()], protocol: 'http' }) as unknown as Request;
const ctx = (publicUrl?: string) => ({ publicUrl }) as unknown as DownloadContext;

describe('jobUrls', () => {
  it('names the address the client used: PUBLIC_URL, else the forwarded host and protocol, else Host', () => {
    expect(jobUrls(ctx(), request({ host: 'api.local:8000' }), 'a.zip')).toEqual({
      status_url: 'http://api.local:8000/api/v2/download/status?file_name=a.zip',
      file_url: 'http://api.local:8000/api/v2/download/files/a.zip',
    });
    expect(jobUrls(ctx(), request({ host: 'gw:8000', 'x-forwarded-host': 'spending.example', 'x-forwarded-proto': 'https' }), 'a.zip').file_url)
      .toBe('https://spending.example/api/v2/download/files/a.zip');
    expect(jobUrls(ctx('https://public.example'), request({ host: 'gw:8000' }), 'a b.zip').status_url)
      .toBe('https://public.example/api/v2/download/status?file_name=a%20b.zip');
  });

  it('takes the first entry of forwarded lists (the client side of several proxies)', () => {
    const urls = jobUrls(ctx(), request({ host: 'gw:8000', 'x-forwarded-host': 'spending.example, inner.proxy', 'x-forwarded-proto': 'https,http' }), 'a.zip');
    expect(urls.file_url).toBe('https://spending.example/api/v2/download/files/a.zip');
  });
});
