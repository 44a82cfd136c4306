// Build: apps/web/dist with hashed assets under /assets/ (the browser's), then `vite build --ssr`
// into dist/server/ (entry-server.js, which the server loads to render each page). Dev: Vite with
// HMR, proxying the API paths to the real server (scripts/dev.mjs starts both).
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chunkGrouper } from './build/chunk-groups.ts'
import { fontSubsets } from './build/font-subsets.ts'
import { routeAssets } from './build/route-assets.ts'

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`
const proxied = ['/rest', '/auth', '/storage', '/healthz']

// Workspace packages that also ship compiled JS for the server are bundled from their source.
const mailMarkdownSource = fileURLToPath(
  new URL('../../packages/mail-markdown/src/', import.meta.url),
)

/** One grouper per bundling pass: it caches what it found in that pass's module graph. */
const groupers = new WeakMap<object, ReturnType<typeof chunkGrouper>>()

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: [
      { find: /^@rent-due\/mail-markdown\/(.+)$/, replacement: `${mailMarkdownSource}$1.ts` },
    ],
  },
  // The browser build also writes the route → assets map the server reads (decision 302).
  plugins: isSsrBuild ? [react()] : [react(), fontSubsets(), routeAssets()],
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        assetsDir: 'assets',
        target: 'es2022',
        // dist/.vite/manifest.json: bench/bundle reads the entry chunk and its static imports.
        manifest: true,
        // The server writes each page's modulepreloads from the route → assets map.
        modulePreload: false,
        // The fonts are files of their own (the server preloads the basic cuts), never data URLs
        // in the stylesheet every page carries inline.
        assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
        // What every page loads to go live in one file instead of a dozen, each page's own code in
        // one more, and the small things pages share in one `common` file (decisions 391, 393).
        rolldownOptions: {
          output: {
            codeSplitting: {
              // The grouper names every module's group itself: left to follow imports, the shell
              // also took code that only later parts import (a 126 KiB shell).
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: (id, context) => {
                    let group = groupers.get(context)
                    if (!group) {
                      group = chunkGrouper((module) => context.getModuleInfo(module))
                      groupers.set(context, group)
                    }
                    return group(id)
                  },
                },
              ],
            },
          },
        },
      },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, ws: true }])),
  },
  preview: {
    port: Number(process.env.WEB_PORT ?? 4173),
  },
}))
