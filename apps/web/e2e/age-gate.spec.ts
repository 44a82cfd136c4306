// The age gate (docs/product/pages.md#age-gate): both answers, its memory across reloads, a browser
// whose localStorage throws, and that nothing but its two buttons closes it.
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

  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test("'I'm Under 18' sends the browser to a search engine's home page", async ({ page }) => {
  // Answer the redirect locally: the test machine has no route to the internet.
  await page.route('https://www.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Search</title>' }),
  )
  await page.goto('/')
  const request = page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes('google'))
  await page.getByRole('button', { name: "I'm Under 18" }).click()
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

test('without localStorage the site works and the gate shows once per page load', async ({
  page,
}) => {
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

  // ...but a new page load cannot remember, so it asks once more.
  await page.reload()
  await expect(page.getByRole('dialog', { name: gateName })).toBeVisible()
})
