import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';

/** Locates a file of an installed package in whichever node_modules holds it. */
function findPackageFile(rel: string): string {
  for (const dir of module.paths) {
    const candidate = path.join(dir, rel);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`Cannot find ${rel}; run npm install.`);
}

const FONT_HOST = 'https://fonts.scalar.com/';
const FONT_PATH = '/docs/assets/fonts/';

/**
 * Scalar 1.46.4 turns on its hosted "Ask AI" agent whenever the page runs on localhost, whatever the
 * configuration says, and the agent fetches from Scalar's servers. This switch (checked by the docs
 * test) keeps it off.
 */
const AGENT_SWITCH = 'r=e.agentEnabled??uy((()=>HV(window.location.href)))';

/**
 * The Scalar bundle, made to work offline: its @font-face rules point at its font host, so they are
 * rewritten to the same families (Inter, JetBrains Mono) served here from the fontsource packages, and
 * the hosted agent is switched off.
 */
function loadBundle(): string {
  const original = readFileSync(findPackageFile(path.join('@scalar', 'api-reference', 'dist', 'browser', 'standalone.js')), 'utf8');
  return original.replaceAll(FONT_HOST, FONT_PATH).replace(AGENT_SWITCH, 'r=uy((()=>!1))');
}

/** `inter-latin.woff2` -> the fontsource file of that family and subset (latin when the subset is not shipped). */
function fontFile(name: string): string | undefined {
  const m = /^(inter|mono)-([a-z-]+)\.woff2$/.exec(name);
  if (!m) return undefined;
  const family = m[1] === 'inter' ? 'inter' : 'jetbrains-mono';
  const dir = path.join('@fontsource-variable', family, 'files');
  for (const subset of [m[2], 'latin']) {
    try {
      return findPackageFile(path.join(dir, `${family}-${subset}-wght-normal.woff2`));
    } catch {
      // try the next subset
    }
  }
  return undefined;
}

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Federal Spending Data Service API reference</title>
  </head>
  <body>
    <div id="api-reference"></div>
    <script src="/docs/assets/standalone.js"></script>
    <script src="/docs/assets/init.js"></script>
  </body>
</html>
`;

// Fonts and the "try it" proxy of Scalar would load from its servers: fonts are off and the
// client talks to this server directly.
const INIT = `Scalar.createApiReference('#api-reference', {
  url: '/api/v2/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  servers: [{ url: window.location.origin }],
});
`;

// The page may only reach this server: a browser enforces it, so the docs never call out.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** GET /docs: the API reference page, with every asset served from this process. */
export function createDocsRouter(): Router {
  const bundle = loadBundle();
  const router = Router();
  router.get(['/docs', '/docs/'], (_req, res) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.type('html').send(PAGE);
  });
  router.get('/docs/assets/standalone.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/javascript').send(bundle);
  });
  router.get('/docs/assets/fonts/:name', (req, res) => {
    const file = fontFile(req.params.name);
    if (!file) {
      res.status(404).json({ detail: 'No such font.', errors: [] });
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=86400');
    // With its directory as root: a checkout below a dot directory (~/.local/...) must not make `send` refuse the path.
    res.type('font/woff2').sendFile(path.basename(file), { root: path.dirname(file) });
  });
  router.get('/favicon.ico', (_req, res) => {
    res.status(204).end();
  });
  router.get('/docs/assets/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  return router;
}
