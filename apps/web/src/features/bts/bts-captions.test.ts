import { describe, expect, it } from 'vitest'
import { btsCaptionsUrl, btsCaptionsVtt } from './bts-captions'

describe('btsCaptionsVtt', () => {
  it('writes one WebVTT cue naming the music and the clip', () => {
    expect(btsCaptionsVtt({ episode: 2, title: 'Foley Kitchen' })).toBe(
      'WEBVTT\n\n00:00:00.000 --> 01:00:00.000\n' +
        '♪ Instrumental music ♪ Episode 2, behind the scenes: Foley Kitchen\n',
    )
  })
})

describe('btsCaptionsUrl', () => {
  it('makes one blob: URL per clip and hands the same one out again', async () => {
    const kitchen = btsCaptionsUrl({ episode: 2, title: 'Foley Kitchen' })
    const mix = btsCaptionsUrl({ episode: 4, title: 'Final Mix' })
    expect(kitchen).toMatch(/^blob:/)
    expect(mix).not.toBe(kitchen)
    expect(btsCaptionsUrl({ episode: 2, title: 'Foley Kitchen' })).toBe(kitchen)
  })
})
