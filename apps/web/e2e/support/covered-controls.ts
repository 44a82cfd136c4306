// The phone-fit check (phone-fit.spec.ts): is any button, link or input on screen covered by
// something else? A control counts as on screen when its centre point lies inside the screen's
// content area: below the sticky header (and its awning) and above the radio bar when the bar is a
// strip along the bottom edge. Both are the site's frame; content scrolls under them as under the
// browser's own toolbars, and the page reserves their height at its end. Controls of the frame
// itself are checked wherever they are. Anything else fixed (the games button, the radio's pill in
// play mode) is not frame: it must never sit on a control.
import { expect, type Page } from '@playwright/test'

export type Covered = { control: string; coveredBy: string }

export type FrameReport = {
  scrollY: number
  /** Top and bottom of the content area, in viewport px. */
  top: number
  bottom: number
  /** The radio bar's height when it is a strip, and what the page reserves below its end. */
  barHeight: number | null
  reserved: number
  covered: Covered[]
  /** How many controls were on screen and checked. */
  checked: number
}

/** Runs in the page: one synchronous pass, so layout cannot move between measuring and hit-testing. */
function inspect(): FrameReport {
  const CONTROLS =
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"]'
  const describe = (el: Element): string => {
    const tag = el.tagName.toLowerCase()
    const name =
      el.getAttribute('aria-label') ??
      (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null) ??
      el.textContent ??
      ''
    const cls =
      typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : ''
    const text = name.replace(/\s+/g, ' ').trim().slice(0, 50)
    return `<${tag}${cls}>${text ? ` "${text}"` : ''}`
  }
  const describeCover = (el: Element | null): string => {
    if (!el) return 'nothing (off the page)'
    const chain: string[] = []
    for (let node: Element | null = el; node && chain.length < 3; node = node.parentElement) {
      chain.push(describe(node))
      if (getComputedStyle(node).position === 'fixed') break
    }
    return chain.join(' in ')
  }

  const header = document.querySelector('header.site-header')
  let top = 0
  if (header) {
    const awning = parseFloat(getComputedStyle(header, '::after').height) || 0
    top = Math.max(0, header.getBoundingClientRect().bottom + awning)
  }
  const bar = document.querySelector('section.radio-bar')
  const barBox = bar?.getBoundingClientRect()
  const isStrip =
    !!barBox &&
    barBox.width >= window.innerWidth - 1 &&
    Math.round(barBox.bottom) >= window.innerHeight - 1
  const bottom = isStrip ? barBox.top : window.innerHeight
  const reserved = parseFloat(getComputedStyle(document.body).paddingBottom) || 0

  /** CSS px of tolerance at the frame's edges, below a device pixel's snapping error. */
  const EDGE = 1
  const inFrame = (el: Element) => !!(header?.contains(el) || bar?.contains(el))
  // Scrolled out of view inside its own scroll box (a playlist, a carousel): not on screen.
  const clippedAway = (el: Element, x: number, y: number) => {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node)
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
      const box = node.getBoundingClientRect()
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) return true
    }
    return false
  }

  const covered: Covered[] = []
  let checked = 0
  for (const el of document.querySelectorAll(CONTROLS)) {
    const box = el.getBoundingClientRect()
    // Visually hidden (1-px, clipped) and display:none controls are not on screen.
    if (box.width < 4 || box.height < 4) continue
    const style = getComputedStyle(el)
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue
    if (el.closest('[inert], [aria-hidden="true"]')) continue
    const x = box.left + box.width / 2
    const y = box.top + box.height / 2
    if (x < 0 || x > window.innerWidth) continue
    if (inFrame(el)) {
      if (y < 0 || y > window.innerHeight) continue
    } else if (y < top + EDGE || y > bottom - EDGE) {
      // A centre within a pixel of the frame's edge is at the edge, scrolling under it: hit
      // testing snaps the fixed bar to device pixels (a centre 0.7 px above a bar's fractional
      // top was reported as covered at 360 px).
      continue
    }
    if (clippedAway(el, x, y)) continue
    checked++
    const hit = document.elementFromPoint(x, y)
    if (hit && (hit === el || el.contains(hit))) continue
    covered.push({ control: describe(el), coveredBy: describeCover(hit) })
  }
  return {
    scrollY: Math.round(window.scrollY),
    top: Math.round(top),
    bottom: Math.round(bottom),
    barHeight: isStrip ? Math.round(barBox.height) : null,
    reserved: Math.round(reserved),
    covered,
    checked,
  }
}

/** One check at the current scroll position. */
export async function checkControls(page: Page): Promise<FrameReport> {
  // Two frames: the header's scroll check and React's render run in the frame after a scroll.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  )
  return page.evaluate(inspect)
}

/**
 * Scrolls from the top to the end of the page a little less than a screen at a time and checks
 * every step; fails naming the page, each covered control and what covers it.
 */
export async function expectNothingCovered(page: Page, label: string): Promise<number> {
  const problems: string[] = []
  let checked = 0
  let y = 0
  await page.evaluate(() => window.scrollTo(0, 0))
  for (let step = 0; step < 80; step++) {
    const report = await checkControls(page)
    checked += report.checked
    for (const c of report.covered) {
      problems.push(
        `${label} at scrollY ${report.scrollY}: ${c.control} is covered by ${c.coveredBy}`,
      )
    }
    if (report.barHeight !== null && report.reserved !== report.barHeight) {
      problems.push(
        `${label}: the page reserves ${report.reserved}px below its end for a ${report.barHeight}px radio bar`,
      )
    }
    const next = await page.evaluate(
      (by) => {
        const max = document.documentElement.scrollHeight - window.innerHeight
        if (window.scrollY >= max - 1) return null
        window.scrollTo(0, Math.min(max, window.scrollY + by))
        return window.scrollY
      },
      Math.max(120, Math.floor((report.bottom - report.top) * 0.6)),
    )
    if (next === null) break
    y = next
  }
  expect([...new Set(problems)], `covered controls (${checked} checks, last scrollY ${y})`).toEqual(
    [],
  )
  return checked
}
