import { describe, expect, it } from 'vitest'
import type { SoundtrackVolume } from '../../lib/soundtrack-tracks'
import { isRadioFile, radioTracks } from './radio-tracks'

const volume = (title: string, ...names: string[]): SoundtrackVolume => ({
  bucket: `b ${title}`,
  title,
  artworkUrl: `art ${title}`,
  tracks: names.map((name) => ({ name, url: `u/${name}`, bucket: `b ${title}` })),
  failed: false,
})

describe('radio tracks', () => {
  it.each([
    ['Song.mp3', true],
    ['Song.WAV', true],
    ['Song.Mp3', true],
    ['Song.m4a', false],
    ['Song.ogg', false],
    ['mp3', false],
    ['Song.wav.txt', false],
  ])('%s accepted: %s', (name, accepted) => {
    expect(isRadioFile(name)).toBe(accepted)
  })

  it('keeps only .mp3 and .wav, volume by volume, with album and artwork', () => {
    const tracks = radioTracks([
      volume('1st Volume', 'A.wav', 'B.m4a'),
      volume('2nd Volume'),
      volume('3rd Volume', 'C.mp3', 'D.ogg', 'E.WAV'),
    ])
    expect(tracks.map((t) => [t.name, t.album, t.artworkUrl])).toEqual([
      ['A.wav', '1st Volume', 'art 1st Volume'],
      ['C.mp3', '3rd Volume', 'art 3rd Volume'],
      ['E.WAV', '3rd Volume', 'art 3rd Volume'],
    ])
  })
})
