import { existsSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';

/** Locates the Scalar standalone bundle in whichever node_modules holds it. */
function findStandaloneBundle(): string {
  const rel = path.join('@scalar', 'api-reference', 'dist', 'browser', 'standalone.js');
  for (const dir of module.paths) {
    const candidate = path.join(dir, rel);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`Cannot find ${rel}; run npm install.`);
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
  hideClientButton: false,
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
].join('; ');

/** GET /docs: the API reference page, with every asset served from this process. */
export function createDocsRouter(): Router {
  const bundle = findStandaloneBundle();
  const router = Router();
  router.get(['/docs', '/docs/'], (_req, res) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.type('html').send(PAGE);
  });
  router.get('/docs/assets/standalone.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/javascript').sendFile(bundle);
  });
  router.get('/docs/assets/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  return router;
}
