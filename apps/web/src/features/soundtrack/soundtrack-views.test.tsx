import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { SoundtrackVolume } from '../../lib/soundtrack-tracks'
import { HomeSoundtrackView } from './home-soundtrack-view'
import { SoundtrackPlayer } from './soundtrack-player'

const volume = (title: string, ...names: string[]): SoundtrackVolume => ({
  bucket: `soundtrack ${title}`,
  title: `${title} Volume`,
  artworkUrl: `/art/${title}.svg`,
  tracks: names.map((name) => ({
    name,
    url: `/t/${title}/${name}`,
    bucket: `soundtrack ${title}`,
  })),
  failed: false,
})

describe('SoundtrackPlayer', () => {
  it("says exactly 'No tracks available' for an empty volume, with no audio element", () => {
    const html = renderToStaticMarkup(<SoundtrackPlayer title="2nd Volume" tracks={[]} />)
    expect(html).toContain('<h2')
    expect(html).toContain('>2nd Volume</h2>')
    expect(html).toContain('<p class="player__empty">No tracks available</p>')
    expect(html).not.toContain('<audio')
  })

  it('shows the first track, the count, named controls and the playlist', () => {
    const v = volume('1st', 'Ramen Again.wav', 'Late Fee Boogie.MP3', 'Bonus.m4a')
    const html = renderToStaticMarkup(
      <SoundtrackPlayer title={v.title} artworkUrl={v.artworkUrl} tracks={v.tracks} />,
    )
    expect(html).toContain('<p class="player__track">Ramen Again</p>')
    expect(html).toContain('<p class="player__position">Track 1 of 3</p>')
    for (const name of ['Previous track', 'Play', 'Next track', 'Shuffle']) {
      expect(html).toContain(`aria-label="${name}"`)
    }
    expect(html).toContain('aria-pressed="false"')
    expect(html).toMatch(/type="range" min="0" max="1" step="0.1" aria-valuetext="70%" value="0.7"/)
    expect(html.match(/class="player__row-name"/g)).toHaveLength(3)
    expect(html).toContain('>Late Fee Boogie</span>')
    expect(html).toContain('>Bonus</span>')
    expect(html.match(/aria-current="true"/g)).toHaveLength(1)
    expect(html).toContain('<audio src="/t/1st/Ramen Again.wav" preload="none">')
  })
})

describe('HomeSoundtrackView', () => {
  it("reads 'No soundtracks available' when loading failed or every volume is empty", () => {
    const failed = { ...volume('1st'), failed: true }
    for (const volumes of [
      [failed, failed],
      [volume('1st'), volume('2nd')],
    ]) {
      const html = renderToStaticMarkup(<HomeSoundtrackView volumes={volumes} />)
      expect(html).toContain('No soundtracks available')
      expect(html).not.toContain('<audio')
    }
  })

  it('offers the volumes that have tracks and plays the first one in one compact player', () => {
    const html = renderToStaticMarkup(
      <HomeSoundtrackView
        volumes={[volume('1st', 'A.wav'), volume('2nd'), volume('3rd', 'B.wav', 'C.wav')]}
      />,
    )
    expect(html.match(/class="volume-picker__button"/g)).toHaveLength(2)
    expect(html).toContain('aria-pressed="true">1st Volume</button>')
    expect(html).toContain('aria-pressed="false">3rd Volume</button>')
    expect(html).toContain('>1st Volume</h3>')
    expect(html.match(/<audio/g)).toHaveLength(1)
    expect(html).toContain('player--compact')
  })
})
