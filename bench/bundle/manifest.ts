// Reading Vite's build manifest (dist/.vite/manifest.json, build.manifest in vite.config.ts): the
// entry chunk and the hydration module with their static-import closure (what every page loads),
// and which chunks belong to the games or the admin console.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

export interface ManifestChunk {
  file: string
  name?: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

export type Manifest = Record<string, ManifestChunk>

export function readManifest(webDist: string): Manifest {
  const file = path.join(webDist, '.vite', 'manifest.json')
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: build with build.manifest: true (npm run build)`)
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
}

/** gzip -9 size of a built file, in bytes. */
export function gzipSize(webDist: string, file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(webDist, file)), { level: 9 }).length
}

/** The manifest key of the HTML entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry)
  if (!key) throw new Error('no entry chunk in the manifest')
  return key
}

/**
 * The module the entry (boot.ts) loads on every page once it has been painted, to make it live
 * (decision 240). It is part of what every page costs, so the entry figure counts it.
 */
export const HYDRATION_MODULE = 'src/app/main.tsx'

/**
 * What every page loads to become live: the entry, the hydration module and the modules that one
 * imports, statically or one step at a time (decision 250: React DOM, the router, the route
 * table), with all their static imports. The page's own route chunk is not in it.
 */
export function hydrationClosure(manifest: Manifest): string[] {
  const stages = manifest[HYDRATION_MODULE]?.dynamicImports ?? []
  return staticClosure(manifest, entryKey(manifest), HYDRATION_MODULE, ...stages)
}

/** The chunks `keys` name and every chunk they import statically, transitively (keys). */
export function staticClosure(manifest: Manifest, ...keys: string[]): string[] {
  const seen = new Set<string>()
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return
    seen.add(k)
    for (const i of manifest[k]?.imports ?? []) visit(i)
  }
  keys.forEach(visit)
  return [...seen]
}

const FORBIDDEN: readonly { label: string; pattern: RegExp }[] = [
  { label: 'fan-quiz', pattern: /features\/fan-quiz\// },
  { label: 'bill-collector', pattern: /features\/bill-collector\// },
  { label: 'whack-a-bertha', pattern: /features\/whack-a-bertha\// },
  { label: 'penny-pinchers', pattern: /features\/penny-pinchers\// },
  { label: 'packages/games', pattern: /packages\/games\/|@rent-due\/games/ },
  { label: 'admin', pattern: /features\/admin\/|app\/admin-/ },
]

/**
 * Chunk files that belong to a game or the admin console: the chunks of those sources, plus the
 * chunks only they import (statically or lazily). A chunk shared with anything else is not one.
 */
export function forbiddenChunks(manifest: Manifest): Map<string, string> {
  const owner = new Map<string, string>()
  for (const [key, chunk] of Object.entries(manifest)) {
    const hit = FORBIDDEN.find((f) => f.pattern.test(chunk.src ?? key))
    if (hit) owner.set(key, hit.label)
  }
  const importers = new Map<string, string[]>()
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const i of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      importers.set(i, [...(importers.get(i) ?? []), key])
    }
  }
  // Grow the set: a chunk all of whose importers are forbidden is forbidden too.
  for (let changed = true; changed;) {
    changed = false
    for (const [key, from] of importers) {
      if (owner.has(key) || from.length === 0) continue
      if (from.every((f) => owner.has(f))) {
        owner.set(key, owner.get(from[0] ?? '') ?? 'game/admin')
        changed = true
      }
    }
  }
  const byFile = new Map<string, string>()
  for (const [key, label] of owner) {
    const file = manifest[key]?.file
    if (file) byFile.set(file, label)
  }
  return byFile
}
