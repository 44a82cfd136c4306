// The build's hashed files (/assets/*: scripts, stylesheets, fonts, images) served from memory.
// A build never changes under a running server, so every file is read once at start (about 2 MB)
// and each compressible one is compressed once per encoding, on libuv's threads, the first time a
// visitor asks for it; every later visitor gets the same bytes. Served from disk and compressed
// on every request instead, a page's 30-odd files cost more than the page itself: on premiere
// night that was most of the machine (docs/performance.md).
//
// A file's name carries its content's hash, so it is cached for a year (immutable); its ETag
// answers a revalidation with 304 all the same. Names are matched exactly: only a file the build
// wrote has a route, and anything else under /assets/ is the site's plain 404.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { OutgoingHttpHeaders } from 'node:http'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'
import { acceptedEncoding, encode, type Encoding } from './encodings.js'
import type { FrontDoorAnswer } from './front-door.js'
import { anyQuery } from './route-schemas.js'

/** The media type of each kind of file the web build writes; `compress` where it pays. */
const TYPES: Record<string, { type: string; compress: boolean }> = {
  '.js': { type: 'text/javascript; charset=utf-8', compress: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', compress: true },
  '.css': { type: 'text/css; charset=utf-8', compress: true },
  '.json': { type: 'application/json; charset=utf-8', compress: true },
  '.svg': { type: 'image/svg+xml', compress: true },
  '.txt': { type: 'text/plain; charset=utf-8', compress: true },
  '.woff2': { type: 'font/woff2', compress: false },
  '.woff': { type: 'font/woff', compress: false },
  '.webp': { type: 'image/webp', compress: false },
  '.png': { type: 'image/png', compress: false },
  '.jpg': { type: 'image/jpeg', compress: false },
  '.avif': { type: 'image/avif', compress: false },
}

/** Below this a compressed copy saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024

interface AssetFile {
  type: string
  identity: Buffer
  etag: string
  /** Compressed copies, made once on first use; absent for files not worth compressing. */
  encoded?: Partial<Record<Encoding, Promise<Buffer>>>
  /** The copies already made, for an answer that cannot wait. */
  made: Partial<Record<Encoding, Buffer>>
}

/** The file in `encoding`, made on first use and kept. */
function encoded(file: AssetFile, encoding: Encoding): Promise<Buffer> {
  const copies = file.encoded!
  let copy = copies[encoding]
  if (!copy) {
    // Brotli 10, not 11: 1-2 % larger for a third of the time (0.3 s for the largest script).
    copy = encode(file.identity, encoding, 10)
    copy.then(
      (bytes) => void (file.made[encoding] = bytes),
      () => undefined,
    )
    // A failed compression (out of memory) is tried again by the next visitor, not remembered.
    copy.catch(() => {
      if (copies[encoding] === copy) delete copies[encoding]
    })
    copies[encoding] = copy
  }
  return copy
}

/** Every file of `dir` this module serves, by file name. Other files are left to the caller. */
export function readAssetFiles(dir: string): Map<string, AssetFile> {
  const files = new Map<string, AssetFile>()
  if (!fs.existsSync(dir)) return files
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const kind = entry.isFile() ? TYPES[path.extname(entry.name).toLowerCase()] : undefined
    if (!kind) continue
    const file = path.join(dir, entry.name)
    const identity = fs.readFileSync(file)
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27)
    const encoded: AssetFile['encoded'] =
      kind.compress && identity.length >= MIN_COMPRESS_BYTES ? {} : undefined
    const made: AssetFile['made'] = {}
    // Copies a build compressed itself (app.js.br, app.js.gz) are used as they are.
    if (encoded) {
      for (const [encoding, extension] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        if (fs.existsSync(file + extension)) {
          made[encoding] = fs.readFileSync(file + extension)
          encoded[encoding] = Promise.resolve(made[encoding])
        }
      }
    }
    files.set(entry.name, { type: kind.type, identity, etag: `"${hash}"`, encoded, made })
  }
  return files
}

/** The headers that differ from file to file (or from visitor to visitor); the rest are shared. */
const FILE_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'etag',
  'cache-control',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
])

/**
 * A GET (and HEAD) route for each of `files` under `prefix` ('/assets/'), with `cacheControl`.
 * Compression is this module's, so @fastify/compress is off on these routes.
 *
 * Returns the same answers for the server's front door (front-door.ts), without Fastify: it
 * answers once the first file has gone out through Fastify, whose hooks' headers (the security
 * headers) it then sends with every file, and until then, and for a copy not compressed yet or a
 * name it does not know exactly (a query string, an escape), leaves the request to the routes.
 */
export function registerAssetFiles(
  app: FastifyInstance,
  files: Map<string, AssetFile>,
  prefix: string,
  cacheControl: string,
): FrontDoorAnswer {
  const headersOf = (file: AssetFile): OutgoingHttpHeaders => ({
    'content-type': file.type,
    'cache-control': cacheControl,
    etag: file.etag,
    ...(file.encoded ? { vary: 'accept-encoding' } : {}),
  })
  let common: OutgoingHttpHeaders | undefined
  const learn: onSendHookHandler = (_request, reply, payload, done) => {
    if (common === undefined && reply.statusCode < 400) {
      common = Object.fromEntries(
        Object.entries(reply.getHeaders()).filter(([name]) => !FILE_HEADERS.has(name)),
      )
    }
    done(null, payload)
  }
  for (const [name, file] of files) {
    const send = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.headers(headersOf(file))
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send()
      if (file.encoded) {
        const encoding = acceptedEncoding(request)
        if (encoding !== undefined) {
          const bytes = await encoded(file, encoding).catch(() => undefined)
          if (bytes) return reply.header('Content-Encoding', encoding).send(bytes)
        }
      }
      return reply.send(file.identity)
    }
    app.get(
      `${prefix}${name}`,
      { compress: false, schema: { querystring: anyQuery }, onSend: learn },
      send,
    )
  }

  return (req, res) => {
    if (common === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) return false
    const url = req.url ?? ''
    const file = url.startsWith(prefix) ? files.get(url.slice(prefix.length)) : undefined
    if (!file) return false
    const headers = { ...common, ...headersOf(file) }
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers).end()
      return true
    }
    let body = file.identity
    const encoding = file.encoded ? acceptedEncoding(req) : undefined
    if (encoding !== undefined) {
      const copy = file.made[encoding]
      if (!copy) return false
      body = copy
      headers['content-encoding'] = encoding
    }
    headers['content-length'] = body.length
    res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body)
    return true
  }
}
