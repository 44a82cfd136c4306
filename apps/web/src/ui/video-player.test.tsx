import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatClock, readResume, VideoPlayer } from './video-player'

function stubStorage(getItem: (key: string) => string | null) {
  vi.stubGlobal('window', { localStorage: { getItem, setItem: () => undefined } })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [65.3, '1:05'],
    [600, '10:00'],
    [-3, '0:00'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text)
  })
})

describe('readResume', () => {
  it('reads the stored position under the resume key', () => {
    stubStorage((key) => (key === 'video-resume:episode-7' ? '65.3' : null))
    expect(readResume('episode-7')).toBe(65.3)
    expect(readResume('episode-8')).toBeNull()
  })

  it.each([[''], ['1.2'], ['soon'], ['-40']])('offers nothing for %j', (stored) => {
    stubStorage(() => stored)
    expect(readResume('k')).toBeNull()
  })

  it('offers nothing when storage throws', () => {
    stubStorage(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(readResume('k')).toBeNull()
  })
})

describe('VideoPlayer', () => {
  it('renders the native player: controls, inline, metadata only, titled', () => {
    stubStorage(() => null)
    const html = renderToStaticMarkup(<VideoPlayer src="/v.webm" title="EP 1: Pilot" />)
    expect(html).toMatch(/<video[^>]* src="\/v.webm"/)
    expect(html).toMatch(/<video[^>]* controls=""/)
    expect(html).toMatch(/<video[^>]* playsInline=""/i)
    expect(html).toMatch(/<video[^>]* preload="metadata"/)
    expect(html).toMatch(/<video[^>]* aria-label="EP 1: Pilot"/)
    expect(html).not.toContain('Resume from')
    expect(html).toContain('aria-live="polite"')
  })

  it('renders no resume offer on the server, where the stored position is unknown', () => {
    // The browser offers it once mounted (e2e/episodes.spec.ts); a server render must match the
    // hydration, which cannot read localStorage either.
    stubStorage((key) => (key === 'video-resume:episode-2' ? '65.3' : null))
    const html = renderToStaticMarkup(
      <VideoPlayer src="/v.webm" title="EP 2" resumeKey="episode-2" />,
    )
    expect(html).not.toContain('Resume from')
    expect(html).not.toContain('Start over')
  })
})
