// Build: apps/web/dist with hashed assets under /assets/ (the browser's), then `vite build --ssr`
// into dist/server/ (entry-server.js, which the server loads to render each page). Dev: Vite with
// HMR, proxying the API paths to the real server (scripts/dev.mjs starts both).
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`
const proxied = ['/rest', '/auth', '/storage', '/healthz']

/**
 * The entry script at low fetch priority (decision 240): every page is rendered on the server, so
 * its first paint needs the HTML, its inline CSS and the fonts, never the JavaScript, which only
 * makes the page live. On a slow phone connection the bytes of the page's own content (its
 * images, the fonts) then come first and the hydration code after them, instead of competing
 * with them at high priority.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'rentdue:low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<script type="module"(?![^>]*fetchpriority)/g, '$& fetchpriority="low"'),
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), lowPriorityScripts()],
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
        // dist/.vite/manifest.json: the server preloads each page's chunk from it, and
        // bench/bundle reads the entry chunk and its static imports.
        manifest: true,
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
