/**
 * Compression of the answers the server builds per request: the API's JSON here, and the choice of
 * encoding for the page (static.ts, which keeps its compressed copy). A phone on a slow link pays for
 * every byte (issue 15: the stock chart's 200 day candles are 30.5 KB as JSON, 4.2 KB in Brotli).
 * Built files are precompressed at build time and served by @fastify/static.
 *
 * Synchronous on purpose: an answer of the API is a few KB to a few hundred KB and Brotli at quality
 * 4 takes about 0.4 ms for 25 KB, while the asynchronous zlib calls would queue in libuv's thread
 * pool behind the password hashes (scrypt, up to a second each on a loaded machine).
 */
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Smaller answers are sent as they are: the framing would cost about what compression saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** Brotli quality of per-request answers: fast (about gzip's speed) and smaller than gzip -6. */
const BROTLI_QUALITY = 4;

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3): Brotli, then gzip, each
 * when listed (or covered by `*`) with a q-value above 0; otherwise none.
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [raw = '', ...params] = part.toLowerCase().split(';');
    const name = raw.trim();
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/** `body` in `encoding` (identity: as it is). */
export function compressBody(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br')
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 6 });
  return body;
}

/**
 * An onSend hook for a scope whose routes answer serialized text (JSON): answers of at least
 * COMPRESS_MIN_BYTES go out in the best encoding the client accepts. Streams, answers already encoded,
 * HEAD requests and answers without a body are left alone.
 */
export function compressAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.getHeader('content-encoding')) return payload;
    reply.header('vary', 'accept-encoding');
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_MIN_BYTES) return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressBody(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
  });
}
