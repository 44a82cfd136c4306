// Media streaming benchmark: random 1 MiB byte ranges of a 20 MB object, 8 keep-alive
// connections, from our real server (apps/server/src/main.ts on a fresh embedded PostgreSQL,
// public storage URL) on the local-disk backend and, in the same run, from a bare
// fs.createReadStream server on the same file (bare-server.ts) and from a second server of ours on
// STORAGE_BACKEND=s3 against s3rver on loopback (s3-server.ts), measured in alternating slices.
// Prints MiB/s for each, the ratios, the CPU time each process spent per GiB served (where the
// time goes), and the growth of our local-disk server's RSS while it streams.
// Targets: local disk ≥ 0.6× the bare server, RSS growth < 50 MB; the S3 figures are reported.
//
//   npx tsx bench/media/run.ts          (BENCH_SECONDS=10 by default, per target)
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
import { freePort, waitForHealth } from '../support/server-process.js'

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
  return spawn(
    process.execPath,
    [...nodeArgs, '--conditions=@rent-due/source', '--import', 'tsx', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    },
  )
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

/** User + system CPU seconds a process has used so far (Linux /proc). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
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

/** Starts one of our servers on a fresh data directory and waits for /healthz. */
async function startOurServer(
  dataDir: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort()
  const child = spawnTsx(
    ['apps/server/src/main.ts'],
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    nodeArgs,
  )
  const base = `http://127.0.0.1:${port}`
  await waitForHealth(base, child)
  return { child, base }
}

async function tempDir(name: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `rentdue-bench-media-${name}-`))
  // Traversable, so the embedded cluster (run by the OS user postgres) lives inside it.
  await fs.chmod(dir, 0o755)
  return dir
}

interface Target {
  label: string
  url: string
  /** The processes whose CPU time this target's requests cost (besides the client's). */
  pids: { label: string; pid: number }[]
  bytes: number
  requests: number
  cpu: number[]
}

async function main(): Promise<void> {
  const dirs = await Promise.all(['local', 's3', 's3rver'].map(tempDir))
  const [dataDir, s3DataDir, s3rverDir] = dirs as [string, string, string]
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
    // BENCH_CPU_PROF=<dir>: our local-disk server writes a V8 CPU profile there when it exits.
    const prof = process.env.BENCH_CPU_PROF
    const s3rverPort = await freePort()
    const s3rver = spawnTsx(
      ['bench/media/s3-server.ts', s3rverDir, String(s3rverPort), 'media'],
      {},
    )
    children.push(s3rver)
    await waitForLine(s3rver, /ready/)
    const s3Env = {
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3rverPort}`,
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }
    const [ours, ourS3] = await Promise.all([
      startOurServer(
        dataDir,
        { JWT_SECRET: jwtSecret },
        prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [],
      ),
      startOurServer(s3DataDir, { JWT_SECRET: jwtSecret, ...s3Env }),
    ])
    children.push(ours.child, ourS3.child)

    const payload = crypto.randomBytes(OBJECT_BYTES)
    const file = path.join(dataDir, 'bare.wav')
    await fs.writeFile(file, payload)
    for (const { base } of [ours, ourS3]) {
      const upload = await fetch(`${base}/storage/v1/object/soundtrack%201st/bench.wav`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.serviceRoleKey}`, 'content-type': 'audio/wav' },
        body: payload,
      })
      if (upload.status !== 200)
        throw new Error(`upload failed: ${upload.status} ${await upload.text()}`)
    }

    const barePort = await freePort()
    const bare = spawnTsx(['bench/media/bare-server.ts', file, String(barePort)], {})
    children.push(bare)
    await waitForLine(bare, /ready/)
    const objectPath = '/storage/v1/object/public/soundtrack%201st/bench.wav'
    const pid = (c: ChildProcess) => c.pid as number
    const targets: Target[] = [
      {
        label: 'bare fs.createReadStream server',
        url: `http://127.0.0.1:${barePort}/bench.wav`,
        pids: [{ label: 'bare server', pid: pid(bare) }],
      },
      {
        label: 'Rent Due, local-disk storage',
        url: `${ours.base}${objectPath}`,
        pids: [{ label: 'our server', pid: pid(ours.child) }],
      },
      {
        label: 'Rent Due, S3 storage (s3rver)',
        url: `${ourS3.base}${objectPath}`,
        pids: [
          { label: 'our server', pid: pid(ourS3.child) },
          { label: 's3rver', pid: pid(s3rver) },
        ],
      },
    ].map((t) => ({ ...t, bytes: 0, requests: 0, cpu: t.pids.map(() => 0) }))

    for (const t of targets) await drive(t.url, WARMUP_SECONDS)
    const rssPid = pid(ours.child)
    const rssBefore = await rssBytes(rssPid)
    let rssPeak = rssBefore
    const sampler = setInterval(() => {
      void rssBytes(rssPid).then(
        (r) => (rssPeak = Math.max(rssPeak, r)),
        () => undefined,
      )
    }, 100)
    // Alternating slices, so that load from other processes on the shared cores falls on every
    // target alike instead of on whichever was measured last.
    for (let slice = 0; slice < SLICES; slice++) {
      for (const t of targets) {
        const before = await Promise.all(t.pids.map((p) => cpuSeconds(p.pid)))
        const r = await drive(t.url, SECONDS / SLICES)
        const after = await Promise.all(t.pids.map((p) => cpuSeconds(p.pid)))
        t.bytes += r.bytes
        t.requests += r.requests
        t.cpu = t.cpu.map((c, i) => c + (after[i] as number) - (before[i] as number))
      }
    }
    clearInterval(sampler)

    const [bareT, localT, s3T] = targets as [Target, Target, Target]
    const rate = (t: Target) => mib(t.bytes, SECONDS)
    const ratio = rate(localT) / rate(bareT)
    const s3Ratio = rate(s3T) / rate(localT)
    const growthMb = (rssPeak - rssBefore) / 1024 / 1024
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')
    console.log(
      `media range bench: ${CONNECTIONS} keep-alive connections, random 1 MiB ranges of a ${OBJECT_BYTES / 1e6} MB object, ${SECONDS} s each`,
    )
    for (const t of targets) {
      const gib = t.bytes / 1024 ** 3
      const cpu = t.pids.map((p, i) => `${p.label} ${((t.cpu[i] as number) / gib).toFixed(2)}`)
      console.log(
        `  ${t.label}: ${rate(t).toFixed(1)} MiB/s (${t.requests} requests, ` +
          `${((SECONDS * 1000 * CONNECTIONS) / Math.max(t.requests, 1)).toFixed(1)} ms per request; ` +
          `CPU s per GiB: ${cpu.join(', ')})`,
      )
    }
    console.log(
      `  local disk / bare: ${ratio.toFixed(2)}x (target >= ${TARGET_RATIO}x: ${verdict(ratio >= TARGET_RATIO)})`,
    )
    console.log(`  S3 / local disk: ${s3Ratio.toFixed(2)}x (reported, no target)`)
    console.log(
      `  server RSS (local disk): ${(rssBefore / 1048576).toFixed(0)} MB before, ${(rssPeak / 1048576).toFixed(0)} MB peak, ` +
        `growth ${growthMb.toFixed(1)} MB (target < ${TARGET_RSS_MB} MB: ${verdict(growthMb < TARGET_RSS_MB)})`,
    )
    if (ratio < TARGET_RATIO || growthMb >= TARGET_RSS_MB) process.exitCode = 1
  } finally {
    await stop()
    await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })))
  }
}

await main()
