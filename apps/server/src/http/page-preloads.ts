// What a page's HTML carries for the code it runs next, from the Vite manifest
// (apps/web/dist/.vite/manifest.json): modulepreload links for its route module's chunk and that
// chunk's static imports (so they load beside the entry instead of after it), and its
// stylesheets inline (the server-rendered page is styled by its first paint, with no round trip
// for a render-blocking file). A route's module is apps/web/src/app/routes/<route id>.tsx.
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

/** The chunks `keys` stand for and everything they import (lazily too, with `dynamic`). */
function closure(manifest: Manifest, keys: readonly string[], dynamic: boolean): ManifestChunk[] {
  const seen = new Set<string>()
  const out: ManifestChunk[] = []
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    out.push(chunk)
    chunk.imports?.forEach(visit)
    if (dynamic) chunk.dynamicImports?.forEach(visit)
  }
  keys.forEach(visit)
  return out
}

/** What one page's HTML gets. */
export interface PageHints {
  /** The page's stylesheets as `<style>` (inline-css.ts), for <head>. */
  styles: string
  /** modulepreload links for the page's chunks the entry does not already load. */
  modules: string
}

/**
 * The hints per route, worked out once from the manifest and cached. A page's stylesheets are
 * those of everything its module may render, lazy parts included (Home renders its lazily
 * loaded sections on the server); its modulepreloads are its static imports only.
 */
export function pagePreloader(
  manifest: Manifest | undefined,
  webDist: string,
): (routeIds: readonly string[]) => PageHints {
  if (!manifest) return () => ({ styles: '', modules: '' })
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const loaded = new Set(
    closure(manifest, entryKeys, false).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]),
  )
  const cache = new Map<string, PageHints>()
  return (routeIds) => {
    const keys = routeIds.map(routeModuleKey).filter((key) => manifest[key] !== undefined)
    const cacheKey = keys.join(' ')
    const cached = cache.get(cacheKey)
    if (cached) return cached
    const modules = closure(manifest, keys, false)
      .filter((chunk) => !loaded.has(chunk.file))
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`)
    const css = [
      ...new Set(closure(manifest, keys, true).flatMap((chunk) => chunk.css ?? [])),
    ].filter((file) => !loaded.has(file))
    const hints = {
      styles: css
        .map(
          (file) =>
            inlineCssTag(webDist, file) ?? `<link rel="stylesheet" crossorigin href="/${file}">`,
        )
        .join(''),
      modules: modules.join(''),
    }
    cache.set(cacheKey, hints)
    return hints
  }
}
