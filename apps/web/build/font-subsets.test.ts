// The two cuts of each font (font-subsets.ts): together they hold exactly the characters of the
// @fontsource Latin files they replace, and their stylesheet tells the browser which is which.
import { describe, expect, it } from 'vitest'
import {
  BASIC,
  LATIN,
  codePoints as points,
  fontFaces,
  moreRanges,
  toRanges,
  unicodeRange,
} from './font-subsets'

describe('font cuts', () => {
  it('split the Latin set in two with nothing lost and nothing twice', () => {
    const basic = points(BASIC)
    const more = points(moreRanges())
    expect(basic.filter((point) => more.includes(point))).toEqual([])
    expect([...basic, ...more].sort((a, b) => a - b)).toEqual(points(LATIN))
  })

  it('keep the characters the pages draw in the basic cut', () => {
    const basic = new Set(points(BASIC))
    for (const text of ["I'm 18+ - Enter", 'Rent Due · Three roommates', '’“”–—…', '−3:12']) {
      expect([...text].filter((ch) => !basic.has(ch.codePointAt(0)!))).toEqual([])
    }
  })

  it('write unicode-range values as CSS reads them', () => {
    expect(unicodeRange(toRanges([0x41, 0x42, 0x43, 0x2026, 0x20, 0x41]))).toBe(
      'U+0020,U+0041-0043,U+2026',
    )
    const css = fontFaces()
    expect(css.match(/@font-face/g)).toHaveLength(6)
    expect(css).toContain("src: url(./bangers-400-basic.woff2) format('woff2');")
    expect(css).toContain(`unicode-range: ${unicodeRange(BASIC)};`)
    expect(css).toContain(`unicode-range: ${unicodeRange(moreRanges())};`)
  })
})
