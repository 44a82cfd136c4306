// `npm run dev`: the real API server on PORT (default 3000) and Vite with HMR, which proxies
// /rest, /auth, /storage and /healthz to it (apps/web/vite.config.ts). Uses the built server when
// apps/server/dist/main.js exists, else runs its TypeScript source with tsx. Ctrl+C stops both.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const port = process.env.PORT ?? '3000'
const builtServer = 'apps/server/dist/main.js'

const serverArgs = fs.existsSync(builtServer)
  ? [builtServer]
  : // The source condition reads workspace packages (@rent-due/sample-media) from their TypeScript.
    ['--conditions=@rent-due/source', '--import', 'tsx', 'apps/server/src/main.ts']
const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js')

const children = [
  spawn(process.execPath, serverArgs, {
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn(process.execPath, [viteBin, '--config', 'apps/web/vite.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
]

let stopping = false
function stopAll(code) {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  process.exitCode = code
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0))
process.on('SIGINT', () => stopAll(0))
process.on('SIGTERM', () => stopAll(0))
