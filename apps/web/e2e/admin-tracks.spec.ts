// The soundtrack order set in the console, on the real server: a track moved by keyboard (dnd-kit:
// Space, arrows, Space) and another dragged with the mouse, each move saved at once; /soundtrack
// lists the volume in the new order and the radio plays it in that order. Restored after. The 4th
// volume: admin-content's media test uploads into the 1st meanwhile.
import { apiClient, createAdmin, signInAtAdmin } from './support/admin'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'
import { expectPlaying, listTrackNames, shown, skipToEnd } from './support/soundtrack'

const BUCKET = 'soundtrack 4th'

test('a reordered volume is stored, listed on /soundtrack and played by the radio in the new order', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const admin = createAdmin()
  const service = apiClient(baseURL, 'service')
  const byName = (await listTrackNames(baseURL, BUCKET)).map(shown)
  expect(byName.length).toBeGreaterThanOrEqual(3)
  const last = byName.at(-1)!
  try {
    await signInAtAdmin(page, '/admin/tracks', admin)
    const list = page.getByRole('list', { name: '4th Volume tracks' })
    const names = list.locator('.track-item__name')
    await expect(names).toHaveText(byName)
    await expectNoAxeViolations(page, 'admin track order')

    // By keyboard: the last track up to the top.
    await list
      .getByRole('button', { name: `Move ${last}, track ${byName.length} of ${byName.length}` })
      .focus()
    // Each step waits for what a screen reader hears: the track picked up, then over each place.
    await page.keyboard.press('Space')
    const n = byName.length
    const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    // Picked up (announced, then at once "over" its own place).
    await expect(
      page.getByText(
        new RegExp(
          `^(Picked up ${esc(last)}, track ${n} of ${n}|${esc(last)} is over place ${n} of ${n})\\.$`,
        ),
      ),
    ).toBeAttached()
    for (let place = n - 1; place >= 1; place--) {
      await page.keyboard.press('ArrowUp')
      await expect(page.getByText(`${last} is over place ${place} of ${n}.`)).toBeAttached()
    }
    await page.keyboard.press('Space')
    await expect(page.getByText(`${last} dropped at place 1 of ${n}.`)).toBeAttached()
    const afterKeys = [last, ...byName.slice(0, -1)]
    await expect(names).toHaveText(afterKeys)
    await expect(page.getByText('4th Volume plays in the new order.')).toBeVisible()

    // By mouse: the (now) third track dragged onto the first place.
    const third = afterKeys[2]!
    const handle = list.getByRole('button', { name: `Move ${third}, track 3 of ${byName.length}` })
    const target = list.getByRole('listitem').first()
    // On the handle where it stands now (hover waits until the list has stopped moving), and the
    // drag under way (announced) before the pointer travels: a press on a spot the handle had
    // left, or moves before the drag began, were lost on a busy machine.
    await handle.hover()
    const from = (await handle.boundingBox())!
    const to = (await target.boundingBox())!
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8)
    await expect(
      page.getByText(
        new RegExp(
          `^(Picked up ${esc(third)}, track 3 of ${n}|${esc(third)} is over place [23] of ${n})\\.$`,
        ),
      ),
    ).toBeAttached()
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(from.x + from.width / 2, from.y + ((to.y + 4 - from.y) * step) / 10)
    }
    // Released only once the list says the track is over the first place (on a busy machine the
    // drag can still be catching up with the pointer).
    await expect(page.getByText(`${third} is over place 1 of ${n}.`)).toBeAttached()
    await page.mouse.up()
    const expected = [third, last, ...afterKeys.slice(1).filter((n) => n !== third)]
    await expect(names).toHaveText(expected)
    await expect(
      list.getByRole('button', { name: `Move ${third}, track 1 of ${byName.length}` }),
    ).toBeVisible()
    await expect
      .poll(async () => {
        const { data } = await service
          .from('track_order')
          .select('position')
          .eq('bucket_id', BUCKET)
        return data?.length
      })
      .toBe(byName.length)

    // The site lists it so, and the radio plays it so.
    const site = await page.context().newPage()
    await gotoPage(site, '/soundtrack')
    const playlist = site
      .getByRole('region', { name: '4th Volume' })
      .getByRole('list', { name: 'Playlist' })
    await expect(playlist.getByRole('listitem')).toHaveText(
      expected.map((n) => new RegExp(n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
    )
    // The radio plays the four volumes one after another: going back from the first track of the
    // 1st volume wraps to the end of the 4th, whose tracks now come in the new order.
    const radio = site.getByRole('region', { name: 'Rent Due Radio' })
    const track = radio.locator('.radio-bar__track')
    await expect(track).not.toHaveText('')
    await radio.getByRole('button', { name: 'Previous track' }).click()
    await expect(track).toHaveText(expected.at(-1)!)
    await radio.getByRole('button', { name: 'Previous track' }).click()
    await expect(track).toHaveText(expected.at(-2)!)
    await radio.getByRole('button', { name: 'Play', exact: true }).click()
    const audio = radio.locator('audio')
    await expectPlaying(audio, 0.1)
    await skipToEnd(audio)
    await expect(track).toHaveText(expected.at(-1)!)
  } finally {
    await service.from('track_order').delete().eq('bucket_id', BUCKET)
  }
})
