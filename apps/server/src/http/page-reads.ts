// Which API requests are a page render's own reads. A render's reads (GETs, and storage's list,
// which the protocol makes a POST) are answered in-process (server-render.ts) and carry a header
// with a secret made at start-up; the API hook in app.ts
// claims them: it strips the header (no policy, log or handler ever sees it), and runs the request
// as the site (db/fair-pool.ts `pageRead`: the page-read pool, no visitor's share). The header never
// leaves the process, and a visitor who sends it without the secret is an ordinary visitor.
import crypto from 'node:crypto'

export const PAGE_READ_HEADER = 'x-rentdue-page-read'

/** Whether a request only reads: a GET or HEAD, or a storage list (a POST with its options). */
export function isReadRequest(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD') return true
  return method === 'POST' && url.startsWith('/storage/v1/object/list/')
}

export interface PageReads {
  /** The header a render's reads carry. */
  readonly headers: Readonly<Record<string, string>>
  /** Whether `request` is a render's read (a read with the secret); strips the header. */
  claim(request: RequestLike): boolean
  /** Whether `request` was claimed, or carries the secret (for the request log, before the hook). */
  isPageRead(request: RequestLike): boolean
}

interface RequestLike {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  raw?: object
}

export function createPageReads(): PageReads {
  const secret = crypto.randomBytes(24).toString('base64url')
  const expected = Buffer.from(secret)
  const claimed = new WeakSet<object>()
  const carriesSecret = (request: RequestLike) => {
    const sent = request.headers[PAGE_READ_HEADER]
    if (typeof sent !== 'string' || sent.length !== secret.length) return false
    return crypto.timingSafeEqual(Buffer.from(sent), expected)
  }
  return {
    headers: { [PAGE_READ_HEADER]: secret },
    claim(request) {
      const ok = isReadRequest(request.method, request.url) && carriesSecret(request)
      delete request.headers[PAGE_READ_HEADER]
      if (ok) claimed.add(request.raw ?? request)
      return ok
    },
    isPageRead: (request) => claimed.has(request.raw ?? request) || carriesSecret(request),
  }
}
