// Browser tests of the production build on the REAL server (apps/server/dist/main.js) with a fresh
// data directory, in the system Chromium (no browser downloads). `npm run test:e2e` builds first.
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${port}`
// E2E_DATA_DIR and WEB_DIST let several checkouts or builds run side by side.
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e'
const webDist = process.env.WEB_DIST

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  },
}

const SITE_CONTENT_CHANGES = [
  '**/admin-content.spec.ts',
  '**/admin-board.spec.ts',
  '**/admin-tracks.spec.ts',
  '**/admin-resumable.spec.ts',
]

export default defineConfig({
  testDir: 'apps/web/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries: a test that passes only on a second try is a bug to fix, not to hide.
  retries: 0,
  workers: 2,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'ci-reports/playwright.json' }]]
    : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The admin-content, admin-board, admin-tracks and admin-resumable specs briefly change what
  // the site shows (a news item, a pin, the Q&A event, a track order, a soundtrack file, an
  // episode) while other specs compare pages with the database, so they run on their own after
  // them. `chromium` must pass first; a failure there reports them as not run.
  projects: [
    {
      name: 'chromium',
      testIgnore: SITE_CONTENT_CHANGES,
      use: browser,
    },
    {
      name: 'site-content-changes',
      testMatch: SITE_CONTENT_CHANGES,
      dependencies: ['chromium'],
      use: browser,
    },
  ],
  webServer: {
    // A fresh database every run: remove the previous run's data directory first.
    command: `node -e "require('node:fs').rmSync('${dataDir}', { recursive: true, force: true })" && node apps/server/dist/main.js`,
    url: `${baseURL}/healthz`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: baseURL,
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
