// The WebP copies of the SVG art are drawn by scripts/make-raster-art.ts and committed. This keeps
// them true to their sources: an SVG edited without redrawing fails here, naming the command.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { RASTER_ART, RASTER_ART_RECORD, stillSrcSet } from './raster-art'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..')
const read = (file: string) => readFileSync(path.join(root, file))
const recorded = JSON.parse(read(RASTER_ART_RECORD).toString('utf8')) as Record<string, string>

/** Width and height of a WebP file from its first chunk (lossy VP8, lossless VP8L or VP8X). */
function webpSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file')
  }
  const chunk = bytes.toString('latin1', 12, 16)
  if (chunk === 'VP8 ') {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
  }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 }
  }
  throw new Error(`unknown WebP chunk ${chunk}`)
}

describe('raster copies of the SVG art', () => {
  it('records exactly the sources in the list', () => {
    expect(Object.keys(recorded).sort()).toEqual(RASTER_ART.map((art) => art.source).sort())
  })

  for (const art of RASTER_ART) {
    it(`${path.basename(art.source)}: drawn from the current SVG, at the listed sizes`, () => {
      const hash = createHash('sha256').update(read(art.source)).digest('hex')
      expect(
        hash,
        `${art.source} changed since its WebP copies were drawn: run npx tsx scripts/make-raster-art.ts`,
      ).toBe(recorded[art.source])
      for (const output of art.outputs) {
        expect(existsSync(path.join(root, output.file)), output.file).toBe(true)
        expect(webpSize(read(output.file)), output.file).toEqual({
          width: output.width,
          height: output.height,
        })
      }
    })
  }
})

describe('stillSrcSet', () => {
  it('offers the 480- and 720-wide copies of one of our stills beside the 960-wide one', () => {
    expect(stillSrcSet('/media/episodes/ep2.webp')).toBe(
      '/media/episodes/ep2-480.webp 480w, /media/episodes/ep2-720.webp 720w, /media/episodes/ep2.webp 960w',
    )
    expect(stillSrcSet('/media/episodes/header-still.webp')).toBe(
      '/media/episodes/header-still-480.webp 480w, /media/episodes/header-still-720.webp 720w, /media/episodes/header-still.webp 960w',
    )
  })

  it('offers nothing for any other image, so no candidate can be missing', () => {
    expect(stillSrcSet('/media/episodes/ep9.webp')).toBeUndefined()
    expect(stillSrcSet('/media/episodes/ep1.svg')).toBeUndefined()
    expect(stillSrcSet('https://example.com/media/episodes/ep1.webp')).toBeUndefined()
    expect(stillSrcSet('/media/episodes/ep1.webp?x=1')).toBeUndefined()
  })
})
