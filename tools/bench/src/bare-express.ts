/**
 * The baselines of the gateway benchmark: bare express answering one GET path with a fixed JSON document
 * through `res.json`, nothing else; or, given the spec file as a fourth argument, the same behind
 * express-openapi-validator with the gateway's request-validation options (the floor of the required design:
 * every request is validated against the spec). `tsx bare-express.ts <port> <path> <json-file> [openapi.json]`;
 * prints `ready` once listening.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';

const [port, route, file, spec] = process.argv.slice(2) as [string, string, string, string | undefined];
const body = JSON.parse(readFileSync(file, 'utf8')) as unknown;
const app = express();
if (spec) {
  app.use(
    OpenApiValidator.middleware({
      apiSpec: JSON.parse(readFileSync(spec, 'utf8')) as never,
      validateRequests: { allErrors: true, removeAdditional: false, coerceTypes: false, allowUnknownQueryParameters: true },
      validateResponses: false,
      validateApiSpec: false,
      fileUploader: false,
      $refParser: { mode: 'bundle' },
    }),
  );
}
app.get(route, (_req, res) => {
  res.json(body);
});
const server = http.createServer(app);
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
