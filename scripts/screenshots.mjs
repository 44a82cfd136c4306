// Full-page screenshots of the production build on the real server, for looking at the design:
// Home (gate open and closed), every content page and EVICTED, at 1280 and 390 px wide, into
// screenshots/ (SCREENSHOT_DIR). SCREENSHOT_PAGES picks shots by name.
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
  { name: 'soundtrack', path: '/soundtrack', verified: true },
  { name: 'news', path: '/news', verified: true },
  { name: 'games', path: '/games', verified: true },
  { name: 'shop', path: '/shop', verified: true },
  { name: 'bts', path: '/bts', verified: true },
  { name: 'creators', path: '/creators', verified: true },
  { name: 'cast', path: '/cast', verified: true },
  { name: 'evicted', path: '/this-unit-is-gone', verified: true },
]
// SCREENSHOT_PAGES=news,shop takes only those shots (by name).
const only = process.env.SCREENSHOT_PAGES?.split(',').map((name) => name.trim())
const shots = only ? allShots.filter((shot) => only.includes(shot.name)) : allShots
const widths = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844 },
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
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        reducedMotion: 'reduce',
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
      const file = path.join(outDir, `${shot.name}-${size.label}.png`)
      await page.screenshot({ path: file, fullPage: true })
      console.log(`wrote ${file}`)
      await context.close()
    }
  }
} finally {
  await browser?.close()
  await stop(server)
}
