// Canvas game benchmark: each of the three canvas games is played for 10 s in headless Chromium
// under 4× CPU throttling, against the production build served by the real server
// (apps/server/dist/main.js on a fresh data directory). Prints per game: update+draw time per
// frame (p50 / p95 / max, from the page's `?perf=1` hook in lib/game-loop.ts), frames whose gap
// was over 50 ms, JS heap growth after a forced GC, and the animation-frame callbacks that ran
// after navigating away (counted by a wrapped requestAnimationFrame).
// Targets: p95 ≤ 4 ms, zero frames over 50 ms, heap growth < 5 MB, zero frames after leaving.
//
//   npm run build && npx tsx bench/games/run.ts      (BENCH_SECONDS=10, BENCH_PORT=3197)
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { waitForHealth } from '../support/server-process.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const PORT = Number(process.env.BENCH_PORT ?? 3197)
const BASE = `http://127.0.0.1:${PORT}`
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** What lib/game-loop.ts exposes under `?perf=1`. */
type PerfWindow = { __rentDueGamePerf?: { work: Float64Array; gaps: Float64Array; count: number } }

interface Game {
  name: string
  path: string
  /** Starts a game from the idle page. */
  start(page: Page): Promise<void>
  /** In-page script that keeps playing; returns the interval id. */
  play: string
}

const GAMES: Game[] = [
  {
    name: 'Whack-a-Bertha',
    path: '/games/whack-a-bertha',
    start: (page) => page.getByRole('button', { name: 'Start' }).click(),
    play: `setInterval(() => {
      for (const b of document.querySelectorAll('.whack-doors__door--bertha')) b.click()
    }, 120)`,
  },
  {
    name: 'Bill Collector',
    path: '/games/bill-collector',
    start: async (page) => {
      await page
        .getByRole('group', { name: 'Choose your roommate' })
        .getByRole('button', { name: 'Dez' })
        .click()
      await page.getByRole('button', { name: 'Start' }).click()
    },
    play: `(() => { let k = 'ArrowLeft'; return setInterval(() => {
      window.dispatchEvent(new KeyboardEvent('keyup', { key: k }))
      k = k === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft'
      window.dispatchEvent(new KeyboardEvent('keydown', { key: k }))
    }, 600) })()`,
  },
  {
    name: 'Penny Pinchers',
    path: '/games/penny-pitchers',
    start: async (page) => {
      await page
        .getByRole('group', { name: 'Choose your roommate' })
        .getByRole('button', { name: 'Dez' })
        .click()
      await page.getByRole('button', { name: 'Start' }).click()
    },
    // Drops whenever it can; when a game ends, resets and starts another.
    play: `setInterval(() => {
      const byText = (t) => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === t)
      const drop = byText('Drop')
      if (drop && !drop.disabled) return drop.click()
      const status = document.querySelector('.game__status')?.textContent ?? ''
      if (/RENT PAID|Out of coins/.test(status)) byText('Reset')?.click()
      const dez = [...document.querySelectorAll('.roommate-picker__option')][0]
      if (dez && dez.getAttribute('aria-pressed') !== 'true') dez.click()
      const start = byText('Start')
      if (start && !start.disabled) start.click()
    }, 100)`,
  },
]

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rent-due-bench-games-'))
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: 'ignore',
  })
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] })
  try {
    await waitForHealth(BASE, server)
    const rows: Record<string, string | number>[] = []
    for (const game of GAMES) rows.push(await bench(browser, game))
    console.log(`\n${SECONDS} s of play per game, CPU throttled 4×, headless Chromium\n`)
    console.table(rows)
    console.log('targets: p95 ≤ 4 ms, 0 frames > 50 ms, heap growth < 5 MB, 0 frames after leaving')
  } finally {
    await browser.close()
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}

async function bench(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  game: Game,
): Promise<Record<string, string | number>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(() => {
    window.localStorage.setItem('ageVerified', 'true')
    const w = window as unknown as { __rafRuns: number }
    w.__rafRuns = 0
    const raf = window.requestAnimationFrame.bind(window)
    window.requestAnimationFrame = (cb) =>
      raf((t) => {
        w.__rafRuns++
        cb(t)
      })
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await page.goto(`${BASE}${game.path}?perf=1&seed=1`)
  await page.locator('canvas.game__canvas').waitFor()
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await game.start(page)

  await cdp.send('HeapProfiler.collectGarbage')
  const heap0 = (await cdp.send('Runtime.getHeapUsage')).usedSize
  const from = await page.evaluate(
    () => (window as unknown as PerfWindow).__rentDueGamePerf?.count ?? 0,
  )
  const timer = await page.evaluate(game.play)
  await page.waitForTimeout(SECONDS * 1000)
  await page.evaluate((id) => clearInterval(id as number), timer)
  const { work, gaps }: { work: number[]; gaps: number[] } = await page.evaluate((start) => {
    const perf = (window as unknown as PerfWindow).__rentDueGamePerf
    if (!perf) throw new Error('no perf hook: is ?perf=1 wired?')
    return {
      work: Array.from(perf.work.subarray(start, perf.count)),
      gaps: Array.from(perf.gaps.subarray(start + 1, perf.count)),
    }
  }, from)
  await cdp.send('HeapProfiler.collectGarbage')
  const heap1 = (await cdp.send('Runtime.getHeapUsage')).usedSize
  const status = await page.locator('.game__status').textContent()

  // Leave by a client-side navigation to the games list (a started game has the screen, its
  // Back link steps aside: decision 340), then count frames.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/games')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await page.locator('canvas.game__canvas').waitFor({ state: 'detached' })
  await page.waitForTimeout(300)
  const runs = () => page.evaluate(() => (window as unknown as { __rafRuns: number }).__rafRuns)
  const before = await runs()
  await page.waitForTimeout(2000)
  const after = await runs()
  await context.close()

  const sorted = [...work].sort((a, b) => a - b)
  return {
    game: game.name,
    frames: work.length,
    'p50 ms': quantile(sorted, 0.5).toFixed(3),
    'p95 ms': quantile(sorted, 0.95).toFixed(3),
    'max ms': (sorted[sorted.length - 1] ?? NaN).toFixed(2),
    'frames > 50 ms': gaps.filter((g) => g > 50).length,
    'heap growth MB': ((heap1 - heap0) / 1024 / 1024).toFixed(2),
    'rAF after leaving': after - before,
    'state at end': (status ?? '').slice(0, 40),
  }
}

await main()
