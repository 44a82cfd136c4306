// The room kept free below the page while the radio bar shows (issue 18): the page ends above the
// bar, a focused control scrolls clear of it (scroll-padding), and toasts rise above it. The radio
// bar reports its height here (0 while it reserves nothing: the pill, or no bar at all).
//
// The height goes onto <html> and <body> as the two properties themselves, not as a custom
// property on <html> read by the stylesheets: every element inherits a custom property, so
// changing one on <html> restyles the whole page (50-70 ms at 4x CPU slowdown on Home, measured,
// each time the bar mounts or resizes), while these two restyle only their own element.
import { sharedValue, useSharedValue } from './shared-value'

const reserved = sharedValue(0)

export function reserveRadioBarSpace(height: number): void {
  if (height === reserved.get()) return
  const value = height > 0 ? `${height}px` : ''
  document.documentElement.style.scrollPaddingBottom = value
  document.body.style.paddingBottom = value
  reserved.set(height)
}

/** The height in CSS pixels the radio bar takes at the bottom of the screen, 0 when none. */
export function useRadioBarSpace(): number {
  return useSharedValue(reserved, 0)
}
