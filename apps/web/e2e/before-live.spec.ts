// The page before it is live (decision 301): its module scripts are held back, as on a slow phone
// where the page is on screen seconds before its code. Nothing the visitor taps is lost: the
// fan-club form posts natively to the server (never as a GET: no request carries the address),
// the age gate's two answers and the nav menu work, and a tap on a button only JavaScript answers
// says it is waking and is answered once the code has arrived.
import type { Page, Route } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { rowsWhere, uniqueTag } from './support/forms-db'

/** Holds every module script of the site until `release()`; later ones go through. */
async function holdScripts(page: Page) {
  const held: Route[] = []
  let released = false
  await page.route(/\/assets\/[\w.-]+\.js$/, (route) => {
    if (released) return route.continue()
    held.push(route)
  })
  return {
    count: () => held.length,
    release: async () => {
      released = true
      for (const route of held.splice(0)) await route.continue()
    },
  }
}

test('before the code has arrived, the fan-club form stores one row without a URL that names it', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueTag()
  const who = { name: `Early Fan ${tag}`, email: `early-${tag}@example.com` }
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  const scripts = await holdScripts(page)
  await page.goto('/', { waitUntil: 'commit' })
  const form = page.getByRole('form', { name: 'Join the fan club' })
  await form.getByLabel('Name').fill(who.name)
  await form.getByLabel('Email').fill(who.email)
  expect(scripts.count()).toBeGreaterThan(0)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0)

  const posted = page.waitForResponse((r) => r.request().method() === 'POST')
  await form.getByRole('button', { name: 'Join the Fan Club' }).click()
  const response = await posted
  expect(response.status()).toBe(200)
  expect(new URL(response.url()).pathname).toBe('/')
  const thanks = page.getByRole('status').filter({ hasText: 'Thanks for joining the fan club!' })
  await expect(thanks).toBeVisible()
  expect(await rowsWhere(baseURL, 'fan_club_signups', 'email', who.email)).toEqual([
    expect.objectContaining({ name: who.name, email: who.email }),
  ])

  // The code arrives: the page it posted to goes live with the same outcome, without an error.
  await scripts.release()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await expect(thanks).toBeVisible()
  expect(urls.filter((url) => url.includes('@') || url.includes('%40'))).toEqual([])
})

test.describe('the age gate before the code has arrived', () => {
  test.use({ verified: false })

  test("'I'm Under 18' leaves the site", async ({ page }) => {
    // Answer the redirect locally: the test machine has no route to the internet.
    await page.route('https://www.google.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Search</title>' }),
    )
    await holdScripts(page)
    await page.goto('/', { waitUntil: 'commit' })
    await page.getByRole('link', { name: "I'm Under 18" }).click()
    await expect(page).toHaveURL('https://www.google.com/')
  })

  test("'I'm 18+ - Enter' opens the door and is remembered", async ({ page }) => {
    const scripts = await holdScripts(page)
    await page.goto('/', { waitUntil: 'commit' })
    const gate = page.getByRole('dialog', { name: 'Who’s there?' })
    await expect(gate).toBeVisible()
    await gate.getByRole('button', { name: "I'm 18+ - Enter" }).click()
    await expect(gate).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => window.localStorage.getItem('ageVerified'))).toBe('true')
    expect((await page.context().cookies()).find((c) => c.name === 'ageVerified')?.value).toBe(
      'true',
    )

    // Live, the door stays open.
    await scripts.release()
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test("the door is the server's own <dialog> from the first paint on, made modal once live", async ({
    page,
  }) => {
    // A door React replaced while a tap was under way (pressed on one Enter, released on the next)
    // lost a new visitor's first tap. The server's door is marked before any script of the page
    // runs, and must still be the one on screen, modal now, once the page has loaded everything.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const door = document.querySelector('dialog')
        if (door) door.dataset.fromServer = ''
      })
    })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    const gate = page.getByRole('dialog', { name: 'Who’s there?' })
    await expect(gate).toHaveAttribute('data-from-server', '')
    expect(await gate.evaluate((door) => door.matches(':modal'))).toBe(true)
    await expect(gate.getByRole('button', { name: "I'm 18+ - Enter" })).toBeFocused()
    await gate.getByRole('button', { name: "I'm 18+ - Enter" }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})

test('the menu opens before the code has arrived; Sign In says it is waking, then opens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const scripts = await holdScripts(page)
  await page.goto('/', { waitUntil: 'commit' })
  // The menu is the browser's own popover: it needs no code.
  await page.getByRole('button', { name: 'Menu' }).click()
  const menu = page.getByRole('list', { name: 'Menu' })
  await expect(menu.getByRole('link')).toHaveCount(6)
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()

  const signIn = page.getByRole('button', { name: 'Sign In' })
  await signIn.click()
  await expect(signIn).toHaveAttribute('data-waking', '')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await scripts.release()
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  await expect(page.locator('[data-waking]')).toHaveCount(0)
})

test('the windows’ portraits are fetched once the page is live, after the code it needs', async ({
  page,
}) => {
  const portraits: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/(?:bertha|dez|rosie|tubbs)-\d+-[\w-]+\.webp$/.test(request.url())) {
      portraits.push(request.url())
    }
  })
  const scripts = await holdScripts(page)
  const still = page.waitForEvent('requestfinished', (request) =>
    /\/media\/episodes\/header-still(?:-480|-720)?\.webp$/.test(request.url()),
  )
  await page.goto('/', { waitUntil: 'commit' })
  const characters = page.getByRole('list', { name: 'Characters' })
  await expect(characters.getByRole('button')).toHaveCount(4)
  // The hero's still, found in the same HTML, has come: the portraits were not asked for, and
  // the windows are lit but empty.
  await still
  expect(portraits).toEqual([])
  await expect(characters.locator('img')).toHaveCount(0)

  await scripts.release()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  const windows = characters.locator('img')
  await expect(windows).toHaveCount(4)
  // Drawn: a srcset picture's natural width is its size in CSS px (56), whichever copy came.
  for (const img of await windows.all()) {
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(56)
  }
  expect(portraits).toHaveLength(4)
})

test('a tap on a Home section whose code is still on its way is answered once it arrives', async ({
  page,
}) => {
  // The page is live, but the news section's code is held back.
  let releaseSection = () => {}
  const sectionHeld = new Promise<void>((resolve) => (releaseSection = resolve))
  await page.route(/\/assets\/(?:team-application-card|news-list)-[\w-]+\.js$/, async (route) => {
    await sectionHeld
    await route.continue()
  })
  await page.goto('/')
  const apply = page.getByRole('button', { name: 'Apply Now' })
  await apply.scrollIntoViewIfNeeded()
  await apply.click()
  await expect(apply).toHaveAttribute('data-waking', '')
  releaseSection()
  // The section's code, then the dialog's: two fetches and renders on a machine under load.
  await expect(page.getByRole('dialog', { name: 'Join the Team' })).toBeVisible({ timeout: 15_000 })
  // (The dialog hides the page behind it from the accessibility tree.)
  await expect(page.locator('[data-waking]')).toHaveCount(0)
})

test("a tap on 'Save my seat' while the dialog's code is on its way opens it once it arrives", async ({
  page,
}) => {
  // The page is live, but the dialog's own code (ui/dialog-view) is held back.
  let releaseDialog = () => {}
  const dialogHeld = new Promise<void>((resolve) => (releaseDialog = resolve))
  await page.route(/\/assets\/dialog-view-[\w-]+\.js$/, async (route) => {
    await dialogHeld
    await route.continue()
  })
  await page.goto('/news')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.getByRole('button', { name: 'Save my seat' }).first().click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  releaseDialog()
  await expect(page.getByRole('dialog', { name: 'Virtual Meet the Cast Q&A' })).toBeVisible()
})

test("'Save my seat' is the server's own button from the first paint on: no tap falls between two", async ({
  page,
}) => {
  // A button React replaces with another while a tap is under way (pressed on the first,
  // released on the second) gets no click: on a slow phone that tap was lost. The server's
  // element is marked before any script of the page runs, and must still be the one on screen
  // once the page has loaded everything it loads by itself.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      for (const button of document.querySelectorAll('button')) {
        if (button.textContent === 'Save my seat') button.dataset.fromServer = ''
      }
    })
  })
  await page.goto('/news')
  await page.waitForLoadState('networkidle')
  const button = page.getByRole('button', { name: 'Save my seat' })
  await expect(button).toHaveAttribute('data-from-server', '')
  await button.click()
  await expect(page.getByRole('dialog', { name: 'Virtual Meet the Cast Q&A' })).toBeVisible()
})

test('a page rendered in the browser holds no tap once it is live', async ({ page }) => {
  // The quiz is rendered in the browser only (no server HTML to hydrate).
  await page.goto('/games/fan-quiz')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  await expect(page.locator('[data-waking]')).toHaveCount(0)
  expect(await page.evaluate(() => window.rdHeldTap ?? null)).toBeNull()
})
