import type { RequestHandler, Response } from 'express';
import zlib from 'node:zlib';

export interface CompressionOptions {
  /** Smallest body compressed, in bytes: below it compression costs more than it saves. */
  threshold: number;
}

const COMPRESSIBLE = /^(application\/(json|javascript|[a-z0-9.+-]*\+json)|text\/)/i;

type Coding = 'br' | 'gzip';

/** The coding to use for an Accept-Encoding header: br, then gzip, each unless refused with q=0. */
export function negotiateEncoding(header: string | undefined): Coding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  for (const coding of ['br', 'gzip'] as const) {
    const q = accepted.get(coding) ?? wildcard;
    if (q !== undefined && q > 0) return coding;
  }
  return undefined;
}

/** Accept-Encoding values seen, with their coding: clients send a handful of distinct headers. */
const negotiated = new Map<string, Coding | undefined>();
const NEGOTIATED_MAX = 256;

/** negotiateEncoding, remembered per header value (bounded: an unknown header past the bound is worked out each time). */
function codingFor(header: string | undefined): Coding | undefined {
  if (!header) return undefined;
  if (negotiated.has(header)) return negotiated.get(header);
  const coding = negotiateEncoding(header);
  if (negotiated.size < NEGOTIATED_MAX) negotiated.set(header, coding);
  return coding;
}

function compress(coding: Coding, body: Buffer, done: (error: Error | null, out: Buffer) => void): void {
  if (coding === 'br') {
    zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, done);
  } else zlib.gzip(body, { level: 6 }, done);
}

/**
 * Compresses whole responses (bodies sent with one `res.end`, as `res.json` and `res.send` do) of a
 * JSON, JavaScript or text type once they reach `threshold` bytes, with the coding the client accepts
 * (br or gzip). Compression runs on the zlib thread pool, not the event loop. Streamed responses
 * (several writes) and bodies already encoded pass through untouched.
 */
export function compression(options: CompressionOptions): RequestHandler {
  return (req, res, next) => {
    const coding = req.method === 'HEAD' ? undefined : codingFor(req.headers['accept-encoding']);
    if (!coding) {
      next();
      return;
    }
    let streamed = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    res.write = ((...args: unknown[]) => {
      streamed = true;
      return write(...args);
    }) as Response['write'];
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (streamed || res.headersSent || typeof chunk === 'function' || chunk === undefined || chunk === null || !COMPRESSIBLE.test(type)) {
        return end(chunk, encoding, cb);
      }
      res.appendHeader('Vary', 'Accept-Encoding');
      const body = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      if (body.length < options.threshold || res.getHeader('Content-Encoding') !== undefined || res.statusCode === 204 || res.statusCode === 304) {
        return end(body, typeof encoding === 'function' ? encoding : cb);
      }
      compress(coding, body, (error, out) => {
        if (error || res.headersSent) {
          end(body, typeof encoding === 'function' ? encoding : cb);
          return;
        }
        res.setHeader('Content-Encoding', coding);
        res.setHeader('Content-Length', out.length);
        end(out, typeof encoding === 'function' ? encoding : cb);
      });
      return res;
    }) as Response['end'];
    next();
  };
}
