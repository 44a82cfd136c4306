// Prints one closing line for CI, 'N passed, N failed', from the JSON reports Vitest and
// Playwright write when CI is set. Missing reports (a step that never ran) count as nothing;
// tests that did not run (skipped) count as failed.
import fs from 'node:fs'

let passed = 0
let failed = 0
const lines = []

for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    lines.push(`${file}: not run`)
    continue
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'))
  let p = 0
  let f = 0
  let s = 0
  if (typeof report.numPassedTests === 'number') {
    // Vitest (Jest-compatible JSON)
    p = report.numPassedTests
    f = report.numFailedTests
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  } else if (report.stats) {
    // Playwright
    p = report.stats.expected + (report.stats.flaky ?? 0)
    f = report.stats.unexpected
    // Skipped: tests of a project whose dependency project failed (playwright.config.ts).
    s = report.stats.skipped ?? 0
  }
  // The suite has no skipped tests on purpose, so one that did not run counts as failed.
  passed += p
  failed += f + s
  lines.push(`${file}: ${p} passed, ${f} failed${s ? `, ${s} did not run` : ''}`)
}

for (const line of lines) console.log(`ci: ${line}`)
console.log(`${passed} passed, ${failed} failed`)
