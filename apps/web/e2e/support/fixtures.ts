// Shared set-up for the browser tests. By default a visitor has already passed the age gate
// (ageVerified = 'true' before any page script runs); gate tests opt out with `verified: false`.
// Every test fails on a console error or warning (a hydration mismatch is one) and on an uncaught
// exception; a test that provokes errors on purpose names the ones it expects in
// `expectedConsole` (one pattern: an array would read as a fixture tuple).
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export const test = base.extend<{ verified: boolean; expectedConsole: RegExp | undefined }>({
  verified: [true, { option: true }],
  expectedConsole: [undefined, { option: true }],
  page: async ({ page, verified, expectedConsole }, use) => {
    if (verified) {
      await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'))
    }
    const unexpected: string[] = []
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return
      const text = `${message.type()}: ${message.text()}`
      if (!expectedConsole?.test(text)) unexpected.push(text)
    })
    page.on('pageerror', (error) => unexpected.push(`uncaught: ${error.message}`))
    // The server's HTML shows a page before it is live: a load of one of the site's pages waits
    // until React has hydrated it, so a click never lands on a button without its handler
    // (unless it asked for the bare HTML: waitUntil 'commit').
    for (const method of ['goto', 'reload'] as const) {
      const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>
      Object.assign(page, {
        [method]: async (...args: unknown[]) => {
          const response = await original(...args)
          const options = args.find((arg) => typeof arg === 'object') as
            { waitUntil?: string } | undefined
          const html = response?.headers()['content-type']?.startsWith('text/html')
          const sameSite = html && new URL(page.url()).origin === new URL(response!.url()).origin
          if (sameSite && options?.waitUntil !== 'commit') {
            await waitForHydration(page)
          }
          return response
        },
      })
    }
    await use(page)
    expect(unexpected, 'console errors and warnings, uncaught exceptions').toEqual([])
  },
})

export { expect }

/** Every route of docs/product/pages.md#routes except Home, with the h1 each page shows. */
export const subPages = [
  { path: '/episodes', heading: 'Episodes' },
  { path: '/soundtrack', heading: 'Soundtrack' },
  { path: '/news', heading: 'News' },
  { path: '/games', heading: 'Games' },
  { path: '/games/fan-quiz', heading: 'Fan Quiz' },
  { path: '/games/penny-pitchers', heading: 'Penny Pinchers' },
  { path: '/games/bill-collector', heading: 'Bill Collector' },
  { path: '/games/whack-a-bertha', heading: 'Whack-a-Bertha' },
  { path: '/shop', heading: 'Shop' },
  { path: '/bts', heading: 'Behind the Scenes' },
  { path: '/creators', heading: 'Creators' },
  { path: '/cast', heading: 'Cast' },
] as const

/** The footer's dialogs: trigger label and dialog title. */
export const footerDialogs = [
  { trigger: 'Privacy', title: 'Privacy Policy' },
  { trigger: 'Terms', title: 'Terms of Use' },
  { trigger: 'Contact', title: 'Contact Us' },
  { trigger: 'Copyright', title: 'Copyright' },
  { trigger: 'Series Disclaimer', title: 'Series Disclaimer' },
] as const

/**
 * Runs axe with the WCAG 2.x A/AA tags and fails listing every violation found. It first waits
 * for the page's finite animations and transitions to end: a dialog fading in is half
 * transparent, and axe would measure its buttons' colours blended with the page behind.
 */
export async function expectNoAxeViolations(
  page: Page,
  context: string,
  /** Only these parts of the page (CSS selectors), when the page around them is not the subject. */
  include?: readonly string[],
): Promise<void> {
  await page.evaluate(async () => {
    // One ending can start another (focus moves into the dialog once it is in): wait until a
    // frame passes with none running.
    for (;;) {
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        )
      if (running.length === 0) return
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)))
      await new Promise((resolve) => requestAnimationFrame(resolve))
    }
  })
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
  for (const selector of include ?? []) builder.include(selector)
  const { violations } = await builder.analyze()
  const summary = violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }))
  expect(violations, `axe violations on ${context}:\n${JSON.stringify(summary, null, 2)}`).toEqual(
    [],
  )
}

/**
 * Opens a page and waits until it is live: the server's HTML already shows it, and the browser
 * has hydrated it (main.tsx marks <html data-hydrated> then), so its buttons answer.
 */
export async function gotoPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await waitForHydration(page)
}

export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
}

/**
 * Opens `path` by a navigation in the browser (from the games list, which reads nothing of its
 * own), so its loaders run in the browser, where page.route() can answer their requests.
 */
export async function navigateInBrowser(page: Page, path: string): Promise<void> {
  await gotoPage(page, '/games')
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await expect(page).toHaveURL(path)
}

/**
 * Home makes its sections below the hero live as they near the screen: scroll one into view and
 * wait until it is (ui/deferred.tsx marks it data-live), so its buttons and forms answer.
 */
export async function scrollToHomeSection(page: Page, heading: string): Promise<void> {
  const title = page.getByRole('heading', { level: 2, name: heading })
  await title.scrollIntoViewIfNeeded()
  const section = page.locator('section.home-section', { has: title })
  await expect(section.locator('.deferred')).toHaveAttribute('data-live', '')
}
