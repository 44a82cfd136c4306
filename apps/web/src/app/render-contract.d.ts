// The contract between the web build's server entry (entry-server.tsx, built by `vite build
// --ssr`) and the server that loads it (apps/server src/http/server-render.ts): what one render
// gets and what it gives back. Types only, in one declaration file that both sides import, so the
// two cannot drift apart and the server's build (rootDir src) takes no web source with it.

export interface RenderRequest {
  /** The page request, its URL on the site's public origin: a GET, or a form's POST. */
  request: Request
  /** Where the browser reaches the API: the base of every public URL in the page. */
  supabaseUrl: string
  anonKey: string
  /** Answers the API's requests (in-process on our server). */
  fetch: typeof globalThis.fetch
}

export interface RenderedPage {
  /** 200, 404 for the EVICTED page, or a posted form's outcome (400, 429, 503). */
  status: number
  /** Head tags: the matched route's handle. */
  title: string
  description: string
  noindex: boolean
  /** The link preview image (an episode's thumbnail), a site path or an https URL; else the site's. */
  image?: { src: string; alt: string }
  /** The markup for #root; empty for a page rendered only in the browser (the admin console). */
  html: string
  /** The router's hydration data as an inert JSON script element; empty with `html`. */
  data: string
  /** The matched routes' ids (their modules are app/routes/<id>.tsx), outermost first. */
  routeIds: string[]
  /** Every read the page needed succeeded: the HTML may be cached. */
  complete: boolean
  /** An action's redirect (`status` 3xx): where to send the browser instead of a page. */
  redirect?: string
}

/** What entry-server.js exports as `render`. */
export type RenderPage = (render: RenderRequest) => Promise<RenderedPage>

/** Which page a path is, without rendering it: what the server's render cache keys on. */
export interface PageMatch {
  /** The matched routes' ids, outermost first (as RenderedPage.routeIds). */
  routeIds: string[]
  /** The matched routes' paths joined, e.g. '/games/fan-quiz'; '/*' for any unknown path. */
  pattern: string
  /** The dynamic segments the routes read (an episode's slug; a splat is not read by any page). */
  params: Record<string, string>
}

/** What entry-server.js exports as `matchPage`. */
export type MatchPage = (pathname: string) => PageMatch

/** What entry-server.js exports as `publicPaths`: the pages with a path of their own, '/' first. */
export type PublicPaths = () => string[]

/**
 * What the browser build emits for the server (apps/web build/route-assets.ts, in
 * dist/.vite/route-assets.json): per route id, the files (relative to dist) a page's HTML
 * modulepreloads and the stylesheets it carries inline, besides those of every page (`shell`);
 * and the font files every page preloads.
 */
export interface RouteAssets {
  /** Font files (relative to dist) every page preloads: the first paint's text is drawn in them. */
  fonts: string[]
  shell: PageAssets
  routes: Record<string, PageAssets>
}

export interface PageAssets {
  /** JS files to modulepreload, in the order they are needed. */
  modules: string[]
  /** CSS files to put inline. */
  styles: string[]
}
