// How long a visitor on a mid-range phone waits, after the page is on screen, before its controls
// answer (decision 303). Real Chromium (playwright-core), no simulation: the CPU slowed 4× and the
// network at 150 ms round trip and 1.6 Mbps down (750 kbps up), as Lighthouse's mobile profile
// assumes; a 412 × 823 touch screen; a cold cache every run; the age gate already answered.
//
// Per run, measured in the page itself (performance.now(), from the navigation's start):
// - FCP: the first-contentful-paint entry;
// - live: <html data-hydrated>, the commit in which React took the page over;
// - menu: the first time the nav menu opens (a role=menu element is added, or a popover opens),
//   for a visitor who taps Menu from the first paint on, every 100 ms, until it does.
// "first paint → live" is live − FCP: from then on every control answers (a form posts through
// the router); menu − FCP is printed beside it.
//
// With BENCH_OLD_ROOT (another checkout, built: apps/server/dist and apps/web/dist) both builds
// run in one sitting, interleaved run by run (old, new, old, new...), each on its own fresh
// server, so the machine's load falls on both alike.
//
//   npm run build && npx tsx bench/interactive/run.ts
//   BENCH_OLD_ROOT=/path/to/old/checkout npx tsx bench/interactive/run.ts
//   BENCH_RUNS=5 BENCH_PAGES=/,/news npx tsx bench/interactive/run.ts
//   BENCH_NETWORK=fast npx tsx bench/interactive/run.ts   (the slow CPU on a fast link)
//
// Figures, not assertions: exit code 0 even when a target fails, 1 only when the run breaks.
import { chromium, type Browser } from 'playwright-core'
import { CHROME_PATH, startProdServer, type ProdServer } from '../bundle/prod-server.js'

const PAGES = (process.env.BENCH_PAGES ?? '/,/episodes,/news,/soundtrack,/games')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const OLD_ROOT = process.env.BENCH_OLD_ROOT
/** First paint → live, median per page. */
const TARGET_MS = 1000
const TAP_EVERY_MS = 100
const RUN_TIMEOUT_MS = 60_000

/**
 * Lighthouse's mobile profile, applied for real. BENCH_NETWORK=fast keeps the slow CPU but not the
 * slow link: the cheap phone on good Wi-Fi, where the page's code arrives before the first paint.
 */
const FAST_NETWORK = process.env.BENCH_NETWORK === 'fast'
const PROFILE = {
  cpuSlowdown: 4,
  latencyMs: FAST_NETWORK ? 0 : 150,
  downloadBytesPerSecond: FAST_NETWORK ? -1 : (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: FAST_NETWORK ? -1 : (750 * 1024) / 8,
}

interface Times {
  fcp?: number
  hydrated?: number
  menu?: number
}

declare global {
  interface Window {
    benchTimes: Times
  }
}

interface Run {
  fcp: number
  live: number
  menu: number
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** Records FCP, hydration and the menu's first appearance, before any page script runs. */
function recordTimes() {
  const times: Times = {}
  window.benchTimes = times
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') times.fcp ??= entry.startTime
    }
  }).observe({ type: 'paint', buffered: true })
  new MutationObserver(() => {
    const now = performance.now()
    if (times.hydrated === undefined && document.documentElement.hasAttribute('data-hydrated')) {
      times.hydrated = now
    }
    if (times.menu === undefined && document.querySelector('[role="menu"]')) times.menu = now
  }).observe(document, { attributes: true, childList: true, subtree: true })
  // A popover's toggle event does not bubble, but is seen on its way down.
  document.addEventListener(
    'toggle',
    (event) => {
      if ((event as ToggleEvent).newState === 'open') times.menu ??= performance.now()
    },
    true,
  )
  // The visitor has passed the age gate on an earlier visit.
  window.localStorage.setItem('ageVerified', 'true')
}

async function measure(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PROFILE.latencyMs,
      downloadThroughput: PROFILE.downloadBytesPerSecond,
      uploadThroughput: PROFILE.uploadBytesPerSecond,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown })
    await page.addInitScript(recordTimes)
    await page.goto(url, { waitUntil: 'commit', timeout: RUN_TIMEOUT_MS })
    const deadline = Date.now() + RUN_TIMEOUT_MS
    const read = () => page.evaluate(() => window.benchTimes)
    let times = await read()
    while (times.fcp === undefined) {
      if (Date.now() > deadline) throw new Error(`${url}: no first contentful paint`)
      await page.waitForTimeout(20)
      times = await read()
    }
    // The visitor taps Menu from the first paint on until it opens.
    const box = await page.getByRole('button', { name: 'Menu' }).boundingBox()
    if (!box) throw new Error(`${url}: no Menu button on a phone screen`)
    while (times.menu === undefined) {
      if (Date.now() > deadline) throw new Error(`${url}: the menu never opened`)
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
      await page.waitForTimeout(TAP_EVERY_MS)
      times = await read()
    }
    while (times.hydrated === undefined) {
      if (Date.now() > deadline) throw new Error(`${url}: never hydrated`)
      await page.waitForTimeout(20)
      times = await read()
    }
    const { fcp, hydrated, menu } = times
    if (fcp === undefined || hydrated === undefined || menu === undefined) {
      throw new Error(`${url}: incomplete measurement`)
    }
    return { fcp, live: hydrated - fcp, menu: menu - fcp }
  } finally {
    await context.close()
  }
}

const ms = (value: number) => `${Math.round(value)} ms`

async function main() {
  const builds: { name: string; server: ProdServer }[] = []
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] })
  const results = new Map<string, Run[]>()
  try {
    if (OLD_ROOT) builds.push({ name: 'old', server: await startProdServer(OLD_ROOT) })
    builds.push({ name: 'new', server: await startProdServer() })
    // Each server renders every page once first, as it would have for its first visitors.
    for (const { server } of builds) {
      for (const page of PAGES)
        await fetch(server.origin + page, { headers: { accept: 'text/html' } })
    }
    for (let run = 1; run <= RUNS; run++) {
      for (const page of PAGES) {
        for (const { name, server } of builds) {
          const result = await measure(browser, server.origin + page)
          const key = `${name} ${page}`
          results.set(key, [...(results.get(key) ?? []), result])
          process.stderr.write(
            `  ${name.padEnd(4)}${page.padEnd(12)} run ${run}/${RUNS}: FCP ${ms(result.fcp)}, ` +
              `live +${ms(result.live)}, menu +${ms(result.menu)}\n`,
          )
        }
      }
    }
  } finally {
    await browser.close()
    for (const { server } of builds) await server.stop()
  }

  console.log(
    `\nFirst paint → live on a phone profile (CPU ${PROFILE.cpuSlowdown}× slower, ` +
      (FAST_NETWORK ? 'no network throttling' : `${PROFILE.latencyMs} ms RTT, 1.6 Mbps`) +
      `), ${RUNS} run(s) per page and build, medians.\n` +
      '"menu": first paint → the menu opens for a visitor tapping Menu from the first paint on; ' +
      '"live": first paint → React has taken the page over.\n',
  )
  const names = builds.map((b) => b.name)
  const header = ['page', ...names.flatMap((n) => [`${n} FCP`, `${n} live`, `${n} menu`]), 'target']
  console.log(header.map((h, i) => (i === 0 ? h.padEnd(12) : h.padStart(11))).join(''))
  for (const page of PAGES) {
    const cells: string[] = []
    let verdict = ''
    for (const name of names) {
      const runs = results.get(`${name} ${page}`) ?? []
      const live = median(runs.map((r) => r.live))
      cells.push(ms(median(runs.map((r) => r.fcp))), ms(live), ms(median(runs.map((r) => r.menu))))
      if (name === 'new') verdict = `${live <= TARGET_MS ? 'PASS' : 'FAIL'} ≤ ${TARGET_MS} ms`
    }
    console.log(page.padEnd(12) + [...cells, verdict].map((c) => c.padStart(11)).join(''))
  }
  console.log('\nEvery run (FCP / live / menu, ms):')
  for (const [key, runs] of results) {
    const list = runs.map((r) => [r.fcp, r.live, r.menu].map(Math.round).join('/')).join('  ')
    console.log(`  ${key.padEnd(16)} ${list}`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
