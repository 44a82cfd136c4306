// The web build's server entry (apps/web src/app/entry-server.tsx, built by `vite build --ssr`
// into dist/server/entry-server.js): loaded once at start-up, it renders each page's HTML. Its
// route loaders read through supabase-js as anon; their requests are answered by this very app
// in-process (Fastify's inject: no socket, the same routes, hooks, grants and row level
// security as a visitor's request).
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { RenderedPage, RenderPage } from '../../../web/src/app/render-contract.js'

export type { RenderedPage }

export function serverEntryPath(webDist: string): string {
  return path.join(webDist, 'server', 'entry-server.js')
}

/** The build's render function, or undefined for a build without one (a static SPA build). */
export async function loadServerEntry(webDist: string): Promise<RenderPage | undefined> {
  const file = serverEntryPath(webDist)
  if (!fs.existsSync(file)) return undefined
  // React's server renderer (a dependency the entry imports) picks its development build unless
  // told otherwise: slower, and it is the production build the browser's bundle matches.
  process.env.NODE_ENV ??= 'production'
  const entry = (await import(pathToFileURL(file).href)) as { render?: RenderPage }
  if (typeof entry.render !== 'function') throw new Error(`${file} exports no render function`)
  return entry.render
}

const BODYLESS = new Set([101, 204, 205, 304])

/**
 * A fetch whose requests `app` answers in-process, whatever origin their URL names. They come from
 * `remoteAddress`, the visitor the page is rendered for, so the reads count against that visitor's
 * share of the database (db/fair-pool.ts) as their browser's own would.
 */
export function inProcessFetch(
  app: FastifyInstance,
  remoteAddress: string,
): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
    const response = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
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
