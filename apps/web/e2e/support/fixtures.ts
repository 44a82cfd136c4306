// Shared set-up for the browser tests. By default a visitor has already passed the age gate
// (ageVerified = 'true' before any page script runs); gate tests opt out with `verified: false`.
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export const test = base.extend<{ verified: boolean }>({
  verified: [true, { option: true }],
  page: async ({ page, verified }, use) => {
    if (verified) {
      await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'))
    }
    await use(page)
  },
})

export { expect }

/** Every route of SPEC §2 except Home, with the h1 each page shows. */
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

/** Runs axe with the WCAG 2.x A/AA tags and fails listing every violation found. */
export async function expectNoAxeViolations(page: Page, context: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze()
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

/** Waits until the lazily loaded page has replaced the loading fallback. */
/**
 * Opens a page and waits for React's page, not the server's first paint (decision 163), which
 * shows the same heading and, on /episodes and /news, the same cards before any JS has run.
 * React's <main> is #main; the first paint's has no id.
 */
export async function gotoPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.locator('main#main').getByRole('heading', { level: 1 })).toBeVisible()
}

/** Home loads its sections below the hero as they near the screen: scroll one into view first. */
export async function scrollToHomeSection(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 2, name: heading }).scrollIntoViewIfNeeded()
}
