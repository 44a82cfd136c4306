// What a player sees of a started canvas game (decisions 200 and 340), on a phone and on a
// desktop alike: the page is one screen with the compact header, the radio folded into its pill,
// and the whole board between the header and the bottom edge, crisp and covered by nothing.
import { expect, type Page } from '@playwright/test'

/** One HUD: the canvas draws it; the DOM's score row is in the page for screen readers only. */
export async function expectOneHud(page: Page): Promise<void> {
  const hud = page.locator('.game__hud')
  await expect(hud.locator('dt')).not.toHaveCount(0)
  await expect
    .poll(async () => {
      const box = await hud.boundingBox()
      return box !== null && box.width <= 1 && box.height <= 1
    })
    .toBe(true)
}

/**
 * Play mode as the player sees it: the page is one screen (nothing to scroll either way), the
 * header is its compact row, the intro and Back are off screen, one HUD, the radio is a pill, and
 * the canvas fits between the header and the bottom edge with a backing store of whole device
 * pixels.
 */
export async function expectPlayMode(page: Page, intro: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-play-mode', '')
  await expect(page.getByRole('banner')).toHaveAttribute('data-compact', 'true')
  await expect(page.getByText(intro)).toBeHidden()
  await expect(page.getByRole('link', { name: 'Back' })).toBeHidden()
  await expectOneHud(page)
  await expect(page.getByRole('region', { name: 'Rent Due Radio' })).toHaveAttribute(
    'data-mode',
    'pill',
  )
  await expect
    .poll(() =>
      page.evaluate(() => {
        const c = document.querySelector('canvas.game__canvas') as HTMLCanvasElement
        const box = c.getBoundingClientRect()
        const header = document.querySelector('header.site-header')!.getBoundingClientRect()
        const dpr = window.devicePixelRatio
        const root = document.documentElement
        return {
          scrolls: root.scrollHeight > window.innerHeight || root.scrollWidth > window.innerWidth,
          inside:
            box.top >= header.bottom &&
            box.bottom <= window.innerHeight &&
            box.left >= 0 &&
            box.right <= innerWidth,
          // The picture (inside the border) is the backing store at the device pixel ratio (layout
          // keeps sizes in 1/64 px).
          crisp:
            Math.abs(parseFloat(getComputedStyle(c).width) * dpr - c.width) < 0.1 &&
            Math.abs(parseFloat(getComputedStyle(c).height) * dpr - c.height) < 0.1,
          big: box.width >= innerWidth * 0.5 || box.height >= (innerHeight - header.bottom) * 0.5,
        }
      }),
    )
    .toEqual({ scrolls: false, inside: true, crisp: true, big: true })
}

/**
 * Nothing lies on the board: at every point of a 9 × 9 grid over the canvas, corners and edges
 * included, the canvas is what a click or a finger would reach. Returns the points that are not.
 */
export async function coveredBoardPoints(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const c = document.querySelector('canvas.game__canvas') as HTMLCanvasElement
    const box = c.getBoundingClientRect()
    const found: string[] = []
    const steps = 8
    for (let i = 0; i <= steps; i++) {
      for (let j = 0; j <= steps; j++) {
        // One CSS pixel in from the picture's edge, so a point is on the canvas, not its border.
        const x = box.left + c.clientLeft + 1 + ((c.clientWidth - 2) * i) / steps
        const y = box.top + c.clientTop + 1 + ((c.clientHeight - 2) * j) / steps
        const hit = document.elementFromPoint(x, y)
        if (hit === c) continue
        const name = hit
          ? `<${hit.tagName.toLowerCase()} class="${String(hit.className)}">`
          : 'nothing'
        found.push(`(${Math.round(x)}, ${Math.round(y)}): ${name}`)
      }
    }
    return found
  })
}
