// Rent Due Radio (docs/product/pages.md#radio-bar): the fixed bottom bar in the root layout. It
// appears once its .mp3/.wav tracks have loaded, keeps playing across client-side navigation,
// pauses when a video plays (and plays on when the episode dialog closes), feeds the Media Session,
// seeks with its progress bar, and never hides the focused element. On a phone it is a mini player
// that opens into the full bar (decision 200). It is the site's one audio player (decision 355):
// the soundtrack players are views of it.
import type { Locator, Page } from '@playwright/test'
import {
  cardButton,
  dialogTitle,
  episodeRows,
  expectPlaying as expectVideoPlaying,
} from './support/episodes'
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
  // Honest: nothing has played yet.
  await expect(bar).toContainText(`Ready to play ${shown(tracks[0]!.name)}`)
  await expect(bar).not.toContainText('Now Playing')
  // The site's one <audio> is the bar's; Home's Soundtrack section is a view of it.
  await expect(bar.locator('audio')).toHaveCount(1)
  await expect(page.locator('.home-section--soundtrack audio')).toHaveCount(0)
  await expect(page.locator('audio')).toHaveCount(1)
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
  await expect(bar).toContainText(`Now Playing ${shown(tracks[0]!.name)}`)

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
  await expect(bar).toContainText(`Paused ${shown(tracks[0]!.name)}`)
  await expect(bar).not.toContainText('Now Playing')
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

test('the soundtrack page drives the radio: one player, shown in the bar', async ({
  page,
  baseURL,
}) => {
  const third = await listTrackNames(baseURL, volumes[2].bucket)
  await gotoPage(page, '/soundtrack')
  const bar = radio(page)
  const audio = bar.locator('audio')
  await expect(audio).toHaveCount(1)
  await expect(page.locator('audio')).toHaveCount(1)
  await bar.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(audio)

  // Starting a volume on the page takes over the one <audio>; the bar shows what now plays.
  const volume = page.getByRole('region', { name: '3rd Volume' })
  await volume.getByRole('button', { name: 'Play', exact: true }).click()
  await expect
    .poll(async () => (await audioState(audio)).src)
    .toMatch(endsWithPublicPath(volumes[2].bucket, third[0]!))
  await expectPlaying(audio, 0.1)
  await expect(bar).toContainText(`Now Playing ${shown(third[0]!)}`)
  await expect(bar.locator('.radio-bar__album')).toHaveText('3rd Volume')
  await expect(volume.locator('.player__label')).toHaveText('Now playing')
  await expect(page.locator('audio')).toHaveCount(1)

  // The bar's buttons drive the volume's queue: next moves the page's player too.
  await bar.getByRole('button', { name: 'Next track' }).click()
  await expect(volume.locator('.player__track')).toHaveText(shown(third[1]!))
  await expect(bar.locator('.radio-bar__track')).toHaveText(shown(third[1]!))
  await expectPlaying(audio, 0.1)

  // Paused from the bar: both say so.
  await bar.getByRole('button', { name: 'Pause', exact: true }).click()
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true)
  await expect(volume.locator('.player__label')).toHaveText('Paused')
  await expect(volume.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  await expect(bar).toContainText(`Paused ${shown(third[1]!)}`)

  // Leaving the page keeps the volume in the bar, and it plays on from there.
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL('/')
  await expect(bar.locator('.radio-bar__track')).toHaveText(shown(third[1]!))
  await bar.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(audio, 0.1)
  expect((await audioState(audio)).src).toMatch(endsWithPublicPath(volumes[2].bucket, third[1]!))
})

/** Records the Media Session action handlers and the last position state the page set. */
async function recordMediaSession(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const media = navigator.mediaSession
    const handlers: Record<string, MediaSessionActionHandler | null> = {}
    const setAction = media.setActionHandler.bind(media)
    media.setActionHandler = (action, handler) => {
      handlers[action] = handler
      setAction(action, handler)
    }
    const setPosition = media.setPositionState.bind(media)
    media.setPositionState = (position) => {
      Object.assign(window, { lastPositionState: position })
      setPosition(position)
    }
    Object.assign(window, { mediaHandlers: handlers })
  })
}

function mediaAction(page: Page, action: string, details: Record<string, number> = {}) {
  return page.evaluate(
    ({ action, details }) => {
      const handlers = (window as unknown as { mediaHandlers: Record<string, (d: object) => void> })
        .mediaHandlers
      handlers[action]!({ action, ...details })
    },
    { action, details },
  )
}

const currentTime = (audio: Locator) => audio.evaluate((el: HTMLAudioElement) => el.currentTime)
const duration = (audio: Locator) => audio.evaluate((el: HTMLAudioElement) => el.duration)

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`the progress bar at ${viewport.width}x${viewport.height}`, () => {
    const phone = viewport.width < 640
    test.use({ viewport, hasTouch: phone, isMobile: phone })

    test('seeks by keys, drag and tap, shows elapsed and remaining, and covers nothing', async ({
      page,
    }) => {
      await gotoPage(page, '/news')
      const bar = radio(page)
      const audio = bar.locator('audio')
      const slider = bar.getByRole('slider', { name: 'Radio position' })
      if (phone) {
        // Folded into the mini player until its title is tapped.
        await expect(slider).toBeHidden()
        await bar.getByRole('button', { name: /^Rent Due Radio/ }).tap()
      }
      // Nothing loaded yet: the bar waits, and says so.
      await expect(slider).toBeDisabled()
      await expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 0:00')
      await expect(bar.locator('.radio-bar__now-label')).toHaveText('Ready to play')

      const play = bar.getByRole('button', { name: 'Play', exact: true })
      if (phone) await play.tap()
      else await play.click()
      await expectPlaying(audio)
      await expect(bar.locator('.radio-bar__now-label')).toHaveText('Now Playing')
      const pause = bar.getByRole('button', { name: 'Pause', exact: true })
      if (phone) await pause.tap()
      else await pause.click()
      await expect.poll(async () => (await audioState(audio)).paused).toBe(true)
      await expect(bar.locator('.radio-bar__now-label')).toHaveText('Paused')
      await expect(slider).toBeEnabled()
      const length = await duration(audio)
      expect(length).toBeGreaterThan(20)

      // Keys: Home, arrows by 5 s, Page Up by 30 s, End.
      await slider.focus()
      await page.keyboard.press('Home')
      await expect.poll(() => currentTime(audio)).toBe(0)
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => currentTime(audio)).toBeCloseTo(5, 1)
      await expect(slider).toHaveAttribute('aria-valuetext', /^0:05 of \d+:\d\d$/)
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowLeft')
      await expect.poll(() => currentTime(audio)).toBeCloseTo(5, 1)
      await page.keyboard.press('PageUp')
      await expect.poll(() => currentTime(audio)).toBeCloseTo(Math.min(35, length), 1)
      await page.keyboard.press('End')
      await expect.poll(() => currentTime(audio)).toBeCloseTo(length, 1)
      await page.keyboard.press('Home')

      // Elapsed and remaining, beside the slider.
      const [elapsed, remaining] = [
        bar.locator('.radio-bar__seek .seek-bar__time').first(),
        bar.locator('.radio-bar__seek .seek-bar__time--left'),
      ]
      await expect(elapsed).toHaveText('0:00')
      const whole = Math.floor(length)
      await expect(remaining).toHaveText(
        `−${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`,
      )

      // Drag (mouse) or tap (touch) to a point along the slider: the audio goes there.
      const box = (await slider.boundingBox())!
      const y = box.y + box.height / 2
      if (phone) {
        await page.touchscreen.tap(box.x + box.width * 0.5, y)
        await expect.poll(async () => (await currentTime(audio)) / length).toBeGreaterThan(0.4)
        expect((await currentTime(audio)) / length).toBeLessThan(0.6)
      } else {
        await page.mouse.move(box.x + box.width * 0.1, y)
        await page.mouse.down()
        await page.mouse.move(box.x + box.width * 0.4, y, { steps: 4 })
        await page.mouse.move(box.x + box.width * 0.7, y, { steps: 4 })
        await page.mouse.up()
        await expect.poll(async () => (await currentTime(audio)) / length).toBeGreaterThan(0.6)
        expect((await currentTime(audio)) / length).toBeLessThan(0.8)
      }
      await expect(elapsed).not.toHaveText('0:00')

      // The slider is clear of the page's edges and of anything fixed; no sideways scroll.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true)
      const centre = await slider.evaluate((el) => {
        const r = el.getBoundingClientRect()
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
        return hit === el
      })
      expect(centre).toBe(true)
      await expectNoAxeViolations(page, `/news with the radio's progress bar (${viewport.width})`)
    })
  })
}

test('the lock screen and media keys: position, seek, skip, play and pause', async ({ page }) => {
  await recordMediaSession(page)
  await gotoPage(page, '/games')
  const bar = radio(page)
  const audio = bar.locator('audio')
  await bar.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(audio)
  await mediaAction(page, 'pause')
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true)
  await expect(bar.locator('.radio-bar__now-label')).toHaveText('Paused')

  await mediaAction(page, 'seekto', { seekTime: 4 })
  await expect.poll(() => currentTime(audio)).toBeCloseTo(4, 1)
  await mediaAction(page, 'seekforward')
  await expect.poll(() => currentTime(audio)).toBeCloseTo(14, 1)
  await mediaAction(page, 'seekbackward', { seekOffset: 3 })
  await expect.poll(() => currentTime(audio)).toBeCloseTo(11, 1)
  const length = await duration(audio)
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { lastPositionState: MediaPositionState }).lastPositionState,
      ),
    )
    .toEqual({ duration: length, playbackRate: 1, position: expect.closeTo(11, 1) })

  await mediaAction(page, 'play')
  await expectPlaying(audio, 11.1)
  const name = await bar.locator('.radio-bar__track').textContent()
  await mediaAction(page, 'nexttrack')
  await expect(bar.locator('.radio-bar__track')).not.toHaveText(name ?? '')
  await expectPlaying(audio, 0.1)
  await mediaAction(page, 'previoustrack')
  await expect(bar.locator('.radio-bar__track')).toHaveText(name ?? '')
})

test('plays on when the episode dialog that paused it closes; stays paused if it was', async ({
  page,
  baseURL,
}) => {
  const [first, second] = await episodeRows(baseURL)
  await gotoPage(page, '/episodes')
  const bar = radio(page)
  // CSS, not roles: an open modal dialog hides the rest of the page from the accessibility tree.
  const audio = page.locator('.radio-bar audio')
  await bar.getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(audio)

  await cardButton(page, first!).click()
  const dialog = page.getByRole('dialog', { name: dialogTitle(first!) })
  await expectVideoPlaying(dialog.locator('video'), 0.2)
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true)
  await expect(page.locator('.radio-bar__now-label')).toHaveText('Paused')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const t = (await audioState(audio)).time
  await expect.poll(async () => (await audioState(audio)).paused).toBe(false)
  await expect.poll(async () => (await audioState(audio)).time).toBeGreaterThan(t + 0.2)
  await expect(bar.locator('.radio-bar__now-label')).toHaveText('Now Playing')

  // Paused by the listener before the video: closing the dialog leaves it paused.
  await bar.getByRole('button', { name: 'Pause', exact: true }).click()
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true)
  await cardButton(page, second!).click()
  await expectVideoPlaying(page.getByRole('dialog').locator('video'), 0.2)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(bar.locator('.radio-bar__now-label')).toHaveText('Paused')
  expect((await audioState(audio)).paused).toBe(true)
})

test("plays on after a Home preview's dialog closes", async ({ page }) => {
  await gotoPage(page, '/')
  await expect(radio(page)).toBeVisible()
  const audio = page.locator('.radio-bar audio')
  await radio(page).getByRole('button', { name: 'Play', exact: true }).click()
  await expectPlaying(audio)
  const previews = page.getByRole('list', { name: 'Episode previews' })
  await previews.scrollIntoViewIfNeeded()
  await previews.getByRole('button', { name: 'Watch Previously on The 1st' }).click()
  const dialog = page.getByRole('dialog', { name: 'Previously on The 1st' })
  await expectVideoPlaying(dialog.locator('video'), 0.2)
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect.poll(async () => (await audioState(audio)).paused).toBe(false)
  await expect(page.locator('.radio-bar__now-label')).toHaveText('Now Playing')
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
