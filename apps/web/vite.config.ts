// Build: apps/web/dist with hashed assets under /assets/. Dev: Vite with HMR, proxying the API
// paths to the real server (scripts/dev.mjs starts both).
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`
const proxied = ['/rest', '/auth', '/storage', '/healthz']

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // dist/.vite/manifest.json: bench/bundle reads the entry chunk and its static imports from it.
    manifest: true,
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, ws: true }])),
  },
  preview: {
    port: Number(process.env.WEB_PORT ?? 4173),
  },
})
