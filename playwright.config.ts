// Browser tests of the production build on the REAL server (apps/server/dist/main.js) with a fresh
// data directory, in the system Chromium (no browser downloads). `npm run test:e2e` builds first.
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${port}`
// E2E_DATA_DIR and WEB_DIST let several checkouts or builds run side by side.
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e'
const webDist = process.env.WEB_DIST
// The newsletter spec's own server, which mails to a local SMTP sink: the server every other spec
// uses has no SMTP, so its sign-ups are confirmed at once and nothing is mailed, as before.
const newsletterPort = Number(process.env.E2E_NEWSLETTER_PORT ?? port + 2)
const newsletterDataDir = process.env.E2E_NEWSLETTER_DATA_DIR ?? `${dataDir}-newsletters`
const mailSinkSmtpPort = Number(process.env.E2E_MAIL_SINK_SMTP_PORT ?? port + 25)
const mailSinkHttpPort = Number(process.env.E2E_MAIL_SINK_HTTP_PORT ?? port + 26)
process.env.E2E_NEWSLETTER_URL = `http://127.0.0.1:${newsletterPort}`
process.env.E2E_NEWSLETTER_DATA_DIR = newsletterDataDir
process.env.E2E_MAIL_SINK_URL = `http://127.0.0.1:${mailSinkHttpPort}`

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
  webServer: [
    {
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
    {
      // The SMTP sink the newsletter server mails to (apps/server/test/support/mail-sink-main.ts).
      command: 'npx tsx apps/server/test/support/mail-sink-main.ts',
      url: `http://127.0.0.1:${mailSinkHttpPort}/healthz`,
      env: {
        MAIL_SINK_SMTP_PORT: String(mailSinkSmtpPort),
        MAIL_SINK_HTTP_PORT: String(mailSinkHttpPort),
      },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // admin-newsletters.spec.ts's server: the same build with SMTP, its own fresh database.
      command: `node -e "require('node:fs').rmSync('${newsletterDataDir}', { recursive: true, force: true })" && node apps/server/dist/main.js`,
      url: `http://127.0.0.1:${newsletterPort}/healthz`,
      env: {
        PORT: String(newsletterPort),
        HOST: '127.0.0.1',
        DATA_DIR: newsletterDataDir,
        SITE_URL: `http://127.0.0.1:${newsletterPort}`,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mailSinkSmtpPort),
        SMTP_FROM: 'Rent Due <news@rentdue.example>',
        ...(webDist ? { WEB_DIST: webDist } : {}),
      },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
