// Build: apps/web/dist with hashed assets under /assets/ (the browser's), then `vite build --ssr`
// into dist/server/ (entry-server.js, which the server loads to render each page). Dev: Vite with
// HMR, proxying the API paths to the real server (scripts/dev.mjs starts both).
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { routeAssets } from './build/route-assets.ts'

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`
const proxied = ['/rest', '/auth', '/storage', '/healthz']

// Workspace packages that also ship compiled JS for the server are bundled from their source.
const mailMarkdownSource = fileURLToPath(
  new URL('../../packages/mail-markdown/src/', import.meta.url),
)

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: [
      { find: /^@rent-due\/mail-markdown\/(.+)$/, replacement: `${mailMarkdownSource}$1.ts` },
    ],
  },
  // The browser build also writes the route → assets map the server reads (decision 302).
  plugins: isSsrBuild ? [react()] : [react(), routeAssets()],
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
      },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, ws: true }])),
  },
  preview: {
    port: Number(process.env.WEB_PORT ?? 4173),
  },
}))
