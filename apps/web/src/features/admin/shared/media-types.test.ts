import { describe, expect, it } from 'vitest'
import { describeAllowedTypes, describeType } from './media-types'

describe('describeAllowedTypes', () => {
  it.each([
    [['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4'], 'Audio: MP3, WAV, M4A'],
    [['video/webm', 'video/mp4'], 'Video: WebM, MP4'],
    [['image/*'], 'Images: any type'],
    [['image/webp', 'image/png', 'image/jpeg'], 'Images: WebP, PNG, JPEG'],
    [['audio/mpeg', 'video/mp4'], 'Audio: MP3; Video: MP4'],
    [['application/pdf'], 'application: application/pdf'],
    [null, 'Any type'],
    [[], 'Any type'],
  ])('%j reads %s', (types, words) => {
    expect(describeAllowedTypes(types)).toBe(words)
  })
})

describe('describeType', () => {
  it.each([
    ['audio/wav', 'WAV audio'],
    ['audio/x-wav', 'WAV audio'],
    ['video/webm; codecs=vp9', 'WebM video'],
    ['image/svg+xml', 'SVG image'],
    ['application/octet-stream', 'application/octet-stream'],
    [null, ''],
  ])('%s reads %s', (mime, words) => {
    expect(describeType(mime)).toBe(words)
  })
})
