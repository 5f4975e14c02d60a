/**
 * Loads /docs in headless Debian Chromium and checks that the API reference renders the operations
 * and that no request leaves the machine (every asset is served by the gateway itself).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { openapiDocument } from '@usas/api-types';
import { serveHarness, startHarness, type Harness } from '@usas/test-harness';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let h: Harness;
let served: Awaited<ReturnType<typeof serveHarness>> | undefined;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No browser at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  h = await startHarness();
  served = await serveHarness(h);
  baseUrl = served.url;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
  await h?.close();
});

describe('/docs in a browser', () => {
  it('lists the operations and makes no request off the machine', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    // A request the page's Content-Security-Policy blocks never fires a request event; it logs instead.
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) blocked.push(m.text());
    });
    await page.goto(`${baseUrl}/docs`, { waitUntil: 'networkidle' });
    await page.getByText('/api/v2/references/def_codes/').first().waitFor({ timeout: 30_000 });
    const text = await page.locator('body').innerText();
    expect(text).toContain('Federal Spending Data Service API');
    // Operations are listed by path (sections may be collapsed, so count the ones rendered).
    const specPaths = Object.keys(openapiDocument.paths);
    const listed = specPaths.filter((p) => text.includes(p));
    expect(listed.length).toBeGreaterThanOrEqual(Math.min(5, specPaths.length));
    expect(listed).toEqual(expect.arrayContaining(['/api/v2/references/def_codes/', '/api/v2/references/filter/']));
    expect(requested.length).toBeGreaterThan(2);
    const offMachine = requested.filter((u) => !u.startsWith(baseUrl) && !u.startsWith('data:') && !u.startsWith('blob:'));
    expect(offMachine).toEqual([]);
    expect(blocked).toEqual([]);
    expect(requested).toContain(`${baseUrl}/api/v2/openapi.json`);
    // The hosted "Ask AI" agent of the bundle is switched off (it would call Scalar's servers).
    expect(text).not.toContain('Ask AI');
    await page.close();
  });
});

describe('docs assets', () => {
  it('serves the fonts the page uses from this server', async () => {
    // A fresh context: the first test's page may already hold the fonts in its cache.
    const context = await browser.newContext();
    const page = await context.newPage();
    const fonts: Array<{ url: string; status: number }> = [];
    page.on('response', (r) => {
      if (r.url().includes('/docs/assets/fonts/')) fonts.push({ url: r.url(), status: r.status() });
    });
    const firstFont = page.waitForResponse((r) => r.url().includes('/docs/assets/fonts/'), { timeout: 30_000 });
    await page.goto(`${baseUrl}/docs`, { waitUntil: 'networkidle' });
    await firstFont;
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => f.status !== 200)).toEqual([]);
    await context.close();
  });
});
