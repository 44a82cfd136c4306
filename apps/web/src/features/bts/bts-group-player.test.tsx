import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { BtsGroupPlayer } from './bts-group-player'
import { groupBtsMedia } from './bts-groups'
import { markupInRouter } from '../../ui/router-markup.test-support'
import { BtsPage } from './bts-page'

describe('BtsGroupPlayer', () => {
  it("says exactly 'No videos available' for a group without videos, with no player", () => {
    const [, , third] = groupBtsMedia([
      { name: 'Episode 1 - Storyboards.webm', url: '/s.webm' },
      { name: 'Episode 2 - Voice Session.webm', url: '/v.webm' },
    ])
    const html = renderToStaticMarkup(<BtsGroupPlayer group={third!} />)
    expect(html).toContain('>EPISODE 3 - BEHIND THE SCENES</h2>')
    expect(html).toContain('<p class="bts-group__empty">No videos available</p>')
    expect(html).not.toContain('<video')
    expect(html).not.toContain('<ol')
  })

  it('shows the first video and marks it current in a playlist of all the group', () => {
    const [first] = groupBtsMedia([
      { name: 'Episode 1 - Table Read.webm', url: '/t.webm' },
      { name: 'Episode 1 - Storyboards.webm', url: '/s.webm' },
    ])
    const html = renderToStaticMarkup(<BtsGroupPlayer group={first!} />)
    expect(html).not.toContain('No videos available')
    expect(html).toMatch(/<video[^>]* src="\/s.webm#t=1"[^>]*>/)
    expect(html).toMatch(/<video[^>]* preload="metadata"/)
    expect(html).not.toMatch(/autoplay/i)
    const items = [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[0])
    expect(items).toHaveLength(2)
    expect(items[0]).toContain('aria-current="true"')
    expect(items[0]).toContain('Storyboards')
    expect(items[1]).not.toContain('aria-current')
    expect(items[1]).toContain('Table Read')
  })
})

describe('BtsPage', () => {
  it("says 'Failed to load behind the scenes videos' after a failed list, never 'No videos available'", () => {
    const html = markupInRouter(<BtsPage media={{ status: 'failed' }} />)
    expect(html).toContain('<p class="read-failed">Failed to load behind the scenes videos</p>')
    expect(html).not.toContain('No videos available')
  })

  it("says 'No videos available' for each group of an empty bucket", () => {
    const html = markupInRouter(<BtsPage media={{ status: 'ready', data: [] }} />)
    expect(html.match(/No videos available/g)).toHaveLength(4)
  })
})
