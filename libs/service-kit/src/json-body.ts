import { ApiError } from '@usas/errors';
import type { RequestHandler } from 'express';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** Deepest nesting of arrays and objects a JSON body may have (filters need about 6). */
export const MAX_JSON_DEPTH = 64;

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** `1mb` / `512kb` / `100b` -> bytes. */
export function parseByteSize(size: string): number {
  const m = /^(\d+)(b|kb|mb)$/i.exec(size.trim());
  if (!m) throw new Error(`Invalid size '${size}': expected a number of b, kb or mb.`);
  return Number(m[1]) * (UNITS[(m[2] as string).toLowerCase()] as number);
}

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

/** Whether a request carries a body at all (a length above 0, or chunked). */
function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

/** The decoder stream for a Content-Encoding, undefined for identity, or an ApiError for an unknown one. */
function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined | ApiError {
  switch (encoding) {
    case '':
    case 'identity':
      return undefined;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return new ApiError('unsupported_media_type', `Unsupported Content-Encoding '${encoding}': send identity, gzip, deflate or br.`);
  }
}

/**
 * Reads a stream into one buffer, failing with 413 as soon as more than `limit` bytes arrived (so a
 * small compressed body cannot inflate into an unbounded one: the decoded bytes are what is counted).
 */
function readBounded(stream: Readable, limit: number, what: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error: unknown, value?: Buffer) => {
      if (done) return;
      done = true;
      stream.removeAllListeners('data');
      if (error) reject(error);
      else resolve(value as Buffer);
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        finish(new ApiError('payload_too_large', `Request body exceeds the limit of ${limit} bytes${what}.`));
        stream.destroy();
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => finish(undefined, Buffer.concat(chunks, size)));
    stream.on('error', (error: Error & { code?: string }) => {
      if (error.code?.startsWith('Z_') || error.code?.startsWith('ERR_BROTLI') || error.code === 'ERR__ERROR_FORMAT_PADDING_1') {
        finish(new ApiError('bad_request', 'The request body could not be decompressed.', { cause: error }));
      } else finish(new ApiError('bad_request', 'The request body could not be read.', { cause: error }));
    });
    stream.on('aborted', () => finish(new ApiError('bad_request', 'The request body could not be read.')));
  });
}

/**
 * Deepest nesting of `[` / `{` in JSON text, scanning iteratively outside strings; stops early past
 * `max`. Done before JSON.parse so that a body of 10,000 nested arrays never reaches a recursive
 * consumer (the validator, the filter compiler, JSON.stringify) that would overflow the stack.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 93 || c === 125) depth -= 1;
  }
  return false;
}

/** JSON pointer of the first string (value or key) holding a NUL character, or undefined. */
export function findNul(value: unknown, pointer = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? pointer || '/' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNul(value[i], `${pointer}/${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return `${pointer}/${k.replace(/\u0000/g, '\\u0000')}`;
      const found = findNul(v, `${pointer}/${k}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export interface JsonBodyOptions {
  /** Largest body accepted, in bytes after decompression (`1mb`, `512kb`). */
  limit: string;
}

/**
 * Parses JSON request bodies with the guards every service needs, so no body shape can reach a
 * handler that would fail with a 500: a bounded size counted after decompression (gzip, deflate, br;
 * another Content-Encoding is 415), strict UTF-8 (400), at most MAX_JSON_DEPTH levels of nesting
 * (400, checked before parsing), only objects and arrays at the top (400) and no NUL character in any
 * string or key (400: PostgreSQL text cannot hold it). Requests without a JSON Content-Type are left
 * unparsed for the validator to answer 415.
 */
export function jsonBody(options: JsonBodyOptions): RequestHandler {
  const limit = parseByteSize(options.limit);
  const shown = ` (${options.limit})`;
  return (req, _res, next) => {
    if (req.body !== undefined || !hasBody(req.headers) || !JSON_TYPE.test(req.headers['content-type'] ?? '')) {
      next();
      return;
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      next(new ApiError('payload_too_large', `Request body exceeds the limit of ${limit} bytes${shown}.`));
      return;
    }
    const decoder = decoderFor(String(req.headers['content-encoding'] ?? '').trim().toLowerCase());
    if (decoder instanceof ApiError) {
      next(decoder);
      return;
    }
    const source: Readable = decoder ? req.pipe(decoder) : req;
    if (decoder) req.on('error', (error) => decoder.destroy(error));
    readBounded(source, limit, shown).then(
      (raw) => {
        let text: string;
        try {
          text = utf8.decode(raw);
        } catch (error) {
          throw new ApiError('bad_request', 'The request body is not valid UTF-8.', { cause: error });
        }
        if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
          throw new ApiError('invalid_json', `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`);
        }
        const first = /\S/.exec(text)?.[0];
        if (first !== '{' && first !== '[') throw new ApiError('invalid_json', 'Malformed JSON in request body.');
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch (error) {
          throw new ApiError('invalid_json', 'Malformed JSON in request body.', { cause: error });
        }
        const nul = findNul(body);
        if (nul !== undefined) {
          const path = `/body${nul === '/' ? '' : nul}`;
          throw new ApiError('invalid_parameter', `Invalid value in '${path.slice(6).replace(/\//g, '.') || 'body'}': text must not contain NUL characters.`, {
            errors: [{ path, message: 'must not contain NUL characters', code: 'nul' }],
          });
        }
        req.body = body;
        next();
      },
      (error: unknown) => {
        // Drain what is left so the connection can answer (and be reused) instead of stalling.
        req.resume();
        next(error);
      },
    ).catch(next);
  };
}
