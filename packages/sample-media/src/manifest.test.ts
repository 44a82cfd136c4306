import { existsSync, readFileSync, statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { GAME_IMAGES_BUCKET, repoPath, sampleMediaManifest } from './manifest.js'

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3]

describe('sampleMediaManifest', () => {
  const manifest = sampleMediaManifest()
  const inBucket = (bucket: string) => manifest.filter((o) => o.bucket === bucket)

  it('lists four soundtrack buckets with 3 to 6 WAV tracks each', () => {
    for (const bucket of ['soundtrack 1st', 'soundtrack 2nd', 'soundtrack 3rd', 'soundtrack 4th']) {
      const tracks = inBucket(bucket)
      expect(tracks.length, bucket).toBeGreaterThanOrEqual(3)
      expect(tracks.length, bucket).toBeLessThanOrEqual(6)
      for (const t of tracks)
        expect([t.name.endsWith('.wav'), t.contentType]).toEqual([true, 'audio/wav'])
    }
  })

  it('names every behind-the-scenes video "Episode N - <title>.webm", covering episodes 1 to 4', () => {
    const bts = inBucket('Behind the scenes')
    expect(bts.length).toBeGreaterThanOrEqual(4)
    for (const v of bts) {
      expect(v.name).toMatch(/^Episode [1-4] - [A-Z][\w ]+\.webm$/)
      expect(v.contentType).toBe('video/webm')
    }
    const episodes = new Set(bts.map((v) => v.name.match(/^Episode (\d)/)![1]))
    expect([...episodes].sort()).toEqual(['1', '2', '3', '4'])
    expect(bts.map((v) => v.name)).toContain('Episode 1 - Storyboards.webm')
  })

  it('has exactly the three preview names the home page looks for, plus the header loop', () => {
    const previews = inBucket('Episode Previews').map((v) => v.name)
    expect(previews.filter((n) => /Previously on The (1st|2nd|3rd)/.test(n)).sort()).toEqual([
      'Previously on The 1st.webm',
      'Previously on The 2nd.webm',
      'Previously on The 3rd.webm',
    ])
    expect(previews.sort()).toEqual([
      'Previously on The 1st.webm',
      'Previously on The 2nd.webm',
      'Previously on The 3rd.webm',
      'header-loop.webm',
    ])
  })

  it('commits small WebM files that exist and start with the EBML magic bytes', () => {
    const committed = manifest.filter((o) => o.file !== undefined)
    expect(committed.length).toBe(12)
    let total = 0
    for (const o of committed) {
      const path = repoPath(o.file!)
      expect(existsSync(path), o.file).toBe(true)
      const size = statSync(path).size
      expect(size, o.file).toBeLessThanOrEqual(300 * 1024)
      total += size
      const bytes = o.bytes()
      expect([...bytes.subarray(0, 4)], o.file).toEqual(EBML_MAGIC)
      expect(String.fromCharCode(...bytes.subarray(0, 64))).toContain('webm')
      expect(bytes.length).toBe(size)
    }
    expect(total).toBeLessThanOrEqual(3 * 1024 * 1024)
  })

  it('resolves committed files from the repository root, not the working directory', () => {
    const preview = manifest.find((o) => o.name === 'Previously on The 1st.webm')!
    expect(preview.file).toBe('supabase/media/previews/previously-on-the-1st.webm')
    const cwd = process.cwd()
    process.chdir('/')
    try {
      expect(preview.bytes()).toEqual(new Uint8Array(readFileSync(repoPath(preview.file!))))
    } finally {
      process.chdir(cwd)
    }
  })

  it('generates one SVG icon per soundtrack volume and a radio cassette', () => {
    const icons = inBucket(GAME_IMAGES_BUCKET)
    expect(icons.map((i) => i.name)).toEqual([
      'soundtrack 1st icon.svg',
      'soundtrack 2nd icon.svg',
      'soundtrack 3rd icon.svg',
      'soundtrack 4th icon.svg',
      'radio cassette.svg',
    ])
    for (const icon of icons) {
      const svg = new TextDecoder().decode(icon.bytes())
      expect(icon.contentType).toBe('image/svg+xml')
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[\d ]+"/)
      expect(svg).toMatch(/<title>Rent Due [^<]+<\/title>/)
      expect(svg.endsWith('</svg>')).toBe(true)
      expect(svg.length).toBeLessThan(4096)
    }
  })

  it('never repeats an object name within a bucket', () => {
    const keys = manifest.map((o) => `${o.bucket}/${o.name}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})
