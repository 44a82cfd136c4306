// Link previews: the server's HTML for each route names the page as the page itself does once
// React runs (document.title), so a shared link and an open tab agree; og:image is a real PNG.
import { expect, gotoPage, subPages, test } from './support/fixtures'

const routes = [{ path: '/', heading: '' }, ...subPages]

function serverTitle(html: string): string {
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])
  expect(titles).toHaveLength(1)
  return (titles[0] ?? '').replace(/&amp;/g, '&')
}

for (const { path } of routes) {
  test(`${path}: the server's <title> is the one the page sets`, async ({ page, request }) => {
    const response = await request.get(path, { headers: { accept: 'text/html' } })
    expect(response.status()).toBe(200)
    const title = serverTitle(await response.text())
    await gotoPage(page, path)
    await expect(page).toHaveTitle(title)
    // One description and one canonical in the live document: the defaults were replaced.
    await expect(page.locator('meta[name="description"]')).toHaveCount(1)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new URL(path, page.url()).href,
    )
  })
}

test('client-side navigation keeps document.title right', async ({ page }) => {
  await gotoPage(page, '/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Watch', exact: true }).click()
  await expect(page).toHaveTitle('Episodes · Rent Due')
  await nav.getByRole('link', { name: 'Listen', exact: true }).click()
  await expect(page).toHaveTitle('Soundtrack · Rent Due')
  await page.goBack()
  await expect(page).toHaveTitle('Episodes · Rent Due')
})

test('an unknown path: 404, the EVICTED title and noindex', async ({ request }) => {
  const response = await request.get('/no/such/unit', { headers: { accept: 'text/html' } })
  expect(response.status()).toBe(404)
  const html = await response.text()
  expect(serverTitle(html)).toBe('Evicted · Rent Due')
  expect(html).toContain('<meta name="robots" content="noindex">')
})

test('og:image is a 1200x630 PNG', async ({ request }) => {
  const html = await (await request.get('/episodes')).text()
  const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1]
  expect(image).toMatch(/\/og-image\.png$/)
  const response = await request.get(new URL(image!).pathname)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/png')
  const png = await response.body()
  expect(png.length).toBeLessThan(150 * 1024)
  // IHDR: width and height are the big-endian words at bytes 16 and 20.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
})
