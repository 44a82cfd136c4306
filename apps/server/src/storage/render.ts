// Sends an object's bytes the way Storage's renderer does (docs/api-coverage.md#storage-storagev1):
// one byte range (`bytes=a-b`, `a-`, `-n`) answered 206, 416 when unsatisfiable, 304 for a matching
// If-None-Match or a fresh If-Modified-Since, and the object's Cache-Control. Bytes stream from the
// object store (an already-open descriptor on disk, so an upsert that unlinks the old version
// mid-download cannot cut it short; a ranged GET on S3), and nothing is ever buffered whole.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { invalidRange } from './errors.js'
import { servingHeaders } from './media-type.js'
import type { OpenObject } from './object-store.js'
import type { ObjectRow } from './queries.js'

export const DEFAULT_CACHE_CONTROL = 'max-age=3600'

/** The requested slice, or 'invalid' for anything Storage answers 416. */
export function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | 'invalid' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || size === 0) return 'invalid'
  const [, a = '', b = ''] = m
  if (a === '' && b === '') return 'invalid'
  if (a === '') {
    const n = Number(b)
    if (n === 0) return 'invalid'
    return { start: Math.max(0, size - n), end: size - 1 }
  }
  const start = Number(a)
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1)
  if (start >= size || end < start) return 'invalid'
  return { start, end }
}

function etagMatches(header: string, etag: string): boolean {
  const weakless = (t: string) => t.trim().replace(/^W\//, '')
  return header.split(',').some((t) => t.trim() === '*' || weakless(t) === weakless(etag))
}

/**
 * Answers the request for `row` from its opened bytes; takes ownership of `opened`. Headers, 304
 * and 416 come from the row (a version's bytes never change once its row commits), then only the
 * answered range is streamed: from the open descriptor, or as a ranged GET from S3. 'gone' when
 * the bytes turned out to be missing (replaced or deleted meanwhile); nothing has been sent then.
 */
export async function sendObject(
  req: FastifyRequest,
  reply: FastifyReply,
  opened: OpenObject,
  row: ObjectRow,
): Promise<FastifyReply | 'gone'> {
  try {
    const meta = row.metadata
    // A version's file never changes after its row commits, so the recorded size is the size.
    const size = typeof meta?.size === 'number' ? meta.size : await opened.size()
    const etag = meta?.eTag ?? `"${row.version}"`
    const lastModified = new Date(row.updated_at)
    reply.headers({
      'accept-ranges': 'bytes',
      ...servingHeaders(meta?.mimetype),
      etag,
      'last-modified': lastModified.toUTCString(),
      'cache-control': meta?.cacheControl ?? DEFAULT_CACHE_CONTROL,
      'x-robots-tag': 'none',
    })
    const download = (req.query as Record<string, string | undefined>)['download']
    if (download !== undefined) {
      const enc = encodeURIComponent(download)
      reply.header(
        'content-disposition',
        download === '' ? 'attachment;' : `attachment; filename=${enc}; filename*=UTF-8''${enc}`,
      )
    }

    const inm = req.headers['if-none-match']
    const ims = req.headers['if-modified-since']
    const notModified =
      inm !== undefined
        ? etagMatches(inm, etag)
        : ims !== undefined &&
          !Number.isNaN(Date.parse(ims)) &&
          Math.floor(lastModified.getTime() / 1000) <= Math.floor(Date.parse(ims) / 1000)
    if (notModified) {
      reply.removeHeader('content-type')
      return reply.code(304).send()
    }

    let start = 0
    let end = size - 1
    const rangeHeader = req.headers['range']
    if (rangeHeader !== undefined) {
      const range = parseRange(rangeHeader, size)
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${size}`)
        throw invalidRange()
      }
      ;({ start, end } = range)
      reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`)
    }
    reply.header('content-length', String(size === 0 ? 0 : end - start + 1))
    if (req.method === 'HEAD' || size === 0) return reply.send()
    const stream = await opened.stream(start, end)
    if (stream) return reply.send(stream)
    // Nothing was sent: leave the reply as it came, for the caller's second try or its error.
    reply.code(200)
    for (const h of [...OBJECT_HEADERS, 'content-range', 'content-length']) {
      reply.removeHeader(h)
    }
    return 'gone'
  } finally {
    await opened.close()
  }
}

const OBJECT_HEADERS = [
  'accept-ranges',
  'content-type',
  'content-security-policy',
  'content-disposition',
  'etag',
  'last-modified',
  'cache-control',
  'x-robots-tag',
]
