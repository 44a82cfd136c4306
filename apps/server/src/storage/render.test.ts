import { describe, expect, it } from 'vitest'
import { parseRange } from './render.js'

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=10-', { start: 10, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
  ])('%s of 1000 bytes', (header, slice) => {
    expect(parseRange(header, 1000)).toEqual(slice)
  })

  it.each(['bytes=1000-', 'bytes=5-4', 'bytes=-0', 'bytes=-', 'bytes=0-1,3-4', 'items=0-1', 'x'])(
    '%s is invalid',
    (header) => {
      expect(parseRange(header, 1000)).toBe('invalid')
    },
  )

  it('is invalid for an empty object', () => {
    expect(parseRange('bytes=0-', 0)).toBe('invalid')
  })
})
