// The two encodings the server keeps copies in (rendered pages, the build's files): which one a
// visitor asked for, and making a copy, on libuv's threads rather than the event loop.
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { IncomingHttpHeaders } from 'node:http'

export type Encoding = 'br' | 'gzip'

const ENCODINGS: Encoding[] = ['br', 'gzip']
const brotliCompress = promisify(zlib.brotliCompress)
const gzipCompress = promisify(zlib.gzip)

/** The encoding to answer `request` (Fastify's or Node's) in, or undefined for the bytes as they are. */
export function acceptedEncoding(request: { headers: IncomingHttpHeaders }): Encoding | undefined {
  const chosen = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS)
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined
}

/** `bytes` in `encoding`: brotli at `brotliQuality`, gzip at level 9. */
export function encode(bytes: Buffer, encoding: Encoding, brotliQuality: number): Promise<Buffer> {
  return encoding === 'br'
    ? brotliCompress(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipCompress(bytes, { level: 9 })
}
