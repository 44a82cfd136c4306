// The route → assets map the browser build emits for the server (dist/.vite/route-assets.json,
// decision 302): per page (its route id, the file name of its module under src/app/routes/),
// the modules to modulepreload from its HTML and the stylesheets to put in it, worked out here
// from the bundle, where the source paths are known. The server reads the map and nothing else of
// the build's structure: it never names a web source file.
//
// - `shell`: what every page loads to go live: the entry (boot.ts), the hydration module
//   (main.tsx) and each module it imports (React DOM, the router, the route table with the layout,
//   header and footer), with their static imports. Its stylesheets beyond the entry's own (which
//   index.html links and the server inlines anyway).
// - `routes[id]`: the page's route module with its static imports (not in the shell), and the
//   stylesheets of everything it may render, lazy parts included (Home renders its lazily loaded
//   sections on the server), never going into the shell's chunks or another page's module.
// - `fonts`: the built files of the fonts every page preloads (font-subsets.ts names them), so the
//   server needs no pattern for their hashed names.
import path from 'node:path'
import type { Plugin } from 'vite'
import { isHydrationModule } from './chunk-groups.ts'
import { PRELOADED_FONTS } from './font-subsets.ts'
import type { RouteAssets } from '../src/app/render-contract'

/** Where the map lands in the browser build (beside Vite's own manifest). */
export const ROUTE_ASSETS_FILE = '.vite/route-assets.json'

/** A chunk of the browser build, as far as the map needs it. */
export interface BuiltChunk {
  file: string
  /** The modules it holds, relative to the web root (`src/app/main.tsx`). */
  modules: readonly string[]
  isEntry: boolean
  imports: readonly string[]
  dynamicImports: readonly string[]
  css: readonly string[]
}

const ROUTE_MODULE = /^src\/app\/routes\/([\w-]+)\.tsx$/

export function routeAssetsOf(
  chunks: readonly BuiltChunk[],
  fonts: readonly string[] = [],
): RouteAssets {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]))
  /** `files` and what they import (lazily too, with `dynamic`), never going into `stop`. */
  const closure = (files: readonly string[], dynamic = false, stop = (_file: string) => false) => {
    const out: BuiltChunk[] = []
    const seen = new Set<string>()
    const visit = (file: string) => {
      const chunk = byFile.get(file)
      if (!chunk || seen.has(file)) return
      seen.add(file)
      out.push(chunk)
      chunk.imports.filter((next) => !stop(next)).forEach(visit)
      if (dynamic) chunk.dynamicImports.filter((next) => !stop(next)).forEach(visit)
    }
    files.forEach(visit)
    return out
  }
  const cssOf = (list: readonly BuiltChunk[]) => [...new Set(list.flatMap((chunk) => chunk.css))]

  const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.file)
  const hydration = chunks.filter((chunk) => chunk.modules.some(isHydrationModule))
  const shellChunks = closure([...entries, ...hydration.map((chunk) => chunk.file)])
  const shellFiles = new Set(shellChunks.map((chunk) => chunk.file))
  const inIndexHtml = new Set(cssOf(closure(entries)))
  const shellStyles = cssOf(shellChunks).filter((file) => !inIndexHtml.has(file))
  const taken = new Set([...inIndexHtml, ...shellStyles])

  /** Each page's route id with the chunk that holds its route module. */
  const routeChunks = chunks.flatMap((chunk) =>
    chunk.modules.flatMap((module) => {
      const id = ROUTE_MODULE.exec(module)?.[1]
      return id ? [{ id, chunk }] : []
    }),
  )
  const routeFiles = new Set(routeChunks.map(({ chunk }) => chunk.file))
  const routes: RouteAssets['routes'] = {}
  for (const { id, chunk } of routeChunks) {
    const elsewhere = (file: string) =>
      shellFiles.has(file) || (routeFiles.has(file) && file !== chunk.file)
    routes[id] = {
      modules: closure([chunk.file], false, elsewhere).map((c) => c.file),
      styles: cssOf(closure([chunk.file], true, elsewhere)).filter((file) => !taken.has(file)),
    }
  }
  return { fonts: [...fonts], shell: { modules: [...shellFiles], styles: shellStyles }, routes }
}

/** Emits the map in the browser build (not in the server-rendering build). */
export function routeAssets(): Plugin {
  let root = ''
  return {
    name: 'rentdue:route-assets',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    // After Vite's own steps: it drops the chunks that held only CSS (moving their sheets to the
    // chunks that imported them) at this stage, and the map must name only files that exist.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks: BuiltChunk[] = []
        // The built names of the fonts every page preloads, in the font table's order.
        const fonts = new Map<string, string>()
        for (const output of Object.values(bundle)) {
          if (output.type === 'asset') {
            for (const source of output.originalFileNames) {
              if (PRELOADED_FONTS.includes(path.resolve(root, source))) {
                fonts.set(path.resolve(root, source), output.fileName)
              }
            }
            continue
          }
          chunks.push({
            file: output.fileName,
            modules: output.moduleIds.map((id) =>
              path.relative(root, id).split(path.sep).join('/'),
            ),
            isEntry: output.isEntry,
            imports: output.imports,
            dynamicImports: output.dynamicImports,
            css: [...(output.viteMetadata?.importedCss ?? [])],
          })
        }
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_ASSETS_FILE,
          source: `${JSON.stringify(
            routeAssetsOf(
              chunks,
              PRELOADED_FONTS.flatMap((font) => fonts.get(font) ?? []),
            ),
            null,
            2,
          )}\n`,
        })
      },
    },
  }
}
