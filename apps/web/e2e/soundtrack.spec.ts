// The Soundtrack page (docs/product/pages.md#soundtrack, docs/product/pages.md#audio-player): four
// players filled from the seeded storage buckets, playback, next/previous with wrap-around, end of
// track, shuffle, volume, the one-player-at-a-time rule and the load-failure toast. Every player is
// a view of the site's one audio player, whose <audio> element sits in the radio bar (decision
// 355).
import type { Page } from '@playwright/test'
import {
  expect,
  expectNoAxeViolations,
  gotoPage,
  navigateInBrowser,
  test,
} from './support/fixtures'
import {
  audioState,
  expectPlaying,
  holdStorageLists,
  listTrackNames,
  endsWithPublicPath,
  shown,
  skipToEnd,
  volumes,
} from './support/soundtrack'

test.describe.configure({ timeout: 60_000 })

const player = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true })

/** The site's one <audio> element, once the radio bar that holds it has come. */
async function theAudio(page: Page) {
  const bar = page.getByRole('region', { name: 'Rent Due Radio' })
  await expect(bar).toBeVisible()
  await expect(page.locator('audio')).toHaveCount(1)
  return bar.locator('audio')
}

test('shows the four volumes with every seeded track, in storage order', async ({
  page,
  baseURL,
}) => {
  await gotoPage(page, '/soundtrack')
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
    volumes.map((v) => v.title),
  )
  for (const v of volumes) {
    const names = await listTrackNames(baseURL, v.bucket)
    expect(names.length, `${v.bucket} is seeded`).toBeGreaterThan(2)
    const region = player(page, v.title)
    const rows = region.getByRole('list', { name: 'Playlist' }).getByRole('button')
    await expect(rows).toHaveText(names.map((n, i) => `${i + 1}${shown(n)}`))
    await expect(region.getByText(`Track 1 of ${names.length}`, { exact: true })).toBeVisible()
    await expect(region.locator('.player__track')).toHaveText(shown(names[0]!))
    await expect(rows.first()).toHaveAttribute('aria-current', 'true')
    await expect(region.getByRole('button', { name: 'Shuffle', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect(region.getByRole('slider', { name: 'Volume' })).toHaveValue('0.7')
    await expect(region.locator('img.player__art')).toHaveAttribute(
      'src',
      endsWithPublicPath('Rent Due Game Images', `${v.bucket} icon.svg`),
    )
    await expect(region.locator('.player__label')).toHaveText('Ready to play')
    await expect(region.getByRole('slider', { name: 'Track position' })).toBeDisabled()
  }
  // No player has an <audio> of its own: the one the site has is the radio bar's, and it loads
  // nothing before a play.
  await expect(page.getByRole('main').locator('audio')).toHaveCount(0)
  await expect(await theAudio(page)).toHaveAttribute('preload', 'none')
  await expectNoAxeViolations(page, '/soundtrack')
})

test('the page shows the loading text until the lists arrive', async ({ page }) => {
  const release = await holdStorageLists(page)
  // A first visit gets the lists with the page (server rendering); the loading text is for a
  // client-side move, where the browser lists the buckets itself.
  await navigateInBrowser(page, '/soundtrack')
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading soundtracks...')
  release()
  await expect(player(page, '1st Volume')).toBeVisible()
  await expect(page.getByText('Loading soundtracks...')).toHaveCount(0)
})

test('plays a track, pauses it, and only one player plays at a time', async ({ page, baseURL }) => {
  await gotoPage(page, '/soundtrack')
  const first = player(page, '1st Volume')
  const second = player(page, '2nd Volume')
  const audio = await theAudio(page)
  const [firstNames, secondNames] = [
    await listTrackNames(baseURL, volumes[0].bucket),
    await listTrackNames(baseURL, volumes[1].bucket),
  ]

  await first.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(audio)
  expect((await audioState(audio)).src).toMatch(
    endsWithPublicPath(volumes[0].bucket, firstNames[0]!),
  )
  const t1 = (await audioState(audio)).time
  await expect.poll(async () => (await audioState(audio)).time).toBeGreaterThan(t1 + 0.2)
  await expect(first.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
  await expect(first.locator('.player__label')).toHaveText('Now playing')

  // The second takes over the one element: the first stops, and says it is ready again.
  await second.getByRole('button', { name: 'Play', exact: true }).click()
  await expect
    .poll(async () => (await audioState(audio)).src)
    .toMatch(endsWithPublicPath(volumes[1].bucket, secondNames[0]!))
  await expectPlaying(audio, 0.1)
  await expect(first.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  await expect(first.locator('.player__label')).toHaveText('Ready to play')
  await expect(second.locator('.player__label')).toHaveText('Now playing')

  await second.getByRole('button', { name: 'Pause', exact: true }).click()
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true)
  await expect(second.locator('.player__label')).toHaveText('Paused')
  await expect(page.locator('audio')).toHaveCount(1)
})

test('the progress bar shows elapsed and remaining time and seeks the playing track', async ({
  page,
}) => {
  await gotoPage(page, '/soundtrack')
  const region = player(page, '4th Volume')
  const audio = await theAudio(page)
  const slider = region.getByRole('slider', { name: 'Track position' })
  await region.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(audio)
  await region.getByRole('button', { name: 'Pause', exact: true }).click()
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true)
  await expect(slider).toBeEnabled()
  await slider.focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect.poll(async () => (await audioState(audio)).time).toBeCloseTo(10, 1)
  await expect(slider).toHaveAttribute('aria-valuetext', /^0:10 of \d+:\d\d$/)
  await expect(region.locator('.seek-bar__time').first()).toHaveText('0:10')
  // The other volumes have nothing loaded: their bars wait.
  await expect(
    player(page, '1st Volume').getByRole('slider', { name: 'Track position' }),
  ).toBeDisabled()
  await expectNoAxeViolations(page, '/soundtrack with a volume paused part-way')
})

test('next and previous switch the track and wrap around both ends', async ({ page, baseURL }) => {
  const v = volumes[1]
  const names = await listTrackNames(baseURL, v.bucket)
  const m = names.length
  await gotoPage(page, '/soundtrack')
  const region = player(page, v.title)
  const title = region.locator('.player__track')
  const position = region.locator('.player__position')
  const current = region.locator('[aria-current="true"]')

  await region.getByRole('button', { name: 'Next track' }).click()
  await expect(title).toHaveText(shown(names[1]!))
  await expect(position).toHaveText(`Track 2 of ${m}`)
  await expect(current).toHaveText(`2${shown(names[1]!)}`)

  await region.getByRole('button', { name: 'Previous track' }).click()
  await expect(title).toHaveText(shown(names[0]!))
  await expect(position).toHaveText(`Track 1 of ${m}`)

  // Previous from the first wraps to the last; next from the last wraps to the first.
  await region.getByRole('button', { name: 'Previous track' }).click()
  await expect(title).toHaveText(shown(names[m - 1]!))
  await expect(position).toHaveText(`Track ${m} of ${m}`)
  await expect(current).toHaveText(`${m}${shown(names[m - 1]!)}`)
  await region.getByRole('button', { name: 'Next track' }).click()
  await expect(title).toHaveText(shown(names[0]!))
  await expect(position).toHaveText(`Track 1 of ${m}`)

  // While playing, the next track carries on playing.
  const audio = await theAudio(page)
  await region.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(audio)
  await region.getByRole('button', { name: 'Next track' }).click()
  await expect(position).toHaveText(`Track 2 of ${m}`)
  await expect
    .poll(async () => (await audioState(audio)).src)
    .toMatch(endsWithPublicPath(v.bucket, names[1]!))
  await expectPlaying(audio, 0.2)
})

test('a click on a playlist row plays it; the end of a track plays the next, wrapping to the first', async ({
  page,
  baseURL,
}) => {
  const v = volumes[2]
  const names = await listTrackNames(baseURL, v.bucket)
  const m = names.length
  await gotoPage(page, '/soundtrack')
  const region = player(page, v.title)
  const audio = await theAudio(page)
  const position = region.locator('.player__position')
  const rows = region.getByRole('list', { name: 'Playlist' }).getByRole('button')

  await rows.nth(m - 2).click()
  await expect(position).toHaveText(`Track ${m - 1} of ${m}`)
  await expect(rows.nth(m - 2)).toHaveAttribute('aria-current', 'true')
  await expectPlaying(audio, 0.1)
  expect((await audioState(audio)).src).toMatch(endsWithPublicPath(v.bucket, names[m - 2]!))

  await skipToEnd(audio)
  await expect(position).toHaveText(`Track ${m} of ${m}`)
  await expect(region.locator('.player__track')).toHaveText(shown(names[m - 1]!))
  await expectPlaying(audio, 0.1)

  await skipToEnd(audio)
  await expect(position).toHaveText(`Track 1 of ${m}`)
  await expect(region.locator('.player__track')).toHaveText(shown(names[0]!))
  await expectPlaying(audio, 0.1)
})

test('shuffle keeps the current track first; unshuffle restores its position', async ({
  page,
  baseURL,
}) => {
  const v = volumes[0]
  const names = await listTrackNames(baseURL, v.bucket)
  const m = names.length
  await gotoPage(page, '/soundtrack')
  const region = player(page, v.title)
  const rows = region.getByRole('list', { name: 'Playlist' }).getByRole('button')
  const shuffleButton = region.getByRole('button', { name: 'Shuffle', exact: true })
  const position = region.locator('.player__position')
  const title = region.locator('.player__track')

  await region.getByRole('button', { name: 'Next track' }).click()
  await region.getByRole('button', { name: 'Next track' }).click()
  await expect(position).toHaveText(`Track 3 of ${m}`)
  const playing = shown(names[2]!)

  await shuffleButton.click()
  await expect(shuffleButton).toHaveAttribute('aria-pressed', 'true')
  await expect(position).toHaveText(`Track 1 of ${m}`)
  await expect(title).toHaveText(playing)
  await expect(rows.first()).toHaveText(`1${playing}`)
  await expect(rows.first()).toHaveAttribute('aria-current', 'true')
  const shuffled = (await rows.allTextContents()).map((t) => t.replace(/^\d+/, ''))
  expect([...shuffled].sort()).toEqual(names.map(shown).sort())

  await shuffleButton.click()
  await expect(shuffleButton).toHaveAttribute('aria-pressed', 'false')
  await expect(position).toHaveText(`Track 3 of ${m}`)
  await expect(title).toHaveText(playing)
  await expect(rows).toHaveText(names.map((n, i) => `${i + 1}${shown(n)}`))
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true')
})

test('the volume slider runs from 0 to 1 in steps of 0.1 and sets the audio volume', async ({
  page,
}) => {
  await gotoPage(page, '/soundtrack')
  const region = player(page, '4th Volume')
  const slider = region.getByRole('slider', { name: 'Volume' })
  const audio = await theAudio(page)
  await expect(slider).toHaveAttribute('min', '0')
  await expect(slider).toHaveAttribute('max', '1')
  await expect(slider).toHaveAttribute('step', '0.1')
  await expect.poll(async () => (await audioState(audio)).volume).toBeCloseTo(0.7)
  await expect(region.locator('.player__volume-value')).toHaveText('70%')

  await slider.focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(slider).toHaveValue('0.5')
  await expect(region.locator('.player__volume-value')).toHaveText('50%')
  await expect.poll(async () => (await audioState(audio)).volume).toBeCloseTo(0.5)

  await page.keyboard.press('End')
  await expect(slider).toHaveValue('1')
  await expect.poll(async () => (await audioState(audio)).volume).toBe(1)
  await page.keyboard.press('Home')
  await expect.poll(async () => (await audioState(audio)).volume).toBe(0)
})

test.describe(() => {
  test.use({ expectedConsole: /(?:ERR_CONNECTION_REFUSED)|(?:Could not list the bucket)/ })

  test('when storage is down: the error toast and the failure text, never No tracks available', async ({
    page,
  }) => {
    const logged: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'error') logged.push(msg.text())
    })
    await page.route('**/storage/v1/object/list/**', (route) => route.abort('connectionrefused'))
    await navigateInBrowser(page, '/soundtrack')
    const toast = page.locator('.toast--error')
    // Each list is tried 3 more times with a 1 s, 2 s, 4 s backoff (docs/product/errors.md#retries)
    // before it fails.
    await expect(toast).toHaveCount(1, { timeout: 20_000 })
    await expect(toast).toContainText('Error')
    await expect(toast).toContainText('Failed to load soundtracks')
    // Not one volume could be listed: the page says so, and shows no (empty) player.
    await expect(page.getByRole('main').locator('.read-failed')).toHaveText(
      'Failed to load soundtracks',
    )
    await expect(
      page.getByRole('main').getByText('No tracks available', { exact: true }),
    ).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(0)
    // Each failed bucket is logged once (the radio's tracks came with the page); one toast.
    await expect
      .poll(() => logged.filter((l) => l.includes("Could not list the bucket 'soundtrack")).length)
      .toBe(4)
    await expect(toast).toHaveCount(1)
  })
})
