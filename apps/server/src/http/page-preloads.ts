// What a page's HTML carries for its first paint, from the Vite manifest
// (apps/web/dist/.vite/manifest.json): every stylesheet the server-rendered page uses, inline, so
// it is styled by its first paint with no round trip for a render-blocking file. Those are the
// sheets of the hydration module (src/app/main.tsx, which the entry loads on every page once the
// page has been painted, decision 240) with the route table it loads as one of its steps
// (decision 250: the layout, header and footer), and of the page's route module
// (src/app/routes/<route id>.tsx) with everything it may render. No modulepreloads: the page's
// code is fetched after its first paint, by the entry.
import fs from 'node:fs'
import path from 'node:path'
import { inlineCssTag } from './inline-css.js'

interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

export function readManifest(webDist: string): Manifest | undefined {
  const file = path.join(webDist, '.vite', 'manifest.json')
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
  } catch {
    return undefined
  }
}

/** The manifest key of a route's module. */
export function routeModuleKey(routeId: string): string {
  return `src/app/routes/${routeId}.tsx`
}

/**
 * The chunks `keys` stand for and everything they import (lazily too, with `dynamic`), never
 * going into a chunk `stop` names. A route module imports shared code from the route table's
 * chunk, which lazily imports every page and the admin console: followed, every page would carry
 * the whole site's stylesheets.
 */
function closure(
  manifest: Manifest,
  keys: readonly string[],
  dynamic: boolean,
  stop: (key: string) => boolean = () => false,
): Map<string, ManifestChunk> {
  const out = new Map<string, ManifestChunk>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || out.has(key)) return
    out.set(key, chunk)
    chunk.imports?.filter((next) => !stop(next)).forEach(visit)
    if (dynamic) chunk.dynamicImports?.filter((next) => !stop(next)).forEach(visit)
  }
  keys.forEach(visit)
  return out
}

/** The module the entry loads on every page to make it live. */
export const HYDRATION_MODULE = 'src/app/main.tsx'

/**
 * The route table with the layout, header and footer: the hydration module imports it as one of
 * its steps (decision 250), so every page loads it and its sheets are the shell's. What it
 * imports lazily (every page, the admin console, the radio bar) is not.
 */
export const ROUTE_TABLE_MODULE = 'src/app/route-table.tsx'

/** What one page's HTML gets: its stylesheets as `<style>` (inline-css.ts), for <head>. */
export interface PageHints {
  styles: string
}

/**
 * The hints per route, worked out once from the manifest and cached. A page's stylesheets are
 * the hydration module's (beyond the entry's, which index.html inlines) and those of everything
 * its route module may render, lazy parts included (Home renders its lazily loaded sections on
 * the server), but not other pages'.
 */
export function pagePreloader(
  manifest: Manifest | undefined,
  webDist: string,
): (routeIds: readonly string[]) => PageHints {
  if (!manifest) return () => ({ styles: '' })
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const inIndexHtml = new Set(
    [...closure(manifest, entryKeys, false).values()].flatMap((chunk) => chunk.css ?? []),
  )
  const shell = closure(manifest, [...entryKeys, HYDRATION_MODULE, ROUTE_TABLE_MODULE], false)
  const cssOf = (chunks: Map<string, ManifestChunk>) => [
    ...new Set([...chunks.values()].flatMap((chunk) => chunk.css ?? [])),
  ]
  const shellCss = new Set(cssOf(shell).filter((file) => !inIndexHtml.has(file)))
  const cache = new Map<string, PageHints>()
  return (routeIds) => {
    const keys = routeIds.map(routeModuleKey).filter((key) => manifest[key] !== undefined)
    const cacheKey = keys.join(' ')
    const cached = cache.get(cacheKey)
    if (cached) return cached
    const own = new Set(keys)
    const elsewhere = (key: string) =>
      shell.has(key) || (key.startsWith('src/app/routes/') && !own.has(key))
    const pageCss = cssOf(closure(manifest, keys, true, elsewhere)).filter(
      (file) => !inIndexHtml.has(file) && !shellCss.has(file),
    )
    const hints = {
      styles: [...shellCss, ...pageCss]
        .map(
          (file) =>
            inlineCssTag(webDist, file) ?? `<link rel="stylesheet" crossorigin href="/${file}">`,
        )
        .join(''),
    }
    cache.set(cacheKey, hints)
    return hints
  }
}
