// What a page's HTML carries so that it paints at once and goes live as soon as its code is in
// (decision 302), from the route → assets map the web build emits (dist/.vite/route-assets.json):
// - every stylesheet the server-rendered page uses, inline (inline-css.ts), so its first paint
//   needs no round trip for a render-blocking file;
// - a preload for each font its first paint draws text in, so the text is not painted a second
//   time, larger, once the inline stylesheet has asked for them;
// - a modulepreload for each module it needs to hydrate: the entry, the hydration code (React
//   DOM, the router, the route table) and the page's own route module, so they load in parallel
//   from the first bytes of the HTML instead of one after another.
// The map names built files only; which of them a page needs is worked out by the web build.
import fs from 'node:fs'
import path from 'node:path'
import type { PageAssets, RouteAssets } from '../../../web/src/app/render-contract.js'
import { inlineCssTag } from './inline-css.js'

export function readRouteAssets(webDist: string): RouteAssets | undefined {
  const file = path.join(webDist, '.vite', 'route-assets.json')
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as RouteAssets
  } catch {
    return undefined
  }
}

/** What one page's HTML gets in its <head>. */
export interface PageHints {
  /**
   * The fonts' `<link rel="preload">` tags, `<link rel="modulepreload">` tags, then its
   * stylesheets as `<style>` (inline-css.ts).
   */
  head: string
}

const ASSET_FILE = /^assets\/[\w.-]+\.(?:js|css)$/
const FONT_FILE = /^assets\/[\w.-]+\.woff2$/

/** The hints per list of matched route ids, worked out once per list and cached. */
export function pagePreloader(
  assets: RouteAssets | undefined,
  webDist: string,
): (routeIds: readonly string[]) => PageHints {
  if (!assets) return () => ({ head: '' })
  // Every page's: the same tags in each.
  const fonts = assets.fonts
    .filter((file) => FONT_FILE.test(file))
    .map((file) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`)
    .join('')
  const cache = new Map<string, PageHints>()
  return (routeIds) => {
    const cacheKey = routeIds.join(' ')
    const cached = cache.get(cacheKey)
    if (cached) return cached
    const own = routeIds
      .map((id) => (Object.hasOwn(assets.routes, id) ? assets.routes[id] : undefined))
      .filter((page): page is PageAssets => page !== undefined)
    const all = [assets.shell, ...own]
    // Only the build's own hashed files: the map is ours, but a name never reaches the HTML raw.
    const files = (pick: (page: PageAssets) => string[]) =>
      [...new Set(all.flatMap(pick))].filter((file) => ASSET_FILE.test(file))
    const preloads = files((page) => page.modules).map(
      (file) => `<link rel="modulepreload" href="/${file}">`,
    )
    const styles = files((page) => page.styles).map(
      (file) =>
        inlineCssTag(webDist, file) ?? `<link rel="stylesheet" crossorigin href="/${file}">`,
    )
    const hints = { head: fonts + preloads.join('') + styles.join('') }
    cache.set(cacheKey, hints)
    return hints
  }
}
