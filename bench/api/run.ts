// API load benchmark: starts the real server (apps/server/src/main.ts) as a child process on a
// fresh embedded PostgreSQL with the seed loaded and the insert rate limit raised, warms up, then
// drives three endpoints at 50 concurrent connections with autocannon and prints req/s, p50 and
// p99 latency, errors, and each API figure as a ratio of the /healthz baseline. Every connection
// is a visitor of its own (X-Forwarded-For behind TRUST_PROXY=1), as on a real site.
//
//   npx tsx bench/api/run.ts            (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default)
//
// The client and the server share this machine's cores, so the figures are a floor, not a
// capacity claim; compare runs on the same machine only.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { deriveKeys } from '../../apps/server/src/keys.js'
import { figuresTable, type Figures } from '../support/figures.js'
import { freePort, waitForHealth } from '../support/server-process.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)

const TARGETS = {
  news: { minRatio: 0.2, maxP99: 25 },
  insert: { minRatio: 0.15 },
}

interface Scenario {
  name: string
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
  /** Status every response must have. */
  expect: number
}

let next = 1

async function load(url: string, s: Scenario, seconds: number): Promise<Figures> {
  let wrongStatus = 0
  const result = await autocannon({
    url: `${url}${s.path}`,
    method: s.method,
    headers: s.headers,
    body: s.body,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client) => {
      // Each connection is its own visitor (TRUST_PROXY=1 below): the per-client share of the
      // pool applies as it would to 50 fans, not to one address opening 50 connections.
      client.setHeaders({
        ...s.headers,
        'x-forwarded-for': `10.0.${(next >> 8) & 255}.${next++ & 255}`,
      })
      client.on('response', (statusCode: number) => {
        if (statusCode !== s.expect) wrongStatus++
      })
    },
  })
  return {
    name: s.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + wrongStatus,
  }
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-bench-'))
  await fs.chmod(dataDir, 0o755)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const jwtSecret = crypto.randomBytes(48).toString('base64url')
  const keys = await deriveKeys(jwtSecret)

  const child = spawn(
    process.execPath,
    ['--conditions=@rent-due/source', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET: jwtSecret,
        SEED: 'on',
        RATE_LIMIT_PER_MINUTE: '100000000',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    await fs.rm(dataDir, { recursive: true, force: true })
  }

  try {
    await waitForHealth(url, child)
    const apiHeaders = { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}` }
    const scenarios: Scenario[] = [
      { name: '/healthz (baseline)', method: 'GET', path: '/healthz', expect: 200 },
      {
        name: 'news list',
        method: 'GET',
        path: '/rest/v1/news?select=*&order=date.desc',
        headers: { ...apiHeaders, 'accept-profile': 'public' },
        expect: 200,
      },
      {
        name: 'fan-club insert',
        method: 'POST',
        path: '/rest/v1/fan_club_signups',
        headers: { ...apiHeaders, 'content-profile': 'public', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench Fan', email: 'bench@example.com' }),
        expect: 201,
      },
    ]
    const newsCheck = await fetch(`${url}${scenarios[1]?.path}`, { headers: apiHeaders })
    const newsRows = ((await newsCheck.json()) as unknown[]).length
    console.log(
      `server on ${url}; news list returns ${newsRows} rows; ${CONNECTIONS} connections, ${SECONDS} s each`,
    )

    const results: Figures[] = []
    for (const s of scenarios) {
      await load(url, s, WARMUP_SECONDS)
      results.push(await load(url, s, SECONDS))
    }
    const [baseline, news, insert] = results as [Figures, Figures, Figures]
    console.log('\n' + figuresTable(results, baseline, 'endpoint') + '\n')
    const newsRatio = news.rps / baseline.rps
    const insertRatio = insert.rps / baseline.rps
    const checks = [
      [
        `news >= ${TARGETS.news.minRatio}x baseline`,
        newsRatio >= TARGETS.news.minRatio,
        newsRatio.toFixed(2),
      ],
      [`news p99 <= ${TARGETS.news.maxP99} ms`, news.p99 <= TARGETS.news.maxP99, `${news.p99} ms`],
      [
        `inserts >= ${TARGETS.insert.minRatio}x baseline`,
        insertRatio >= TARGETS.insert.minRatio,
        insertRatio.toFixed(2),
      ],
      ['inserts without errors', insert.errors === 0, String(insert.errors)],
    ] as const
    for (const [label, ok, value] of checks)
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}  (${value})`)
    process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1
  } finally {
    await stop()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
