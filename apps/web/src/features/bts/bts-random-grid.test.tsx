import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { groupBtsMedia, pickHomeBtsVideos } from './bts-groups'
import { BtsTiles } from './bts-tiles'

const loading = '<span class="loading__label">Loading behind the scenes content...</span>'

describe('pickHomeBtsVideos', () => {
  it('picks three different clips of the bucket with the given random source', () => {
    const media = [1, 2, 3, 4, 5].map((n) => ({
      name: `Episode ${n % 4 || 4} - Clip ${n}.webm`,
      url: `/${n}.webm`,
    }))
    const picked = pickHomeBtsVideos(media, () => 0)
    expect(picked.map((v) => v.title)).toEqual(['Clip 1', 'Clip 5', 'Clip 2'])
    expect(pickHomeBtsVideos(media.slice(0, 2), () => 0.99)).toHaveLength(2)
    expect(pickHomeBtsVideos([], () => 0)).toEqual([])
  })
})

describe('BtsTiles', () => {
  it("reads exactly 'Loading behind the scenes content...' when there is no clip", () => {
    expect(renderToStaticMarkup(<BtsTiles videos={[]} />)).toContain(loading)
  })

  it('shows each clip as a tile with its title and a Play button, no video in the server render', () => {
    const videos = groupBtsMedia([
      { name: 'Episode 3 - Animatic.webm', url: '/a.webm' },
      { name: 'Episode 1 - Storyboards.webm', url: '/s.webm' },
    ]).flatMap((g) => g.videos)
    const html = renderToStaticMarkup(<BtsTiles videos={videos} />)
    expect(html).not.toContain('Loading behind the scenes content...')
    expect(html.match(/<li /g)).toHaveLength(2)
    expect(html).toContain('aria-label="Play Storyboards (episode 1)"')
    expect(html).toContain('aria-label="Play Animatic (episode 3)"')
    // The still (a <video>) comes once the page is live (e2e/bts.spec.ts, home.spec.ts).
    expect(html).not.toContain('<video')
  })
})
