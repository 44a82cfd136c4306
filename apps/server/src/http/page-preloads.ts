// What a page needs next, fetched together with the entry script (decision 163): the page's own
// chunk with its static imports and stylesheets, and supabase-js, which every page loads right
// after its first render (the radio bar, the page's data). Without these hints the browser learns
// of each only after the previous one has run: entry → page chunk → supabase-js → the data.
// Found in the Vite manifest (apps/web/dist/.vite/manifest.json); paths without a page chunk
// here get the supabase-js hint alone.
import fs from 'node:fs'
import path from 'node:path'
import { inlineCssTag } from './inline-css.js'
import { normalisePath } from './route-meta.js'

/** Each route's page module as apps/web/src/app/router.tsx loads it (manifest keys). */
const PAGE_MODULES: ReadonlyMap<string, string> = new Map([
  ['/', 'src/app/home-route.tsx'],
  ['/episodes', 'src/features/episodes/episodes-page.tsx'],
  ['/soundtrack', 'src/features/soundtrack/soundtrack-page.tsx'],
  ['/news', 'src/app/news-route.tsx'],
  ['/games', 'src/features/games/games-page.tsx'],
  ['/shop', 'src/app/shop-route.tsx'],
  ['/bts', 'src/features/bts/bts-page.tsx'],
  ['/creators', 'src/features/creators/creators-page.tsx'],
  ['/cast', 'src/features/cast/cast-page.tsx'],
])

interface ManifestChunk {
  file: string
  imports?: string[]
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

/** The chunks `keys` stand for and everything they import statically, in load order. */
function closure(manifest: Manifest, keys: readonly string[]): ManifestChunk[] {
  const seen = new Set<string>()
  const out: ManifestChunk[] = []
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    out.push(chunk)
    chunk.imports?.forEach(visit)
  }
  keys.forEach(visit)
  return out
}

/** What one page's HTML gets: inline stylesheets for <head>, hints for the deferred template. */
export interface PageHints {
  /** The page's own stylesheets as `<style>` (inline-css.ts), for pages whose first paint uses them. */
  head: string
  /** modulepreload and style preload links, loaded with the entry script after the first paint. */
  deferred: string
}

export interface PagePreloaderOptions {
  webDist: string
  /** Paths whose server first paint draws page content styled by the page's own stylesheets. */
  inlineStylesFor: ReadonlySet<string>
}

/**
 * The hints per page, worked out once from the manifest: modulepreload for JS the entry does not
 * already preload, and the page's stylesheets — inline for the pages in `inlineStylesFor`, else a
 * preload (Vite's loader then adds the stylesheet itself, from the cache). The function returns
 * them for a request's pathname.
 */
export function pagePreloader(
  manifest: Manifest | undefined,
  options?: PagePreloaderOptions,
): (pathname: string) => PageHints {
  if (!manifest) return () => ({ head: '', deferred: '' })
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const loaded = new Set(
    closure(manifest, entryKeys).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]),
  )
  const client = Object.keys(manifest).find((key) =>
    key.includes('node_modules/@supabase/supabase-js/'),
  )
  const hintsFor = (page: string | undefined, inlineStyles: boolean): PageHints => {
    const chunks = closure(
      manifest,
      [page, client].filter((key) => key !== undefined),
    )
    const scripts = chunks
      .filter((chunk) => !loaded.has(chunk.file))
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`)
    const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter(
      (file) => !loaded.has(file),
    )
    const inline = new Map(
      inlineStyles && options
        ? css.map((file) => [file, inlineCssTag(options.webDist, file)] as const)
        : [],
    )
    const styles = css
      .filter((file) => inline.get(file) === undefined)
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`)
    return {
      head: [...inline.values()].filter((tag) => tag !== undefined).join(''),
      deferred: [...scripts, ...styles].join(''),
    }
  }
  const byPath = new Map(
    [...PAGE_MODULES].map(([route, page]) => [
      route,
      hintsFor(page, options?.inlineStylesFor.has(route) ?? false),
    ]),
  )
  const otherPaths = hintsFor(undefined, false)
  return (pathname) => byPath.get(normalisePath(pathname)) ?? otherPaths
}
