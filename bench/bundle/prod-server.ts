// The production build on our real server, for the browser benches: apps/server/dist/main.js on
// a free port with a fresh temporary DATA_DIR (embedded PostgreSQL, seeded sample content), like
// scripts/screenshots.mjs. `npm run build` first. WEB_DIST overrides the web build to serve.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, stopChild, waitForHealth } from '../support/server-process.js'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const WEB_DIST = path.resolve(ROOT, process.env.WEB_DIST ?? 'apps/web/dist')
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export interface ProdServer {
  origin: string
  stop(): Promise<void>
}

/**
 * `root`: another checkout's built tree to serve instead of this one (its own server and web build),
 * for a bench that compares two builds in one sitting.
 */
export async function startProdServer(root?: string): Promise<ProdServer> {
  const main = path.join(root ?? ROOT, 'apps/server/dist/main.js')
  const webDist = root ? path.join(root, 'apps/web/dist') : WEB_DIST
  for (const [file, hint] of [
    [main, 'npm run build -w apps/server'],
    [path.join(webDist, 'index.html'), 'npm run build -w apps/web'],
  ] as const) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`${hint}\` first`)
  }
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rentdue-bench-'))
  const child = spawn(process.execPath, [main], {
    cwd: root ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: origin,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    await stopChild(child)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(origin, child, 180_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { origin, stop }
}
