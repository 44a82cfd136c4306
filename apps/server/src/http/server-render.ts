// The web build's server entry (apps/web src/app/entry-server.tsx, built by `vite build --ssr`
// into dist/server/entry-server.js): loaded once at start-up, it renders each page's HTML and
// says which page a path is (`matchPage`, for the render cache). Its route loaders read through
// supabase-js as anon; their requests are answered by this very app in-process (Fastify's inject:
// no socket, the same routes, hooks, grants and row level security as a visitor's request).
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type {
  MatchPage,
  PageMatch,
  PublicPaths,
  RenderedPage,
  RenderPage,
} from '../../../web/src/app/render-contract.js'
import { readDependency } from './page-dependencies.js'
import { isReadRequest, type PageReads } from './page-reads.js'

export type { RenderedPage, MatchPage, PageMatch }

export interface ServerEntry {
  render: RenderPage
  matchPage: MatchPage
  /** The public pages with a path of their own (sitemap.xml); a build without it has none. */
  publicPaths?: PublicPaths
}

export function serverEntryPath(webDist: string): string {
  return path.join(webDist, 'server', 'entry-server.js')
}

/** The build's render functions, or undefined for a build without them (a static SPA build). */
export async function loadServerEntry(webDist: string): Promise<ServerEntry | undefined> {
  const file = serverEntryPath(webDist)
  if (!fs.existsSync(file)) return undefined
  // React's server renderer (a dependency the entry imports) picks its development build unless
  // told otherwise: slower, and it is the production build the browser's bundle matches.
  process.env.NODE_ENV ??= 'production'
  const entry = (await import(pathToFileURL(file).href)) as Partial<ServerEntry>
  if (typeof entry.render !== 'function') throw new Error(`${file} exports no render function`)
  if (typeof entry.matchPage !== 'function') throw new Error(`${file} exports no matchPage`)
  const { render, matchPage, publicPaths } = entry
  return typeof publicPaths === 'function'
    ? { render, matchPage, publicPaths }
    : { render, matchPage }
}

const BODYLESS = new Set([101, 204, 205, 304])

/**
 * A fetch whose requests `app` answers in-process, whatever origin their URL names. They come from
 * `remoteAddress`, the visitor the page is rendered for, so they count against that visitor's
 * share of the database (db/fair-pool.ts) and the per-address limits in PostgreSQL as their
 * browser's own would: the way for a page's writes (a form's action). `extraHeaders` are added
 * to every request.
 */
export function inProcessFetch(
  app: FastifyInstance,
  remoteAddress: string,
  extraHeaders: Readonly<Record<string, string>> = {},
): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
    const response = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: { ...Object.fromEntries(request.headers), ...extraHeaders },
      remoteAddress,
      ...(body ? { payload: body } : {}),
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one))
    }
    return new Response(BODYLESS.has(response.statusCode) ? null : response.rawPayload, {
      status: response.statusCode,
      headers,
    })
  }
}

/** One API request a render made: what it read (for invalidation) and whether it succeeded. */
export interface PageRead {
  /** What changes would make the page stale: `public.news`, `storage`, or `*` (anything). */
  dependsOn: string
  /** The HTTP status; 0 when no answer came in time. */
  status: number
}

export interface PageFetchOptions {
  pageReads: PageReads
  /** The visitor the page is rendered for; their writes are theirs. None for a cached render. */
  visitor?: string
  /** A read not answered within this is a 503 to the render (the page is then not cached). */
  readTimeoutMs: number
  onRead(read: PageRead): void
}

/** The address in-process page reads come from: the site itself. */
const SITE_ADDRESS = '127.0.0.1'

/**
 * The fetch a page render reads with: its reads are the site's own (page-reads.ts: the page-read
 * pool, no visitor's share), bounded in time, each reported to `onRead`; anything else (a form
 * action's insert) goes as the visitor, like inProcessFetch.
 */
export function pageFetch(app: FastifyInstance, opts: PageFetchOptions): typeof globalThis.fetch {
  const asSite = inProcessFetch(app, SITE_ADDRESS, opts.pageReads.headers)
  const asVisitor = opts.visitor === undefined ? undefined : inProcessFetch(app, opts.visitor)
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (!isReadRequest(request.method, url.pathname)) {
      if (!asVisitor) throw new Error('a page rendered for no visitor cannot write')
      return asVisitor(request)
    }
    const dependsOn = readDependency(url.pathname, request.headers.get('accept-profile'))
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<Response>((resolve) => {
      timer = setTimeout(
        () => resolve(new Response('{"message":"the page read took too long"}', { status: 503 })),
        opts.readTimeoutMs,
      )
    })
    try {
      const response = await Promise.race([asSite(request), late])
      opts.onRead({ dependsOn, status: response.status })
      return response
    } catch (error) {
      opts.onRead({ dependsOn, status: 0 })
      throw error
    } finally {
      clearTimeout(timer)
    }
  }
}
