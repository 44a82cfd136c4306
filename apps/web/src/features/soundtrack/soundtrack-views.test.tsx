import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { SoundtrackVolume } from '../../lib/soundtrack-tracks'
import { markupInRouter } from '../../ui/router-markup.test-support'
import { HomeSoundtrackView } from './home-soundtrack-view'
import { SoundtrackPage } from './soundtrack-page'
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

/** A volume whose list failed (on the server, when the browser is to list it again). */
const failed = (title: string, retryInBrowser?: boolean): SoundtrackVolume => ({
  ...volume(title),
  failed: true,
  ...(retryInBrowser ? { retryInBrowser } : {}),
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
    // A view of the site's one player: no <audio> of its own, 'Ready to play' before anything
    // played, and a progress bar that waits (disabled, 0:00 of 0:00) for its track to load.
    expect(html).not.toContain('<audio')
    expect(html).toContain('<p class="player__label">Ready to play</p>')
    expect(html).toMatch(
      /<label for="[^"]+" class="seek-bar__label visually-hidden">Track position<\/label>.*type="range" min="0" max="0" step="any" disabled="" aria-valuetext="0:00 of 0:00"/,
    )
  })
})

describe('HomeSoundtrackView', () => {
  it("reads 'No soundtracks available' only when every volume was listed and is empty", () => {
    const html = renderToStaticMarkup(
      <HomeSoundtrackView volumes={[volume('1st'), volume('2nd')]} />,
    )
    expect(html).toBe(
      '<p class="player__empty home-soundtrack__empty">No soundtracks available</p>',
    )
  })

  it("never claims emptiness for a volume that failed: the spec's failure text, or nothing", () => {
    expect(
      renderToStaticMarkup(<HomeSoundtrackView volumes={[failed('1st'), failed('2nd')]} />),
    ).toBe('<p class="read-failed">Failed to load soundtracks</p>')
    // A single failed bucket is only logged (docs/product/errors.md#when-a-read-fails): with the
    // rest empty there is nothing to say.
    expect(
      renderToStaticMarkup(<HomeSoundtrackView volumes={[failed('1st'), volume('2nd')]} />),
    ).toBe('')
  })

  it('says it is loading while the browser lists again what failed on the server', () => {
    const html = markupInRouter(
      <HomeSoundtrackView volumes={[failed('1st', true), volume('2nd')]} />,
    )
    expect(html).toContain('<span class="loading__label">Loading soundtracks...</span>')
    expect(html).not.toContain('No soundtracks available')
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
    expect(html.match(/class="player__track"/g)).toHaveLength(1)
    expect(html).not.toContain('<audio')
    expect(html).toContain('player--compact')
  })
})

describe('SoundtrackPage', () => {
  it("says 'No tracks available' for an empty volume and skips one that failed (docs/product/errors.md#error-messages)", () => {
    const html = markupInRouter(
      <SoundtrackPage volumes={[volume('1st', 'A.wav'), volume('2nd'), failed('3rd')]} />,
    )
    expect(html.match(/class="player__title"/g)).toHaveLength(2)
    expect(html.match(/No tracks available/g)).toHaveLength(1)
    expect(html).not.toContain('3rd Volume')
  })

  it("says 'Failed to load soundtracks' when no volume could be listed, never 'No tracks available'", () => {
    const html = markupInRouter(<SoundtrackPage volumes={[failed('1st'), failed('2nd')]} />)
    expect(html).toContain('<p class="read-failed">Failed to load soundtracks</p>')
    expect(html).not.toContain('No tracks available')
  })

  it('shows a volume that failed on the server as loading while the browser lists it again', () => {
    const html = markupInRouter(<SoundtrackPage volumes={[failed('1st', true), volume('2nd')]} />)
    expect(html).toContain('>1st Volume</h2>')
    expect(html).toContain('<p class="player__empty">Loading soundtracks...</p>')
    expect(html.match(/No tracks available/g)).toHaveLength(1)
  })
})
