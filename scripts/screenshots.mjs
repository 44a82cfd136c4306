// Full-page screenshots of the production build on the real server, for looking at the design:
// Home (gate open and closed), every content page and EVICTED, at 1280 px and on 390- and 360-px
// phones (touch), and each canvas game in play mode on both phones, on its side and in two desktop
// windows, into screenshots/ (SCREENSHOT_DIR). SCREENSHOT_PAGES picks shots by name.
// `npm run screenshots` builds first. Uses the system Chromium (CHROME_PATH to override).
/* global window, document, requestAnimationFrame -- used only in callbacks that run inside the page */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'

const port = Number(process.env.SCREENSHOT_PORT ?? 3110)
const baseURL = `http://127.0.0.1:${port}`
const dataDir = process.env.SCREENSHOT_DATA_DIR ?? 'data/screenshots'
const outDir = process.env.SCREENSHOT_DIR ?? 'screenshots'

const allShots = [
  { name: 'home-gate', path: '/', verified: false },
  { name: 'home', path: '/', verified: true },
  { name: 'episodes', path: '/episodes', verified: true },
  { name: 'episode', path: '/episodes/pilot-rent-due', verified: true },
  { name: 'soundtrack', path: '/soundtrack', verified: true },
  { name: 'news', path: '/news', verified: true },
  { name: 'games', path: '/games', verified: true },
  { name: 'shop', path: '/shop', verified: true },
  { name: 'bts', path: '/bts', verified: true },
  { name: 'creators', path: '/creators', verified: true },
  { name: 'cast', path: '/cast', verified: true },
  { name: 'evicted', path: '/this-unit-is-gone', verified: true },
]
// A game in play mode (decision 200): started as a player would, shot once it has the screen.
const allPlayShots = [
  {
    name: 'play-whack-a-bertha',
    path: '/games/whack-a-bertha?seed=11',
    start: (page, press) => press(page.locator('canvas.game__canvas')),
  },
  {
    name: 'play-bill-collector',
    path: '/games/bill-collector?seed=5',
    start: async (page, press) => {
      await press(page.getByRole('button', { name: 'Rosie', exact: true }))
      await press(page.getByRole('button', { name: 'Start' }))
    },
  },
  {
    name: 'play-penny-pinchers',
    path: '/games/penny-pitchers?seed=42',
    start: async (page, press) => {
      await press(page.getByRole('button', { name: 'Dez', exact: true }))
      await press(page.getByRole('button', { name: 'Start' }))
    },
  },
]
// SCREENSHOT_PAGES=news,shop takes only those shots (by name).
const only = process.env.SCREENSHOT_PAGES?.split(',').map((name) => name.trim())
const shots = only ? allShots.filter((shot) => only.includes(shot.name)) : allShots
const playShots = only ? allPlayShots.filter((shot) => only.includes(shot.name)) : allPlayShots
const phone = { hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
const widths = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844, ...phone },
  { label: 'mobile-360', width: 360, height: 740, ...phone },
]
const playSizes = [
  { label: '390', width: 390, height: 844, ...phone },
  { label: '360', width: 360, height: 740, ...phone },
  { label: 'landscape', width: 844, height: 390, ...phone },
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'desktop-1366', width: 1366, height: 768 },
]

async function waitForHealth(server, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`)
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`)
}

function stop(server) {
  if (server.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    server.once('exit', resolve)
    server.kill('SIGTERM')
  })
}

fs.rmSync(dataDir, { recursive: true, force: true })
fs.mkdirSync(outDir, { recursive: true })
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
  stdio: ['ignore', 'ignore', 'inherit'],
})

let browser
try {
  await waitForHealth(server, 180_000)
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  })
  for (const size of widths) {
    for (const shot of shots) {
      const { label, width, height, ...device } = size
      const context = await browser.newContext({
        viewport: { width, height },
        reducedMotion: 'reduce',
        ...device,
      })
      if (shot.verified) {
        await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'))
      }
      const page = await context.newPage()
      await page.goto(`${baseURL}${shot.path}`)
      await page
        .getByRole(shot.verified ? 'heading' : 'dialog')
        .first()
        .waitFor()
      // Home mounts its lower sections as they near the screen: scroll through the page so every
      // section loads, wait until nothing is loading, then shoot from the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y)
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)))
        }
        window.scrollTo(0, 0)
      })
      await page.waitForLoadState('networkidle')
      await page
        .getByRole('main')
        .getByText(/^Loading/)
        .first()
        .waitFor({ state: 'hidden' })
        .catch(() => console.warn(`${shot.name}: something still says Loading...`))
      await page.evaluate(() => document.fonts.ready)
      const file = path.join(outDir, `${shot.name}-${label}.png`)
      await page.screenshot({ path: file, fullPage: true })
      console.log(`wrote ${file}`)
      await context.close()
    }
  }
  for (const size of playSizes) {
    for (const shot of playShots) {
      const { label, width, height, ...device } = size
      const context = await browser.newContext({
        viewport: { width, height },
        reducedMotion: 'reduce',
        ...device,
      })
      await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'))
      const page = await context.newPage()
      await page.goto(`${baseURL}${shot.path}`)
      await page.locator('main#main h1').waitFor()
      // The radio folds into its pill beside the game: wait for it, then start the game.
      await page.getByRole('region', { name: 'Rent Due Radio' }).waitFor()
      await shot.start(page, (locator) => (device.hasTouch ? locator.tap() : locator.click()))
      await page.locator('html[data-play-mode]').waitFor({ state: 'attached' })
      // A moment of play, so there is something on the canvas besides the notice.
      await page.waitForTimeout(1800)
      await page.evaluate(() => document.fonts.ready)
      const file = path.join(outDir, `${shot.name}-${label}.png`)
      await page.screenshot({ path: file })
      console.log(`wrote ${file}`)
      await context.close()
    }
  }
} finally {
  await browser?.close()
  await stop(server)
}
