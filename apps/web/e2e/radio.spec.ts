// Rent Due Radio (docs/product/pages.md#radio-bar): the fixed bottom bar in the root layout. It
// appears once its .mp3/.wav tracks have loaded, keeps playing across client-side navigation,
// pauses when a video plays, feeds the Media Session, and never hides the focused element. On a
// phone it is a mini player that opens into the full bar (decision 200).
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'
import {
  audioState,
  expectPlaying,
  listTrackNames,
  endsWithPublicPath,
  publicPath,
  shown,
  skipToEnd,
  volumes,
} from './support/soundtrack'

test.describe.configure({ timeout: 60_000 })

type RadioTrack = { bucket: string; name: string; album: string }

async function radioTracks(baseURL: string | undefined): Promise<RadioTrack[]> {
  const all: RadioTrack[] = []
  for (const v of volumes) {
    for (const name of await listTrackNames(baseURL, v.bucket)) {
      if (/\.(mp3|wav)$/i.test(name)) all.push({ bucket: v.bucket, name, album: v.title })
    }
  }
  return all
}

const radio = (page: Page) => page.getByRole('region', { name: 'Rent Due Radio' })

test('appears with Now Playing, plays, and keeps playing across a route change', async ({
  page,
  baseURL,
}) => {
  const tracks = await radioTracks(baseURL)
  expect(tracks.length).toBeGreaterThan(4)
  await gotoPage(page, '/')
  const bar = radio(page)
  await expect(bar).toBeVisible()
  await expect(bar).toContainText('Rent Due Radio')
  await expect(bar).toContainText(`Now Playing ${shown(tracks[0]!.name)}`)
  // One <audio> of its own; the only other one on Home is its Soundtrack section's player.
  await expect(bar.locator('audio')).toHaveCount(1)
  await expect(page.locator('.home-section--soundtrack audio')).toHaveCount(1)
  await expect(page.locator('audio')).toHaveCount(2)
  const audio = bar.locator('audio')
  await expect(audio).toHaveAttribute('src', endsWithPublicPath(tracks[0]!.bucket, tracks[0]!.name))
  const slider = bar.getByRole('slider', { name: 'Radio Volume' })
  await expect(slider).toHaveValue('70')
  await expect(slider).toHaveAttribute('min', '0')
  await expect(slider).toHaveAttribute('max', '100')
  await expect(slider).toHaveAttribute('step', '1')
  await expect.poll(async () => (await audioState(audio)).volume).toBeCloseTo(0.7)

  await bar.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(audio)
  await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()

  // Media Session: what the lock screen and media keys show.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const m = navigator.mediaSession.metadata
        return m && { title: m.title, artist: m.artist, album: m.album, art: m.artwork[0]?.src }
      }),
    )
    .toEqual({
      title: shown(tracks[0]!.name),
      artist: 'Rent Due',
      album: tracks[0]!.album,
      art: expect.stringMatching(
        endsWithPublicPath('Rent Due Game Images', `${tracks[0]!.bucket} icon.svg`),
      ),
    })
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing')

  // Tag the element, move with a client-side link, and find the same element still playing.
  await audio.evaluate((el) => el.setAttribute('data-test-mark', 'same'))
  const before = (await audioState(audio)).time
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'News', exact: true })
    .click()
  await expect(page).toHaveURL('/news')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News')
  await expect(bar.locator('audio')).toHaveAttribute('data-test-mark', 'same')
  await expect.poll(async () => (await audioState(audio)).time).toBeGreaterThan(before + 0.3)
  expect((await audioState(audio)).paused).toBe(false)

  await bar.getByRole('button', { name: 'Pause', exact: true }).click()
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true)
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused')
})

test('next, previous and the end of a track move through every .mp3/.wav, wrapping', async ({
  page,
  baseURL,
}) => {
  const tracks = await radioTracks(baseURL)
  const last = tracks[tracks.length - 1]!
  await gotoPage(page, '/games')
  const bar = radio(page)
  const track = bar.locator('.radio-bar__track')
  await expect(track).toHaveText(shown(tracks[0]!.name))

  await bar.getByRole('button', { name: 'Previous track' }).click()
  await expect(track).toHaveText(shown(last.name))
  await expect(bar.locator('audio')).toHaveAttribute(
    'src',
    endsWithPublicPath(last.bucket, last.name),
  )
  await bar.getByRole('button', { name: 'Next track' }).click()
  await expect(track).toHaveText(shown(tracks[0]!.name))
  await bar.getByRole('button', { name: 'Next track' }).click()
  await expect(track).toHaveText(shown(tracks[1]!.name))

  const audio = bar.locator('audio')
  await bar.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(audio, 0.1)
  await skipToEnd(audio)
  await expect(track).toHaveText(shown(tracks[2]!.name))
  await expectPlaying(audio, 0.1)
  await expect
    .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title))
    .toBe(shown(tracks[2]!.name))

  await expectNoAxeViolations(page, '/games with the radio bar playing')
})

test('pauses when a video with sound plays, not for a muted one', async ({ page }) => {
  await gotoPage(page, '/games')
  const bar = radio(page)
  const audio = bar.locator('audio')
  await bar.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(audio)

  const video = publicPath('Behind the scenes', 'Episode 1 - Storyboards.webm')
  const playVideo = (muted: boolean) =>
    page.evaluate(
      async ({ src, muted }) => {
        const v = document.createElement('video')
        v.src = src
        v.muted = muted
        document.body.append(v)
        await v.play()
        return !v.paused
      },
      { src: video, muted },
    )

  expect(await playVideo(true)).toBe(true)
  const t = (await audioState(audio)).time
  await expect.poll(async () => (await audioState(audio)).time).toBeGreaterThan(t + 0.2)
  expect((await audioState(audio)).paused).toBe(false)

  expect(await playVideo(false)).toBe(true)
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true)
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
})

test('the soundtrack page players and the radio never play together', async ({ page }) => {
  await gotoPage(page, '/soundtrack')
  const bar = radio(page)
  const radioAudio = bar.locator('audio')
  await bar.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(radioAudio)
  const volume = page.getByRole('region', { name: '3rd Volume' })
  await volume.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(volume.locator('audio'))
  await expect.poll(async () => (await audioState(radioAudio)).paused).toBe(true)
  await bar.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(radioAudio, 0.1)
  await expect.poll(async () => (await audioState(volume.locator('audio'))).paused).toBe(true)
})

test.describe('on a 390-px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('a 56-px mini player that opens into the full bar and folds again', async ({ page }) => {
    await gotoPage(page, '/games')
    const bar = radio(page)
    await expect(bar).toBeVisible()
    // Once it has slid in, the bar sits on the bottom edge, one row of 56 px.
    await expect
      .poll(async () => {
        const box = (await bar.boundingBox())!
        return [Math.round(box.y + box.height), Math.round(box.height)]
      })
      .toEqual([844, 56])

    // The page reserves exactly its height: below its end, and for focused elements.
    const reserved = () =>
      page.evaluate(() => [
        getComputedStyle(document.body).paddingBottom,
        getComputedStyle(document.documentElement).scrollPaddingBottom,
      ])
    await expect.poll(reserved).toEqual(['56px', '56px'])

    // Folded: the title and what is playing, play/pause and next; nothing else.
    const dial = bar.getByRole('button', { name: /^Rent Due Radio/ })
    await expect(dial).toHaveAttribute('aria-expanded', 'false')
    await expect(bar.locator('.radio-bar__track')).toBeVisible()
    await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
    await expect(bar.getByRole('button', { name: 'Next track' })).toBeVisible()
    await expect(bar.getByRole('button', { name: 'Previous track' })).toBeHidden()
    await expect(bar.getByRole('button', { name: 'Volume', exact: true })).toBeHidden()
    await expect(bar.getByRole('slider', { name: 'Radio Volume' })).toBeHidden()

    // Tapping the title opens the full bar; the page reserves its new height.
    await dial.tap()
    await expect(dial).toHaveAttribute('aria-expanded', 'true')
    await expect(bar.getByRole('button', { name: 'Previous track' })).toBeVisible()
    const full = await bar.evaluate((el) => Math.ceil(el.getBoundingClientRect().height))
    expect(full).toBeGreaterThan(56)
    await expect.poll(reserved).toEqual([`${full}px`, `${full}px`])

    // The volume slider folds behind a toggle on a phone.
    const slider = bar.getByRole('slider', { name: 'Radio Volume' })
    await expect(slider).toBeHidden()
    const toggle = bar.getByRole('button', { name: 'Volume', exact: true })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.tap()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(slider).toBeVisible()
    await slider.focus()
    await page.keyboard.press('ArrowLeft')
    await expect(slider).toHaveValue('69')
    await expect.poll(async () => (await audioState(bar.locator('audio'))).volume).toBeCloseTo(0.69)
    await toggle.tap()
    await expectNoAxeViolations(page, '/games with the radio bar open on a phone')

    // Tapping the title again folds it back to the mini player.
    await dial.tap()
    await expect(dial).toHaveAttribute('aria-expanded', 'false')
    await expect(bar.getByRole('button', { name: 'Previous track' })).toBeHidden()
    await expect.poll(reserved).toEqual(['56px', '56px'])

    // The last footer link is reachable and, focused, is not under the bar.
    const footerLinks = page.getByRole('contentinfo').getByRole('button')
    const lastLink = footerLinks.last()
    await lastLink.focus()
    await expect
      .poll(async () => {
        const box = (await lastLink.boundingBox())!
        const top = (await bar.boundingBox())!.y
        return box.y + box.height <= top
      })
      .toBe(true)
    await expectNoAxeViolations(page, '/games with the mini radio bar on a phone')
  })

  test('the mini player plays, and keeps playing from page to page', async ({ page }) => {
    await gotoPage(page, '/soundtrack')
    const bar = radio(page)
    const audio = bar.locator('audio')
    await bar.getByRole('button', { name: 'Play', exact: true }).tap()
    await expectPlaying(audio)
    await audio.evaluate((el) => el.setAttribute('data-test-mark', 'same'))
    const name = await bar.locator('.radio-bar__track').textContent()
    await bar.getByRole('button', { name: 'Next track' }).tap()
    await expect(bar.locator('.radio-bar__track')).not.toHaveText(name ?? '')
    await expectPlaying(audio, 0.1)

    await page.getByRole('link', { name: 'Back' }).tap()
    await expect(page).toHaveURL('/')
    await expect(bar.locator('audio')).toHaveAttribute('data-test-mark', 'same')
    const t = (await audioState(audio)).time
    await expect.poll(async () => (await audioState(audio)).time).toBeGreaterThan(t + 0.2)
    await bar.getByRole('button', { name: 'Pause', exact: true }).tap()
    await expect.poll(async () => (await audioState(audio)).paused).toBe(true)
  })
})
