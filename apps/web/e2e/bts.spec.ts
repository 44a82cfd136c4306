// /bts on the real server: four episode groups, each a player with a playlist of that
// episode's clips from the 'Behind the scenes' bucket (docs/product/pages.md#behind-the-scenes); a
// failed list toasts the catalogue's message (docs/product/errors.md#error-messages). An empty
// group is covered by bts-group-player.test.tsx.
import type { Locator, Page } from '@playwright/test'
import {
  expect,
  expectNoAxeViolations,
  gotoPage,
  navigateInBrowser,
  test,
} from './support/fixtures'
import { btsObjectNames } from './support/news-bts'

const episodes = [1, 2, 3, 4] as const

/** The playlist titles per episode, derived from the stored names independently of the page. */
function expectedTitles(names: string[], episode: number): string[] {
  return names
    .filter((n) => n.startsWith(`Episode ${episode} - `))
    .sort()
    .map((n) => n.slice(`Episode ${episode} - `.length).replace(/\.webm$/, ''))
}

function group(page: Page, episode: number): Locator {
  return page.getByRole('region', { name: `EPISODE ${episode} - BEHIND THE SCENES`, exact: true })
}

async function videoPath(video: Locator): Promise<string> {
  const src = await video.getAttribute('src')
  return decodeURIComponent(new URL(src ?? '', 'http://x').pathname)
}

test('four episode groups, each with its clips in the playlist and the first one loaded', async ({
  page,
  baseURL,
}) => {
  const names = await btsObjectNames(baseURL)
  await gotoPage(page, '/bts')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'EPISODE 1 - BEHIND THE SCENES',
    'EPISODE 2 - BEHIND THE SCENES',
    'EPISODE 3 - BEHIND THE SCENES',
    'EPISODE 4 - BEHIND THE SCENES',
  ])
  for (const episode of episodes) {
    const titles = expectedTitles(names, episode)
    expect(titles.length, `sample clips for episode ${episode}`).toBeGreaterThan(0)
    const items = group(page, episode)
      .getByRole('list', { name: `Episode ${episode} playlist` })
      .getByRole('button')
    await expect(items).toHaveCount(titles.length)
    await expect(items).toHaveText(titles.map((t, i) => `${i + 1}${t}`))
    await expect(items.first()).toHaveAttribute('aria-current', 'true')
    const video = group(page, episode).locator('video')
    await expect(video).toHaveCount(1)
    await expect(video).toHaveAttribute('preload', 'metadata')
    await expect(video).not.toHaveAttribute('autoplay')
    expect(await videoPath(video)).toBe(
      `/storage/v1/object/public/Behind the scenes/Episode ${episode} - ${titles[0]}.webm`,
    )
    await expect(group(page, episode).getByText('No videos available')).toHaveCount(0)
  }
  // The clip is really there: the browser reads its metadata (a duration of seconds).
  const first = group(page, 1).locator('video')
  await expect
    .poll(() => first.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1)
  expect(await first.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1)

  await expectNoAxeViolations(page, '/bts')
})

test('choosing a playlist item switches the video and marks that item current', async ({
  page,
  baseURL,
}) => {
  const titles = expectedTitles(await btsObjectNames(baseURL), 2)
  expect(titles.length).toBeGreaterThanOrEqual(2)
  await gotoPage(page, '/bts')
  const episode2 = group(page, 2)
  const items = episode2.getByRole('list', { name: 'Episode 2 playlist' }).getByRole('button')
  const video = episode2.locator('video')
  expect(await videoPath(video)).toContain(`Episode 2 - ${titles[0]}.webm`)

  await items.nth(1).click()
  await expect(items.nth(1)).toHaveAttribute('aria-current', 'true')
  await expect(items.nth(0)).not.toHaveAttribute('aria-current')
  await expect(video).toHaveAttribute('src', /Episode%202%20-%20/)
  expect(await videoPath(video)).toBe(
    `/storage/v1/object/public/Behind the scenes/Episode 2 - ${titles[1]}.webm`,
  )
  await expect(episode2.locator('figcaption')).toHaveText(`Now showing ${titles[1]}`)
  // The chosen clip plays, from its very start (the paused still sits at 1 s).
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.played.length), { timeout: 15_000 })
    .toBeGreaterThan(0)
  expect(await video.evaluate((v: HTMLVideoElement) => v.played.start(0))).toBeLessThan(0.5)
  // The other groups keep their own first clip.
  expect(await videoPath(group(page, 1).locator('video'))).toContain('Episode 1 - ')

  // Keyboard works too: back to the first item.
  await items.nth(0).focus()
  await page.keyboard.press('Enter')
  await expect(items.nth(0)).toHaveAttribute('aria-current', 'true')
  expect(await videoPath(video)).toContain(`Episode 2 - ${titles[0]}.webm`)
})

test.describe(() => {
  test.use({
    expectedConsole: /(?:ERR_CONNECTION_REFUSED)|(?:Loading the behind the scenes videos failed)/,
  })

  test("a failed storage list toasts and says 'Failed to load behind the scenes videos', never 'No videos available'", async ({
    page,
  }) => {
    await page.route('**/storage/v1/object/list/**', (route) => route.abort('connectionrefused'))
    await navigateInBrowser(page, '/bts')
    // The list is tried 3 more times with a 1 s, 2 s, 4 s backoff (docs/product/errors.md#retries)
    // before it fails.
    const toast = page.locator('[data-sonner-toast]')
    await expect(toast).toContainText('Failed to load behind the scenes videos', {
      timeout: 20_000,
    })
    await expect(toast).toContainText('Error')
    await expect(page.getByRole('main').locator('.read-failed')).toHaveText(
      'Failed to load behind the scenes videos',
    )
    await expect(page.getByText('No videos available', { exact: true })).toHaveCount(0)
    await expect(page.locator('video')).toHaveCount(0)
  })
})
