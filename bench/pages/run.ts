// Page load benchmark ("premiere night"): starts the production build (apps/server/dist/main.js
// with apps/web/dist) on a fresh embedded PostgreSQL with the sample content, then measures, in
// one run, so every figure has its own /healthz beside it:
//
// 1. every public page against /healthz at 50 and at 200 connections (autocannon, one address,
//    as a browser asks: Accept text/html and br/gzip): req/s, p50, p99, errors, ratio;
// 2. "premiere night": 500 virtual visitors from 50 loopback addresses (127.0.0.10–59, ten
//    each, six connections each, arriving over the first 10 s) for 60 s; each, again and again,
//    loads a page as a browser would (the page, every /assets/ file it names that its cache does
//    not hold yet, one API read with the page's own anon key), then reads it for 1–5 s: errors,
//    degraded pages (a page the server marked incomplete, or a 429/503), p50/p99 of the page
//    requests. The build's files are immutable (a year's max-age), so a browser fetches each
//    once; PREMIERE_CACHE=off makes every view a first visit (the harsher model of earlier runs).
//    A page names 38–44 files; Chromium fetches about as many on a first visit to / (the names
//    include disabled stylesheets it skips, not the lazy chunks it loads after hydration);
// 3. a flood from one address (autocannon, 100 connections, GET /?r=<random>) for 20 s while a
//    second address asks for / and for /healthz, one at a time, from a process of its own
//    (probe.ts; in this one the timings would be autocannon's event-loop lag): their p50/p99;
// 4. what a render costs: every page asked for once right after a storage change (which every
//    page shows: the radio's tracks), then once more: the miss and the hit, one at a time;
// 5. the team posting while fans watch: a news row changed through the API every 100 ms for 15 s
//    (each change drops / and /news) while 50 connections ask for / and /news and another address
//    asks for /healthz: page and /healthz p50/p99, errors.
//
//   npm run build && npx tsx bench/pages/run.ts
//   BENCH_ROOT=<another checkout, built> to measure that build instead (before/after);
//   BENCH_SECONDS (5), PREMIERE_SECONDS (60), FLOOD_SECONDS (20) to shorten a run;
//   BENCH_PARTS=premiere,flood (any of pages, premiere, flood, cost, posting) to run only those.
//
// The client and the server share this machine's cores: the ratios are the result, absolute
// figures only compare runs made in one sitting.
import { fork, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import crypto from 'node:crypto'
import autocannon from 'autocannon'
import { BROWSER, percentile, request, type Answer } from './requests.js'
import type { ProbeResult } from './probe.js'
import { deriveKeys } from '../../apps/server/src/keys.js'
import { figuresTable, type Figures } from '../support/figures.js'
import { freePort, stopChild, waitForHealth } from '../support/server-process.js'

const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const ROOT = path.resolve(process.env.BENCH_ROOT ?? HERE)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const PREMIERE_SECONDS = Number(process.env.PREMIERE_SECONDS ?? 60)
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 20)
const POSTING_SECONDS = Number(process.env.POSTING_SECONDS ?? 15)
const PREMIERE_CACHE = process.env.PREMIERE_CACHE !== 'off'
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'pages,premiere,flood,cost,posting').split(',').map((p) => p.trim()),
)

const PAGES = [
  '/',
  '/episodes',
  '/soundtrack',
  '/news',
  '/games',
  '/games/fan-quiz',
  '/games/penny-pitchers',
  '/games/bill-collector',
  '/games/whack-a-bertha',
  '/shop',
  '/bts',
  '/creators',
  '/cast',
  '/no-such-page',
]
/** What premiere-night visitors open: mostly Home, then the episode and music pages. */
const VISITED = ['/', '/', '/', '/episodes', '/episodes', '/news', '/soundtrack', '/bts', '/games']

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const TARGETS = {
  hitRatio: 0.8,
  hitP99: 50,
  premiereP99: 200,
  floodPageP99: 100,
  floodHealthP99: 50,
}

async function cannon(
  url: string,
  name: string,
  connections: number,
  seconds: number,
  randomQuery = false,
): Promise<Figures> {
  let wrong = 0
  const expected = name.includes('no-such-page') ? 404 : 200
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: BROWSER,
    requests: randomQuery
      ? [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/?r=${Math.random().toString(36).slice(2)}`,
            }),
          },
        ]
      : undefined,
    setupClient: (client) => {
      client.on('response', (status: number) => {
        if (status !== expected) wrong++
      })
    },
  })
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + wrong,
  }
}

function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding']
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8')
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8')
  return answer.body.toString('utf8')
}

/** What a browser fetches for a page: its /assets/ files, and the anon key in its meta tag. */
function pageNeeds(html: string): { assets: string[]; anonKey: string } {
  const assets = new Set<string>()
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(m[1] as string)
  const anonKey = /name="rentdue-supabase-anon-key" content="([^"]*)"/.exec(html)?.[1] ?? ''
  return { assets: [...assets], anonKey }
}

/** A page the server could not complete: it says so with no-store (docs/deploy.md). */
function degraded(answer: Answer): boolean {
  if (answer.status === 429 || answer.status === 503) return true
  return answer.status === 200 && answer.headers['cache-control'] === 'no-store'
}

async function premiereNight(origin: string) {
  const needs = new Map<string, { assets: string[]; anonKey: string }>()
  const pageMs: number[] = []
  let pages = 0
  let other = 0
  let errors = 0
  let degradedPages = 0
  const errorKinds = new Map<string, number>()
  const fail = (what: string) => {
    errors++
    errorKinds.set(what, (errorKinds.get(what) ?? 0) + 1)
  }
  const deadline = performance.now() + PREMIERE_SECONDS * 1000
  // Ten visitors per address, each a browser with its own six connections, arriving over the
  // first ten seconds (a premiere's audience does not open the page in the same millisecond).
  const agents: http.Agent[] = []
  const visitor = async (n: number) => {
    const agent = new http.Agent({
      keepAlive: true,
      maxSockets: 6,
      localAddress: `127.0.0.${10 + (n % 50)}`,
    })
    agents.push(agent)
    // The browser's cache: the build's files, fetched once (PREMIERE_CACHE=off: never kept).
    const cache = new Set<string>()
    await new Promise((r) => setTimeout(r, Math.random() * 10_000))
    while (performance.now() < deadline) {
      const path = VISITED[Math.floor(Math.random() * VISITED.length)] as string
      try {
        const page = await request(agent, origin + path)
        pages++
        pageMs.push(page.ms)
        if (page.status !== 200) fail(`page ${page.status}`)
        if (degraded(page)) degradedPages++
        let need = needs.get(path)
        if (!need && page.status === 200) {
          need = pageNeeds(decoded(page))
          needs.set(path, need)
        }
        await Promise.all(
          (need?.assets ?? []).map(async (asset) => {
            if (cache.has(asset)) return
            const a = await request(agent, origin + asset, { 'accept-encoding': 'br, gzip' })
            other++
            if (a.status !== 200) fail(`asset ${a.status}`)
            else if (PREMIERE_CACHE) cache.add(asset)
          }),
        )
        const api = await request(agent, `${origin}/rest/v1/news?select=*&order=date.desc`, {
          apikey: need?.anonKey ?? '',
          authorization: `Bearer ${need?.anonKey ?? ''}`,
          'accept-encoding': 'br, gzip',
        })
        other++
        if (api.status !== 200) fail(`api ${api.status}`)
      } catch (e) {
        fail((e as NodeJS.ErrnoException).code ?? (e as Error).message)
      }
      await new Promise((r) => setTimeout(r, 1000 + Math.random() * 4000))
    }
  }
  await Promise.all(Array.from({ length: 500 }, (_, i) => visitor(i)))
  agents.forEach((a) => a.destroy())
  pageMs.sort((a, b) => a - b)
  return {
    pages,
    other,
    errors,
    errorKinds: Object.fromEntries(errorKinds),
    degradedPages,
    p50: percentile(pageMs, 50),
    p99: percentile(pageMs, 99),
  }
}

/** A request with a body, for the service role's writes. */
function send(url: string, method: string, headers: Record<string, string>, body: Buffer | string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Every page once after a change that drops them all, then once more: miss and hit times. */
async function renderCost(origin: string, serviceKey: string) {
  const agent = new http.Agent({ keepAlive: true, localAddress: '127.0.0.3' })
  const auth = { apikey: serviceKey, authorization: `Bearer ${serviceKey}` }
  const rows: { path: string; miss: number; hit: number }[] = []
  const misses: number[] = []
  const hits: number[] = []
  for (let round = 0; round < 3; round++) {
    // One storage object in and out again: every page shows storage (the radio's tracks).
    const name = `bench-${crypto.randomBytes(4).toString('hex')}.png`
    const object = `${origin}/storage/v1/object/Rent%20Due%20Game%20Images/${name}`
    await send(object, 'POST', { ...auth, 'content-type': 'image/png' }, PNG)
    // The server drops its pages before it answers a write through its own API.
    await send(object, 'DELETE', auth, '')
    for (const p of PAGES) {
      const miss = await request(agent, origin + p)
      const hit = await request(agent, origin + p)
      misses.push(miss.ms)
      hits.push(hit.ms)
      if (round === 2) rows.push({ path: p, miss: miss.ms, hit: hit.ms })
    }
  }
  agent.destroy()
  misses.sort((a, b) => a - b)
  hits.sort((a, b) => a - b)
  return { rows, missP50: percentile(misses, 50), hitP50: percentile(hits, 50) }
}

/** News changed every 100 ms through the API while 50 connections read / and /news. */
async function teamPosting(origin: string, serviceKey: string) {
  const auth = {
    apikey: serviceKey,
    authorization: `Bearer ${serviceKey}`,
    'content-type': 'application/json',
    prefer: 'return=minimal',
  }
  let writes = 0
  let stop = false
  const writer = (async () => {
    while (!stop) {
      const status = await send(
        `${origin}/rest/v1/news?id=eq.1`,
        'PATCH',
        auth,
        JSON.stringify({ summary: `Updated ${Date.now()}` }),
      )
      if (status < 300) writes++
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  let n = 0
  const load = autocannon({
    url: origin,
    connections: 50,
    duration: POSTING_SECONDS,
    headers: BROWSER,
    requests: [{ setupRequest: (req) => ({ ...req, path: n++ % 2 === 0 ? '/' : '/news' }) }],
  })
  const [health] = await probe(origin, ['/healthz'], load)
  const pages = await load
  stop = true
  await writer
  return { writes, pages, health: health as ProbeResult }
}

/** `paths` asked for one at a time from 127.0.0.2 until `until` resolves. */
/**
 * Asks for `paths` one at a time from 127.0.0.2 until `until` settles, in a process of its own
 * (probe.ts): in this one its timings would include the event loop's lag under autocannon's load.
 */
async function probe(origin: string, paths: string[], until: Promise<unknown>) {
  const child = fork(path.join(HERE, 'bench/pages/probe.ts'), [origin, ...paths], {
    execArgv: ['--import', 'tsx'],
  })
  const result = new Promise<ProbeResult[]>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ProbeResult[]))
    child.once('exit', (code) => reject(new Error(`the probe process ended (${code})`)))
  })
  await Promise.resolve(until).finally(() => child.send('stop'))
  return result
}

async function main(): Promise<void> {
  const main = path.join(ROOT, 'apps/server/dist/main.js')
  if (!fs.existsSync(main) || !fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error(`no production build in ${ROOT}: run \`npm run build\` there first`)
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rentdue-bench-pages-'))
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const jwtSecret = crypto.randomBytes(48).toString('base64url')
  const keys = await deriveKeys(jwtSecret)
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      JWT_SECRET: jwtSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: origin,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    // Counted, not shown: how much a server writes to its log under load is a result too.
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let logBytes = 0
  let lastLog = ''
  const count = (c: Buffer) => {
    logBytes += c.length
    lastLog = (lastLog + c.toString('utf8')).slice(-4000)
  }
  child.stdout?.on('data', count)
  child.stderr?.on('data', count)
  const checks: [string, boolean, string][] = []
  try {
    await waitForHealth(origin, child, 240_000).catch((e: unknown) => {
      console.error(lastLog)
      throw e
    })
    console.log(`build: ${ROOT}\nserver on ${origin}, ${SECONDS} s per page and level\n`)

    if (PARTS.has('pages')) {
      for (const connections of [50, 200]) {
        const rows: Figures[] = []
        for (const p of ['/healthz', ...PAGES]) {
          await cannon(origin + p, p, connections, 1)
          rows.push(await cannon(origin + p, p, connections, SECONDS))
        }
        const [baseline, ...pages] = rows as [Figures, ...Figures[]]
        console.log(`${connections} connections\n${figuresTable(rows, baseline, 'page')}\n`)
        const worst = pages.reduce((a, b) => (a.rps / baseline.rps < b.rps / baseline.rps ? a : b))
        checks.push([
          `${connections} connections: every page >= ${TARGETS.hitRatio}x /healthz`,
          worst.rps / baseline.rps >= TARGETS.hitRatio,
          `lowest ${worst.name} ${(worst.rps / baseline.rps).toFixed(2)}`,
        ])
        checks.push([
          `${connections} connections: every page answered, no errors`,
          pages.every((p) => p.errors === 0 && p.requests > 0),
          `${pages.reduce((n, p) => n + p.errors, 0)} errors, ` +
            `${pages.filter((p) => p.requests === 0).length} pages with no answer in ${SECONDS} s`,
        ])
        if (connections === 50) {
          const slowest = pages.reduce((a, b) => (a.p99 > b.p99 ? a : b))
          checks.push([
            `50 connections: every page p99 <= ${TARGETS.hitP99} ms`,
            slowest.p99 <= TARGETS.hitP99,
            `highest ${slowest.name} ${slowest.p99} ms`,
          ])
        }
      }
    }

    if (PARTS.has('premiere')) {
      const night = await premiereNight(origin)
      console.log(
        `premiere night (${PREMIERE_SECONDS} s, 500 visitors from 50 addresses): ` +
          `${night.pages} pages, ${night.other} asset and API requests, ${night.errors} errors ` +
          `${JSON.stringify(night.errorKinds)}, ${night.degradedPages} degraded pages, ` +
          `page p50 ${night.p50.toFixed(1)} ms, p99 ${night.p99.toFixed(1)} ms\n`,
      )
      checks.push(['premiere night: no errors', night.errors === 0, String(night.errors)])
      checks.push([
        'premiere night: no degraded page',
        night.degradedPages === 0,
        String(night.degradedPages),
      ])
      checks.push([
        `premiere night: page p99 <= ${TARGETS.premiereP99} ms`,
        night.p99 <= TARGETS.premiereP99,
        `${night.p99.toFixed(1)} ms`,
      ])
    }

    if (PARTS.has('flood')) {
      const flood = cannon(origin + '/', 'flood', 100, FLOOD_SECONDS, true)
      const probed = await probe(origin, ['/', '/healthz'], flood)
      const flooded = await flood
      console.log(
        `flood from 127.0.0.1 (100 connections, /?r=<random>, ${FLOOD_SECONDS} s): ` +
          `${flooded.rps.toFixed(0)} req/s, ${flooded.errors} errors`,
      )
      for (const p of probed) {
        console.log(
          `  meanwhile from 127.0.0.2: ${p.path} ${p.requests} requests, ${p.errors} errors, ` +
            `p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms`,
        )
      }
      const [page, health] = probed as [(typeof probed)[0], (typeof probed)[0]]
      checks.push([
        `flood: another address's / p99 <= ${TARGETS.floodPageP99} ms`,
        page.p99 <= TARGETS.floodPageP99 && page.errors === 0,
        `${page.p99.toFixed(1)} ms, ${page.errors} errors`,
      ])
      checks.push([
        `flood: /healthz p99 <= ${TARGETS.floodHealthP99} ms`,
        health.p99 <= TARGETS.floodHealthP99 && health.errors === 0,
        `${health.p99.toFixed(1)} ms, ${health.errors} errors`,
      ])
    }

    if (PARTS.has('cost')) {
      const cost = await renderCost(origin, keys.serviceRoleKey)
      console.log(
        `\nwhat a render costs (one request at a time; after a change, then again):` +
          ` miss p50 ${cost.missP50.toFixed(1)} ms, hit p50 ${cost.hitP50.toFixed(1)} ms`,
      )
      for (const r of cost.rows) {
        console.log(
          `  ${r.path.padEnd(24)} miss ${r.miss.toFixed(1).padStart(6)} ms   hit ${r.hit.toFixed(1).padStart(6)} ms`,
        )
      }
    }

    if (PARTS.has('posting')) {
      const posting = await teamPosting(origin, keys.serviceRoleKey)
      console.log(
        `\nthe team posting (news changed ${posting.writes} times in ${POSTING_SECONDS} s) while 50 connections read / and /news:` +
          ` ${posting.pages.requests.average.toFixed(0)} req/s, p50 ${posting.pages.latency.p50} ms, p99 ${posting.pages.latency.p99} ms,` +
          ` ${posting.pages.errors + posting.pages.timeouts + posting.pages.non2xx} errors;` +
          ` /healthz from another address p50 ${posting.health.p50.toFixed(1)} ms, p99 ${posting.health.p99.toFixed(1)} ms, ${posting.health.errors} errors`,
      )
    }

    console.log(`\nthe server wrote ${(logBytes / 1024).toFixed(0)} KiB of log (LOG_LEVEL=warn)\n`)
    for (const [label, ok, value] of checks) {
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}  (${value})`)
    }
    // Figures, not assertions: a missed target is a FAIL line, the exit code says the run worked.
  } finally {
    await stopChild(child)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
