/**
 * The baseline of the gateway benchmark: bare express answering one GET path with a fixed JSON
 * document through `res.json`, nothing else. `tsx bare-express.ts <port> <path> <json-file>`; prints
 * `ready` once listening.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import express from 'express';

const [port, route, file] = process.argv.slice(2) as [string, string, string];
const body = JSON.parse(readFileSync(file, 'utf8')) as unknown;
const app = express();
app.get(route, (_req, res) => {
  res.json(body);
});
const server = http.createServer(app);
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
