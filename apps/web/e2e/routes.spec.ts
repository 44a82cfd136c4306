// The route table (docs/product/pages.md#routes): every page renders its heading and title, every
// sub-page has a Back button to /, and unknown paths are EVICTED.
import { expect, gotoPage, navigateInBrowser, subPages, test } from './support/fixtures'

const homeHeading = 'Three roommates. One landlady. Zero rent money.'

test('Home shows the hero; WATCH NOW! opens a dialog, WATCH RANDOM EPISODE goes to /episodes', async ({
  page,
}) => {
  await gotoPage(page, '/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHeading)
  await expect(page).toHaveTitle(`Rent Due · ${homeHeading}`)
  for (const name of ['Recent Episode Previews', 'Video Episodes', 'Latest News', 'Fan Club']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  }

  await page.getByRole('button', { name: 'WATCH NOW!' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByRole('link', { name: 'WATCH RANDOM EPISODE' }).click()
  // /episodes, with a random episode open: the address is that episode's page while it is.
  // The open dialog hides the page behind it from assistive technology, so the page's heading is
  // checked once the dialog is closed.
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page).toHaveURL(/\/episodes\/[a-z0-9-]+$/)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page).toHaveURL('/episodes')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Episodes')
})

for (const { path, heading } of subPages) {
  test(`${path} shows '${heading}', its title and a Back button to /`, async ({ page }) => {
    await gotoPage(page, path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page).toHaveTitle(`${heading} · Rent Due`)

    await page.getByRole('link', { name: 'Back', exact: true }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHeading)
  })
}

test.describe(() => {
  test.use({ expectedConsole: undefined })

  test('the soundtrack page uses the spec’s loading text', async ({ page }) => {
    // Hold the storage lists back so the loading state stays on screen long enough to read.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/storage/v1/object/list/**', async (route) => {
      await held
      await route.continue()
    })
    await navigateInBrowser(page, '/soundtrack')
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading soundtracks...')
    release()
    await expect(page.getByRole('heading', { level: 2, name: '1st Volume' })).toBeVisible()
  })
})

test.describe(() => {
  test.use({ expectedConsole: /status of 404/ })

  test('an unknown path is EVICTED and Home Sweet Home goes home', async ({ page }) => {
    const response = await page.goto('/no/such/unit')
    // The SPA HTML still arrives (the EVICTED page renders), with a real 404 for crawlers.
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVICTED')
    await expect(page).toHaveTitle('Evicted · Rent Due')

    await page.getByRole('link', { name: 'Home Sweet Home' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHeading)
  })
})

test('robots.txt is a real file', async ({ request }) => {
  const response = await request.get('/robots.txt')
  expect(response.status()).toBe(200)
  expect(await response.text()).toContain('User-agent: *')
})

test('the server hands the page its backend config in meta tags', async ({ page }) => {
  await page.goto('/')
  // Exactly one of each (the build must not ship its own empty copies that would win).
  await expect(page.locator('meta[name="rentdue-supabase-url"]')).toHaveCount(1)
  await expect(page.locator('meta[name="rentdue-supabase-anon-key"]')).toHaveAttribute(
    'content',
    /^[\w-]+\.[\w-]+\.[\w-]+$/,
  )
})
