// The age gate (docs/product/pages.md#age-gate): both answers, its memory across reloads (the
// spec's flag and the cookie the server reads, decision 301), a browser whose localStorage throws,
// and that nothing but its two answers closes it. Before-live.spec.ts answers it before the page's
// code has run.
import { expect, test } from './support/fixtures'

test.use({ verified: false })

const gateName = 'Who’s there?'

test('entering stores ageVerified and the gate stays away after a reload', async ({ page }) => {
  await page.goto('/')
  const gate = page.getByRole('dialog', { name: gateName })
  await expect(gate).toBeVisible()
  await expect(gate).toContainText('You must be 18 or older')

  await gate.getByRole('button', { name: "I'm 18+ - Enter" }).click()
  await expect(gate).toBeHidden()
  expect(await page.evaluate(() => window.localStorage.getItem('ageVerified'))).toBe('true')
  const cookie = (await page.context().cookies()).find((c) => c.name === 'ageVerified')
  expect(cookie).toMatchObject({ value: 'true', path: '/', sameSite: 'Lax' })

  // The server reads the cookie: the page comes marked as answered, for this browser only.
  const response = await page.reload()
  expect(await response!.text()).toMatch(/^<!doctype html>\s*<html data-age-ok lang="en">/i)
  expect(response!.headers()['cache-control']).toBe('private, no-cache')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test("'I'm Under 18' is a link to a search engine's home page", async ({ page }) => {
  // Answer the redirect locally: the test machine has no route to the internet.
  await page.route('https://www.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Search</title>' }),
  )
  await page.goto('/')
  const request = page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes('google'))
  await page.getByRole('link', { name: "I'm Under 18" }).click()
  expect((await request).url()).toBe('https://www.google.com/')
  await expect(page).toHaveURL('https://www.google.com/')
})

test('Escape and clicks outside do not close the gate', async ({ page }) => {
  await page.goto('/')
  const gate = page.getByRole('dialog', { name: gateName })
  await expect(gate).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(gate).toBeVisible()

  await page.mouse.click(4, 4)
  await page.mouse.click(4, page.viewportSize()!.height - 4)
  await expect(gate).toBeVisible()

  // Focus is trapped on the door: tabbing never reaches the page behind.
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab')
    await expect(gate.locator(':focus')).toHaveCount(1)
  }
  expect(await page.evaluate(() => window.localStorage.getItem('ageVerified'))).toBeNull()
})

test('without localStorage the site works and the cookie keeps the answer', async ({ page }) => {
  // Private modes and some webviews throw on any localStorage access.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
    })
  })
  await page.goto('/')
  const gate = page.getByRole('dialog', { name: gateName })
  await expect(gate).toBeVisible()
  await gate.getByRole('button', { name: "I'm 18+ - Enter" }).click()
  await expect(gate).toBeHidden()

  // Moving around inside the app does not ask again...
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cast' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cast')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // ...and a new page load remembers by the cookie.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cast')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Without the cookie too (a browser that keeps neither), it asks once more.
  await page.context().clearCookies()
  await page.reload()
  await expect(page.getByRole('dialog', { name: gateName })).toBeVisible()
})
