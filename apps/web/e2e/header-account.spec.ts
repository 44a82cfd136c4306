// The header with an account, on a 390×844 and a 360×740 phone and at 1280×800: signed in, one
// compact account button whose menu holds 'Sign Out' (keyboard and axe too); no public page
// scrolls sideways signed in or out, at the top or with the compact header; a sign-up on this
// server (no SMTP: no mail, signed in at once) says so; a failed sign-up shows in the form, clear
// of its fields and button.
import type { Page } from '@playwright/test'
import {
  accountButton,
  newFan,
  openAccountMenu,
  SIGNED_UP_SIGNED_IN,
  signOutFromMenu,
  signUpInBrowser,
  siteHeader,
  type Fan,
} from './support/account'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'

test.describe.configure({ timeout: 120_000 })

const sizes = [
  { label: '390×844', width: 390, height: 844, phone: true },
  { label: '360×740', width: 360, height: 740, phone: true },
  { label: '1280×800', width: 1280, height: 800, phone: false },
] as const

const publicPages = [
  '/',
  '/episodes',
  '/soundtrack',
  '/news',
  '/games',
  '/shop',
  '/bts',
  '/creators',
  '/cast',
] as const

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/** The box of an element, or fails. */
async function box(page: Page, selector: ReturnType<Page['locator']>) {
  const b = await selector.boundingBox()
  expect(b, `${selector.toString()} has a box`).not.toBeNull()
  return b!
}

/** Every page: no sideways scroll, and the header's corner button inside the screen, at the top
    and again with the compact header (scrolled). */
async function expectEveryPageFits(page: Page, corner: () => ReturnType<Page['locator']>) {
  for (const path of publicPages) {
    await gotoPage(page, path)
    for (const state of ['top', 'compact'] as const) {
      if (state === 'compact') {
        await page.evaluate(() => window.scrollTo(0, 400))
        await expect(page.locator('.site-header[data-compact="true"]')).toHaveCount(1)
      }
      // Signed in, the button is its placeholder (disabled) until the menu's code is here.
      await expect(corner()).toBeEnabled()
      expect(await sideways(page), `${path} (${state}) scrolls sideways`).toBe(0)
      const b = await box(page, corner())
      const width = page.viewportSize()!.width
      expect(b.x, `${path} (${state}): the corner button starts on screen`).toBeGreaterThanOrEqual(
        0,
      )
      expect(
        b.x + b.width,
        `${path} (${state}): the corner button ends on screen`,
      ).toBeLessThanOrEqual(width)
    }
  }
}

for (const size of sizes) {
  test.describe(`at ${size.label}`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      hasTouch: size.phone,
      isMobile: size.phone,
      reducedMotion: 'reduce',
    })

    test('signed in: one account button whose menu signs out; no page scrolls sideways', async ({
      page,
    }) => {
      const fan = newFan()
      await gotoPage(page, '/')
      await expectEveryPageFits(page, () =>
        siteHeader(page).getByRole('button', { name: 'Sign In' }),
      )

      await gotoPage(page, '/')
      const signup = page.waitForRequest((r) => r.url().includes('/auth/v1/signup'))
      const dialog = await signUpInBrowser(page, fan)
      expect(new URL((await signup).url()).searchParams.has('redirect_to')).toBe(false)
      // No SMTP on this server: no mail was sent, the fan is signed in, and the toast says so.
      await expect(page.getByText('Account created successfully!')).toBeVisible()
      await expect(page.getByText(SIGNED_UP_SIGNED_IN)).toBeVisible()
      await expect(page.getByText('Please check your email to verify your account.')).toHaveCount(0)
      await expect(dialog).toBeHidden()
      const button = accountButton(page, fan)
      await expect(button).toBeVisible()
      await expect(button).toHaveAttribute('aria-haspopup', 'menu')
      await expect(button).toHaveAttribute('aria-expanded', 'false')
      // No wide 'Sign Out' in the header any more: it is in the menu.
      await expect(siteHeader(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0)
      await page.screenshot({ path: `test-results/header-signed-in-${size.width}.png` })

      await expectEveryPageFits(page, () => accountButton(page, fan))

      // The menu by keyboard: Enter opens it on its first item, Escape closes it back on the button.
      await gotoPage(page, '/')
      await expect(accountButton(page, fan)).toBeEnabled()
      await accountButton(page, fan).focus()
      await page.keyboard.press('Enter')
      const menu = page.getByRole('menu')
      await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused()
      await expect(menu.getByText(`Signed in as ${fan.username}`)).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()
      await expect(accountButton(page, fan)).toBeFocused()
      await expect(accountButton(page, fan)).toHaveAttribute('aria-expanded', 'false')

      // By pointer: open, inside the screen, accessible; then sign out from it.
      const open = await openAccountMenu(page, fan)
      const b = await box(page, open)
      expect(b.x).toBeGreaterThanOrEqual(0)
      expect(b.x + b.width).toBeLessThanOrEqual(size.width)
      expect(await sideways(page)).toBe(0)
      await page.screenshot({ path: `test-results/header-account-menu-${size.width}.png` })
      await expectNoAxeViolations(page, `the open account menu at ${size.label}`, [
        '.site-header',
        '.account-menu',
      ])
      await page.keyboard.press('Escape')
      await signOutFromMenu(page, fan)
      await expect(page.getByText('Signed out.')).toBeVisible()
      await page.reload()
      await expect(siteHeader(page).getByRole('button', { name: 'Sign In' })).toBeVisible()
      await expect(accountButton(page, fan)).toHaveCount(0)
    })
  })
}

test.describe('on a 360×740 phone', () => {
  test.use({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    reducedMotion: 'reduce',
    // The browser logs the refused sign-up, and the site logs what auth answered.
    expectedConsole: /(?:status of 4\d\d)|(?:^error: (sign up|auth call) failed)/i,
  })

  test('a failed sign-up shows in the form, covering none of its fields or its button', async ({
    page,
  }) => {
    const fan: Fan = newFan()
    await gotoPage(page, '/')
    await signUpInBrowser(page, fan)
    await expect(accountButton(page, fan)).toBeVisible()
    await signOutFromMenu(page, fan)

    const dialog = await signUpInBrowser(page, { ...fan, username: 'someone_else' })
    const alert = dialog.getByRole('alert')
    await expect(alert).toHaveText('Sign up failed User already registered')
    await expect(alert).toBeInViewport()
    await expect(dialog.getByLabel('Username')).toHaveValue('someone_else')

    // Nothing lies over a field or the button: what a finger at its centre touches is itself.
    const controls = [
      dialog.getByLabel('Username'),
      dialog.getByLabel('Email'),
      dialog.getByLabel('Password'),
      dialog.getByRole('button', { name: 'Create Account' }),
    ]
    for (const control of controls) {
      await control.scrollIntoViewIfNeeded()
      const hit = await control.evaluate((el) => {
        const r = el.getBoundingClientRect()
        const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
        return at !== null && (el === at || el.contains(at))
      })
      expect(hit, `${control.toString()} is uncovered`).toBe(true)
    }
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
    await page.screenshot({ path: 'test-results/account-signup-failed-360.png' })
    await expectNoAxeViolations(page, 'the Sign Up dialog with its failure')
  })
})
