// Bundle benchmark: the JavaScript a first visit to `/` costs, gzip -9 sizes of the built files.
//   1. From the build manifest: the entry chunk, the hydration module it loads on every page
//      (src/app/main.tsx), the modules that one loads before hydrating (React DOM, the router,
//      the route table) and all their static imports.
//   2. In Chromium against the production server: every JS file `/` requests until the network
//      is idle, then again after scrolling to the end (lazy sections). The visitor has passed the
//      age gate (ageVerified = 'true' before any script), so this is the real Home page.
//   3. No game chunk (fan-quiz, bill-collector, whack-a-bertha, penny-pinchers, packages/games)
//      and no admin chunk may be among them.
// Prints a table and PASS/FAIL per target. Figures, not assertions: exit code 0 even when a
// target fails, 1 only when the run itself breaks.
//
//   npm run build && npx tsx bench/bundle/run.ts
import { chromium } from 'playwright-core'
import {
  forbiddenChunks,
  gzipSize,
  hydrationClosure,
  readManifest,
  type Manifest,
} from './manifest.js'
import { CHROME_PATH, startProdServer, WEB_DIST } from './prod-server.js'

const KIB = 1024
const TARGET_ENTRY_KIB = 110
const TARGET_HOME_KIB = 170

const kib = (bytes: number) => (bytes / KIB).toFixed(1)
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')

function describeFile(manifest: Manifest, file: string): string {
  const chunk = Object.entries(manifest).find(([, c]) => c.file === file)
  if (!chunk) return '(not in the manifest)'
  const [key, c] = chunk
  if (c.src) return c.src
  // A shared chunk has no source of its own: name who imports it.
  const importers = Object.entries(manifest)
    .filter(([, other]) =>
      [...(other.imports ?? []), ...(other.dynamicImports ?? [])].includes(key),
    )
    .map(([k, other]) => other.src ?? k)
  const shown = importers.slice(0, 3).join(', ')
  return `${c.name ?? key} (shared by ${shown}${importers.length > 3 ? ', …' : ''})`
}

async function jsRequestedBy(origin: string): Promise<{ load: string[]; scrolled: string[] }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] })
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'))
    const page = await context.newPage()
    const files: string[] = []
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.origin === origin && url.pathname.endsWith('.js')) {
        const file = url.pathname.slice(1)
        if (!files.includes(file)) files.push(file)
      }
    })
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' })
    const load = [...files]
    // Walk down the page a screen at a time so every lazy section comes into view.
    for (let i = 0; i < 40; i++) {
      const done = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight)
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2
      })
      await page.waitForTimeout(150)
      if (done) break
    }
    await page.waitForLoadState('networkidle')
    return { load, scrolled: [...files] }
  } finally {
    await browser.close()
  }
}

async function main() {
  const manifest = readManifest(WEB_DIST)
  const closure = hydrationClosure(manifest).map((k) => manifest[k]!.file)
  const entryBytes = closure.reduce((n, f) => n + gzipSize(WEB_DIST, f), 0)
  const forbidden = forbiddenChunks(manifest)

  const server = await startProdServer()
  let requested: { load: string[]; scrolled: string[] }
  try {
    requested = await jsRequestedBy(server.origin)
  } finally {
    await server.stop()
  }

  console.log(`\nBundle bench: ${WEB_DIST}\n`)
  console.log('JS requested by / (gzip -9), in request order:')
  for (const file of requested.scrolled) {
    const flags = [
      closure.includes(file) ? 'entry' : '',
      requested.load.includes(file) ? '' : 'after scroll',
      forbidden.has(file) ? `FORBIDDEN: ${forbidden.get(file)}` : '',
    ].filter(Boolean)
    console.log(
      `  ${kib(gzipSize(WEB_DIST, file)).padStart(7)} KiB  ${file.padEnd(44)} ${describeFile(manifest, file)}${flags.length ? `  [${flags.join(', ')}]` : ''}`,
    )
  }

  const sum = (files: string[]) => files.reduce((n, f) => n + gzipSize(WEB_DIST, f), 0)
  const loadBytes = sum(requested.load)
  const scrolledBytes = sum(requested.scrolled)
  const missingFromRun = closure.filter((f) => !requested.load.includes(f))
  const notInManifest = requested.scrolled.filter((f) => describeFile(manifest, f).startsWith('('))
  const forbiddenHits = requested.scrolled.filter((f) => forbidden.has(f))

  const rows: [string, string, string, boolean][] = [
    [
      'entry + main.tsx + what it loads to hydrate',
      `${kib(entryBytes)} KiB`,
      `≤ ${TARGET_ENTRY_KIB} KiB`,
      entryBytes <= TARGET_ENTRY_KIB * KIB,
    ],
    [
      'everything / loads (network idle)',
      `${kib(loadBytes)} KiB`,
      `≤ ${TARGET_HOME_KIB} KiB`,
      loadBytes <= TARGET_HOME_KIB * KIB,
    ],
    [
      '… and after scrolling to the end',
      `${kib(scrolledBytes)} KiB`,
      `≤ ${TARGET_HOME_KIB} KiB`,
      scrolledBytes <= TARGET_HOME_KIB * KIB,
    ],
    [
      'game / admin chunks requested',
      String(forbiddenHits.length),
      '0',
      forbiddenHits.length === 0,
    ],
  ]
  console.log(`\n  ${'measure'.padEnd(46)} ${'value'.padEnd(12)} ${'target'.padEnd(12)} result`)
  for (const [name, value, target, ok] of rows) {
    console.log(`  ${name.padEnd(46)} ${value.padEnd(12)} ${target.padEnd(12)} ${verdict(ok)}`)
  }
  console.log(
    `\n  cross-check: ${closure.length} chunks in the entry closure, ` +
      `${requested.load.length} JS files at load, ${requested.scrolled.length} after scrolling` +
      (missingFromRun.length ? `; entry chunks NOT requested: ${missingFromRun.join(', ')}` : '') +
      (notInManifest.length
        ? `; requested but not in the manifest: ${notInManifest.join(', ')}`
        : ''),
  )
  if (forbiddenHits.length) {
    console.log(
      `  forbidden chunks: ${forbiddenHits.map((f) => `${f} (${forbidden.get(f)})`).join(', ')}`,
    )
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
