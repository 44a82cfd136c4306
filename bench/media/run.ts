// Media streaming benchmark: random 1 MiB byte ranges of a 20 MB object, 8 keep-alive
// connections, from our real server (apps/server/src/main.ts on a fresh embedded PostgreSQL,
// public storage URL) and, in the same run, from a bare fs.createReadStream server on the same
// file (bare-server.ts), measured in alternating slices. Prints MiB/s for both, their ratio, and the growth of our server's RSS
// while it streams. Targets: ≥ 0.6× the bare server, RSS growth < 50 MB.
//
//   npx tsx bench/media/run.ts          (BENCH_SECONDS=10 by default)
//
// Client and servers share this machine's cores: compare runs on the same machine only.
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { deriveKeys } from '../../apps/server/src/keys.js'
import { freePort } from '../support/server-process.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = 2
const SLICES = 5
const CONNECTIONS = 8
const OBJECT_BYTES = 20 * 1000 * 1000
const SLICE = 1024 * 1024
const TARGET_RATIO = 0.6
const TARGET_RSS_MB = 50

function spawnTsx(
  args: string[],
  env: Record<string, string>,
  nodeArgs: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
}

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}`)), timeoutMs)
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString()
      const m = pattern.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(m[1] ?? m[0])
      }
    })
    child.once('exit', (code) => reject(new Error(`process exited (${code}) before ready`)))
  })
}

function rssBytes(pid: number): Promise<number> {
  return fs.readFile(`/proc/${pid}/status`, 'utf8').then((s) => {
    const kb = /VmRSS:\s+(\d+) kB/.exec(s)?.[1]
    return Number(kb) * 1024
  })
}

/** 8 workers fetch random 1 MiB ranges over keep-alive sockets for `seconds`. */
async function drive(url: string, seconds: number): Promise<{ bytes: number; requests: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const deadline = Date.now() + seconds * 1000
  let bytes = 0
  let requests = 0
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const start = crypto.randomInt(OBJECT_BYTES - SLICE)
      const req = http.get(
        url,
        { agent, headers: { range: `bytes=${start}-${start + SLICE - 1}` } },
        (res) => {
          if (res.statusCode !== 206) reject(new Error(`status ${res.statusCode} from ${url}`))
          res.on('data', (c: Buffer) => (bytes += c.length))
          res.on('end', () => {
            requests++
            resolve()
          })
          res.on('error', reject)
        },
      )
      req.on('error', reject)
    })
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) await one()
    }),
  )
  agent.destroy()
  return { bytes, requests }
}

const mib = (bytes: number, seconds: number) => bytes / 1024 / 1024 / seconds

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-bench-media-'))
  // Traversable, so the embedded cluster (run by the OS user postgres) lives inside it.
  await fs.chmod(dataDir, 0o755)
  const jwtSecret = crypto.randomBytes(32).toString('hex')
  const keys = await deriveKeys(jwtSecret)
  const children: ChildProcess[] = []
  /** SIGTERM to each child's process group, then wait (the server stops its PostgreSQL). */
  const stop = async () => {
    await Promise.all(
      children.map(async (c) => {
        if (c.pid === undefined || c.exitCode !== null) return
        const exited = new Promise((r) => c.once('exit', r))
        try {
          process.kill(-c.pid, 'SIGTERM')
        } catch {
          return
        }
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))])
      }),
    )
  }
  try {
    const port = await freePort()
    // BENCH_CPU_PROF=<dir>: our server writes a V8 CPU profile there when it exits.
    const prof = process.env.BENCH_CPU_PROF
    const server = spawnTsx(
      ['apps/server/src/main.ts'],
      {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: jwtSecret,
        SEED: 'off',
        LOG_LEVEL: 'warn',
      },
      prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [],
    )
    children.push(server)
    // LOG_LEVEL=warn hides the ready line: poll the health check instead.
    const base = `http://127.0.0.1:${port}`
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error('server exited')
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) break
      if (i > 480) throw new Error('server did not start')
      await new Promise((r) => setTimeout(r, 250))
    }

    const payload = crypto.randomBytes(OBJECT_BYTES)
    const file = path.join(dataDir, 'bare.wav')
    await fs.writeFile(file, payload)
    const upload = await fetch(`${base}/storage/v1/object/soundtrack%201st/bench.wav`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.serviceRoleKey}`, 'content-type': 'audio/wav' },
      body: payload,
    })
    if (upload.status !== 200)
      throw new Error(`upload failed: ${upload.status} ${await upload.text()}`)

    const barePort = await freePort()
    const bare = spawnTsx(['bench/media/bare-server.ts', file, String(barePort)], {})
    children.push(bare)
    await waitForLine(bare, /ready/)
    const bareUrl = `http://127.0.0.1:${barePort}/bench.wav`
    const ourUrl = `${base}/storage/v1/object/public/soundtrack%201st/bench.wav`

    await drive(bareUrl, WARMUP_SECONDS)
    await drive(ourUrl, WARMUP_SECONDS)
    const pid = server.pid as number
    const rssBefore = await rssBytes(pid)
    let rssPeak = rssBefore
    const sampler = setInterval(() => {
      void rssBytes(pid).then(
        (r) => (rssPeak = Math.max(rssPeak, r)),
        () => undefined,
      )
    }, 100)
    // Alternating slices, so that load from other processes on the shared cores falls on both
    // servers alike instead of on whichever was measured second.
    const bareRun = { bytes: 0, requests: 0 }
    const ourRun = { bytes: 0, requests: 0 }
    for (let slice = 0; slice < SLICES; slice++) {
      for (const [target, total] of [
        [bareUrl, bareRun],
        [ourUrl, ourRun],
      ] as const) {
        const r = await drive(target, SECONDS / SLICES)
        total.bytes += r.bytes
        total.requests += r.requests
      }
    }
    clearInterval(sampler)

    const bareRate = mib(bareRun.bytes, SECONDS)
    const ourRate = mib(ourRun.bytes, SECONDS)
    const ratio = ourRate / bareRate
    const growthMb = (rssPeak - rssBefore) / 1024 / 1024
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')
    console.log(
      `media range bench: ${CONNECTIONS} keep-alive connections, random 1 MiB ranges of a ${OBJECT_BYTES / 1e6} MB object, ${SECONDS} s each`,
    )
    console.log(
      `  bare fs.createReadStream server: ${bareRate.toFixed(1)} MiB/s (${bareRun.requests} requests)`,
    )
    console.log(
      `  Rent Due /storage/v1 public URL: ${ourRate.toFixed(1)} MiB/s (${ourRun.requests} requests)`,
    )
    console.log(
      `  ratio: ${ratio.toFixed(2)}x (target >= ${TARGET_RATIO}x: ${verdict(ratio >= TARGET_RATIO)})`,
    )
    console.log(
      `  server RSS: ${(rssBefore / 1048576).toFixed(0)} MB before, ${(rssPeak / 1048576).toFixed(0)} MB peak, ` +
        `growth ${growthMb.toFixed(1)} MB (target < ${TARGET_RSS_MB} MB: ${verdict(growthMb < TARGET_RSS_MB)})`,
    )
    if (ratio < TARGET_RATIO || growthMb >= TARGET_RSS_MB) process.exitCode = 1
  } finally {
    await stop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

await main()
