// The server entry (built by Vite's SSR build into dist/server/entry-server.js and loaded by
// apps/server's static site): one request in, the page's HTML out, rendered by the very
// components the browser hydrates. The route loaders read through the same features/*/api
// functions as in the browser, with an anonymous supabase-js client whose requests the server
// answers in-process, so row level security decides exactly as it does for a visitor.
import { StrictMode, type ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router'
import { Writable } from 'node:stream'
import { createAnonClient } from '../lib/supabase'
import { routeHeadOf } from './route-handle'
import { routerDataScript } from './router-data'
import { routes } from './route-table'
import type { PageMatch, RenderedPage, RenderRequest } from './render-contract'

/** How long a render may take before it is abandoned (the browser then renders the page). */
export const RENDER_TIMEOUT_MS = 5000

const handler = createStaticHandler(routes)

/**
 * Which page `pathname` is, without rendering it: the server's render cache keys on the matched
 * routes (not the path), so '/?x', '/episodes/' and every unknown path share their page's entry.
 */
export function matchPage(pathname: string): PageMatch {
  const matches = matchRoutes(handler.dataRoutes, pathname) ?? []
  const segments = matches.flatMap((m) => (m.route.path ?? '').split('/').filter(Boolean))
  const params: Record<string, string> = {}
  for (const [name, value] of Object.entries(matches.at(-1)?.params ?? {})) {
    if (name !== '*' && value !== undefined) params[name] = value
  }
  return { routeIds: matches.map((m) => m.route.id), pattern: `/${segments.join('/')}`, params }
}

/**
 * The site's public pages with a path of their own (for sitemap.xml): every page of the route
 * table but those that take a parameter or any path (an episode's page, EVICTED, the console).
 */
export function publicPaths(): string[] {
  const paths: string[] = []
  const walk = (list: readonly RouteObject[], base: string) => {
    for (const route of list) {
      if (route.id === 'admin') continue
      const path = route.index ? base : route.path === undefined ? base : joinPath(base, route.path)
      if (route.children) walk(route.children, path)
      else if ((route.index || route.path !== undefined) && !/[:*]/.test(path)) paths.push(path)
    }
  }
  walk(routes, '/')
  return [...new Set(paths)]
}

function joinPath(base: string, path: string): string {
  if (path.startsWith('/')) return path
  return `${base.replace(/\/+$/, '')}/${path}`
}

/** A render that sends the browser elsewhere instead of a page. */
const NO_PAGE: Omit<RenderedPage, 'status'> = {
  title: '',
  description: '',
  noindex: true,
  html: '',
  data: '',
  routeIds: [],
  complete: false,
}

/** A read that did not succeed, anywhere in the loaders' results (lib/read-result.ts shapes). */
function hasMissingData(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasMissingData)
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  if (record.status === 'unavailable' || record.status === 'failed' || record.failed === true) {
    return true
  }
  return Object.values(record).some(hasMissingData)
}

/** React's streaming render, collected once every Suspense boundary has its content. */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
      final(done) {
        clearTimeout(timer)
        resolve(Buffer.concat(chunks).toString('utf8'))
        done()
      },
    })
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, however large: no inline script is needed to put outlined
      // content in place (the CSP allows none), and the page is complete before it is sent.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: (error) => {
        clearTimeout(timer)
        reject(error)
      },
      onError: (error) => console.error('Rendering the page failed in part', error),
    })
    const timer = setTimeout(() => {
      stream.abort(new Error(`the render took longer than ${RENDER_TIMEOUT_MS} ms`))
      reject(new Error(`the render took longer than ${RENDER_TIMEOUT_MS} ms`))
    }, RENDER_TIMEOUT_MS)
  })
}

export async function render({
  request,
  supabaseUrl,
  anonKey,
  fetch,
}: RenderRequest): Promise<RenderedPage> {
  const supabase = await createAnonClient(supabaseUrl, anonKey, fetch)
  // A post (a form sent by the browser itself) runs the route's action first: the page is then
  // rendered with its outcome as the router's action data (decision 300).
  const context = await handler.query(request, { requestContext: { supabase } })
  if (context instanceof Response) {
    const location = context.headers.get('Location')
    if (context.status >= 300 && context.status < 400 && location) {
      return { ...NO_PAGE, status: context.status, redirect: location }
    }
    throw new Error(`a loader answered ${context.status} instead of data`)
  }
  const handle = routeHeadOf(
    context.matches.map((m) => ({ handle: m.route.handle, data: context.loaderData[m.route.id] })),
  )
  const page = {
    status: context.errors ? context.statusCode : (handle?.status ?? context.statusCode),
    title: handle?.title ?? '',
    description: handle?.description ?? '',
    noindex: handle?.noindex ?? false,
    ...(handle?.image ? { image: handle.image } : {}),
    routeIds: context.matches.map((m) => m.route.id),
  }
  if (handle?.clientOnly) return { ...page, html: '', data: '', complete: true }

  const router = createStaticRouter(handler.dataRoutes, context)
  const html = await renderToHtml(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  )
  const data = routerDataScript({
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: null,
  })
  const complete = !context.errors && !hasMissingData(context.loaderData)
  return { ...page, html, data, complete }
}
