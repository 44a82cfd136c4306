// Lighthouse benchmark: Lighthouse 12 (mobile preset, simulated throttling) on the production
// build served by our real server (fresh DATA_DIR, seeded content), Chromium --headless=new,
// 5 runs per page, medians. Prints each category score and FCP/LCP/TBT/CLS with PASS/FAIL, and
// for anything below target the audits that cost the points.
//
// With LIGHTHOUSE_OLD_ROOT (another checkout, built) that build is measured in the same sitting,
// on its own fresh server, interleaved run by run with this one (old, new, old, new...), and its
// table is printed first.
//
// The age gate: the visitor has passed it. Before the runs we set localStorage ageVerified='true'
// for the audited origin in the same Chrome profile (playwright-core over CDP). Lighthouse's
// storage reset between runs clears the HTTP cache, service workers and cache storage but not
// localStorage (its default clearStorageTypes), so every run is a cold load of the real page.
//
//   npm run build && npx tsx bench/lighthouse/run.ts
//   LIGHTHOUSE_RUNS=1 LIGHTHOUSE_PAGES=/,/news npx tsx bench/lighthouse/run.ts   (quicker)
//   LIGHTHOUSE_OUT=bench/results/lighthouse  also writes every run's JSON report there.
//   LIGHTHOUSE_OLD_ROOT=/path/to/old/checkout npx tsx bench/lighthouse/run.ts
//
// Figures, not assertions: exit code 0 even when a target fails, 1 only when the run breaks.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROME_PATH, startProdServer, type ProdServer } from '../bundle/prod-server.js'

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/episodes,/soundtrack,/news,/games')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean)
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5)
const OUT = process.env.LIGHTHOUSE_OUT
const OLD_ROOT = process.env.LIGHTHOUSE_OLD_ROOT
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
/** Minimum score (0-100) per category, on every page. */
const CATEGORY_TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
}
const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP', unit: 's' },
  { id: 'largest-contentful-paint', label: 'LCP', unit: 's' },
  { id: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', unit: '' },
] as const
/** Home only: maxima in the audit's own numeric unit (ms for times). */
const HOME_METRIC_TARGETS: Partial<Record<(typeof METRICS)[number]['id'], number>> = {
  'largest-contentful-paint': 2000,
  'total-blocking-time': 100,
  'cumulative-layout-shift': 0.02,
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

function formatMetric(unit: string, value: number): string {
  if (unit === 's') return `${(value / 1000).toFixed(2)} s`
  if (unit === 'ms') return `${Math.round(value)} ms`
  return value.toFixed(3)
}

function categoryScore(lhr: Lhr, id: string): number {
  return Math.round((lhr.categories[id]?.score ?? 0) * 100)
}

/** The audits of a category that lost points, worst weight first: 'id (score)'. */
function failingAudits(lhr: Lhr, categoryId: string): string[] {
  const category = lhr.categories[categoryId]
  if (!category) return []
  const limit = categoryId === 'performance' ? 0.9 : 1
  return category.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit &&
        audit.score !== null &&
        audit.score < limit &&
        !['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode),
    )
    .sort((a, b) => b.ref.weight - a.ref.weight)
    .map(({ ref, audit }) => `${ref.id} (${Math.round((audit?.score ?? 0) * 100)})`)
}

/** Up to `max` culprits named in an audit's details: element selectors and resource URLs. */
function culprits(lhr: Lhr, auditId: string, max = 4): string[] {
  const found: string[] = []
  const walk = (value: unknown) => {
    if (found.length >= max || value === null || typeof value !== 'object') return
    const v = value as Record<string, unknown>
    const node = v.node as { selector?: string; nodeLabel?: string } | undefined
    if (node?.selector) {
      found.push(
        `${node.selector}${node.nodeLabel ? ` "${node.nodeLabel.replace(/\s+/g, ' ').slice(0, 40)}"` : ''}`,
      )
    } else if (typeof v.url === 'string' && !found.includes(v.url)) {
      found.push(v.url.replace(/^https?:\/\/[^/]+/, ''))
    }
    for (const child of Object.values(v)) walk(child)
  }
  walk(lhr.audits[auditId]?.details)
  return found
}

/** What explains a Home metric: the audits whose details name elements or files. */
const METRIC_CULPRITS: Record<string, string[]> = {
  'largest-contentful-paint': ['largest-contentful-paint-element', 'render-blocking-resources'],
  'total-blocking-time': ['long-tasks', 'bootup-time'],
  'cumulative-layout-shift': ['layout-shifts'],
}

async function presetAgeGate(port: number, origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]
    if (!context) throw new Error('no default browser context over CDP')
    const page = await context.newPage()
    await page.goto(`${origin}/robots.txt`)
    await page.evaluate(() => window.localStorage.setItem('ageVerified', 'true'))
    await page.close()
  } finally {
    // Disconnects only: the Chrome that chrome-launcher started keeps running.
    await browser.close()
  }
}

async function ageGateStillPassed(port: number, origin: string): Promise<boolean> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = await browser.contexts()[0]!.newPage()
    await page.goto(`${origin}/robots.txt`)
    const value = await page.evaluate(() => window.localStorage.getItem('ageVerified'))
    await page.close()
    return value === 'true'
  } finally {
    await browser.close()
  }
}

/**
 * One Lighthouse run. A run that fails on its own (NO_NAVSTART, NO_FCP: the trace was not
 * recorded, which happens on a busy machine) is tried again, up to twice.
 */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const error = result.lhr.runtimeError
    if (!error) return result
    if (attempt >= 3) throw new Error(`${url}: ${error.code} ${error.message}`)
    process.stderr.write(`  ${url}: ${error.code}, trying again\n`)
  }
}

interface Build {
  name: string
  server: ProdServer
  results: Map<string, Lhr[]>
}

async function main() {
  const builds: Build[] = []
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rentdue-lh-profile-'))
  let chrome: chromeLauncher.LaunchedChrome | undefined
  try {
    if (OLD_ROOT) {
      builds.push({ name: 'old', server: await startProdServer(OLD_ROOT), results: new Map() })
    }
    builds.push({
      name: OLD_ROOT ? 'new' : '',
      server: await startProdServer(),
      results: new Map(),
    })
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      userDataDir: profile,
    })
    for (const { server } of builds) await presetAgeGate(chrome.port, server.origin)
    if (OUT) fs.mkdirSync(OUT, { recursive: true })

    for (let run = 1; run <= RUNS; run++) {
      for (const page of PAGES) {
        for (const build of builds) {
          const result = await audit(`${build.server.origin}${page}`, chrome.port)
          build.results.set(page, [...(build.results.get(page) ?? []), result.lhr])
          process.stderr.write(
            `  ${build.name ? `${build.name} ` : ''}${page} run ${run}/${RUNS}: ` +
              `performance ${categoryScore(result.lhr, 'performance')}\n`,
          )
          if (OUT) {
            const base = page === '/' ? 'home' : page.slice(1).replace(/\//g, '-')
            const name = `${build.name ? `${build.name}-` : ''}${base}-${run}.json`
            fs.writeFileSync(path.join(OUT, name), JSON.stringify(result.lhr))
          }
        }
      }
    }
    const gates = await Promise.all(
      builds.map(({ server }) => ageGateStillPassed(chrome!.port, server.origin)),
    )
    const first = builds[0]?.results.values().next().value?.[0]
    console.log(
      `\nLighthouse ${first?.lighthouseVersion ?? '?'}, mobile preset, ` +
        `${RUNS} run(s) per page, medians. Age gate preset (ageVerified kept across runs: ` +
        `${gates.every(Boolean) ? 'yes' : 'NO'}).`,
    )
  } finally {
    await chrome?.kill()
    for (const { server } of builds) await server.stop()
    fs.rmSync(profile, { recursive: true, force: true })
  }
  for (const build of builds) report(build)
}

/** One build's table: medians per page with PASS/FAIL, then what cost the points. */
function report({ name, results }: Build) {
  if (name) console.log(`\n== ${name} build ==`)
  console.log('')
  const header = [
    'page',
    ...CATEGORIES.map((c) => c.replace('best-practices', 'best-pr')),
    ...METRICS.map((m) => m.label),
  ]
  console.log(header.map((h, i) => (i === 0 ? h.padEnd(12) : h.padStart(14))).join(''))
  const failures: string[] = []
  for (const [page, runs] of results) {
    const cells: string[] = []
    // The run whose performance score is the median: its audits explain the numbers.
    const byPerf = [...runs].sort(
      (a, b) => categoryScore(a, 'performance') - categoryScore(b, 'performance'),
    )
    const medianRun = byPerf[Math.floor(byPerf.length / 2)]!
    for (const c of CATEGORIES) {
      const score = median(runs.map((r) => categoryScore(r, c)))
      const ok = score >= CATEGORY_TARGETS[c]
      cells.push(`${score} ${ok ? 'PASS' : 'FAIL'}`)
      if (!ok) {
        const audits = failingAudits(medianRun, c)
        if (c === 'performance') {
          for (const id of ['largest-contentful-paint-element', 'layout-shifts']) {
            const named = culprits(medianRun, id, 3)
            if (named.length) audits.push(`[${id}: ${named.join('; ')}]`)
          }
        }
        failures.push(
          `${page} ${c} ${score} < ${CATEGORY_TARGETS[c]}: ${audits.join(', ') || '(no single audit below target)'}`,
        )
      }
    }
    for (const m of METRICS) {
      const value = median(runs.map((r) => r.audits[m.id]?.numericValue ?? Number.NaN))
      const target = page === '/' ? HOME_METRIC_TARGETS[m.id] : undefined
      const verdict = target === undefined ? '' : value <= target ? ' PASS' : ' FAIL'
      cells.push(`${formatMetric(m.unit, value)}${verdict}`)
      if (target !== undefined && value > target) {
        const named = (METRIC_CULPRITS[m.id] ?? [])
          .map((id) => `${id}: ${culprits(medianRun, id).join('; ') || '-'}`)
          .join(' | ')
        failures.push(
          `${page} ${m.label} ${formatMetric(m.unit, value)} > ${formatMetric(m.unit, target)}: ${named}`,
        )
      }
    }
    console.log(page.padEnd(12) + cells.map((c) => c.padStart(14)).join(''))
  }
  console.log(
    `\nTargets: performance ≥ ${CATEGORY_TARGETS.performance}, accessibility ${CATEGORY_TARGETS.accessibility}, ` +
      `best practices ≥ ${CATEGORY_TARGETS['best-practices']}, SEO ${CATEGORY_TARGETS.seo} on every page; ` +
      'Home LCP ≤ 2.00 s, TBT ≤ 100 ms, CLS ≤ 0.020.',
  )
  console.log('\nEvery run (performance / TBT / LCP):')
  for (const [page, runs] of results) {
    const list = runs.map(
      (r) =>
        `${categoryScore(r, 'performance')}/` +
        `${Math.round(r.audits['total-blocking-time']?.numericValue ?? Number.NaN)}/` +
        `${((r.audits['largest-contentful-paint']?.numericValue ?? Number.NaN) / 1000).toFixed(2)}`,
    )
    console.log(`  ${page.padEnd(12)} ${list.join('  ')}`)
  }
  if (failures.length) {
    console.log('\nBelow target (audits losing points in the median run, heaviest first):')
    for (const f of failures) console.log(`  ${f}`)
  } else {
    console.log('\nEvery target met.')
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
