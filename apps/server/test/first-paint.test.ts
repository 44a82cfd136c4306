// The server's first paint of /episodes and /news (first-paint.ts, decision 163): the same
// markup React renders, with database text escaped.
import { describe, expect, it } from 'vitest'
import { firstPaintFor, type FirstPaintEpisode } from '../src/http/first-paint.js'

const PILOT: FirstPaintEpisode = {
  episode_number: 1,
  title: 'Pilot: <Rent> "Due"',
  synopsis: "Bertha's soufflé & the $1,200 <script>alert(1)</script>",
  thumbnail: '/media/episodes/ep1.svg',
}

describe('first paint of /episodes', () => {
  it('draws each card as the grid does: the first thumbnail eager and first, text escaped', () => {
    const html = firstPaintFor('/episodes', {
      episodes: [
        PILOT,
        { ...PILOT, episode_number: 2, title: 'Two', thumbnail: 'https://cdn.test/2.png' },
        { ...PILOT, episode_number: 3, title: 'Three', thumbnail: 'http://cdn.test/3.png' },
      ],
    })
    expect(html).toContain(
      '<div class="sub-page__body"><ul class="episode-grid" aria-label="Episodes">' +
        '<li><article class="episode-card" id="episode-1"><div class="episode-card__thumb">' +
        '<img src="/media/episodes/ep1.svg" alt="" width="640" height="360" loading="eager" ' +
        'fetchpriority="high" decoding="sync"><span class="episode-card__play" aria-hidden="true">' +
        '<svg viewBox="0 0 48 48"><circle cx="24" cy="24" r="22"></circle>' +
        '<path d="M19 14v20l16-10z"></path></svg></span></div>' +
        '<p class="episode-card__badge" aria-hidden="true">EP 1</p>' +
        '<h2 class="episode-card__title"><a href="#episode-1" class="episode-card__button" ' +
        'aria-label="Play EP 1: Pilot: &lt;Rent&gt; &quot;Due&quot;">' +
        'Pilot: &lt;Rent&gt; &quot;Due&quot;</a></h2>' +
        '<p class="episode-card__synopsis">Bertha&#39;s soufflé &amp; the $1,200 ' +
        '&lt;script&gt;alert(1)&lt;/script&gt;</p></article></li>',
    )
    expect(html).toContain(
      '<img src="https://cdn.test/2.png" alt="" width="640" height="360" loading="eager" ' +
        'decoding="async">',
    )
    // Only site paths and https images go into src, as in the React card.
    expect(html).not.toContain('http://cdn.test/3.png')
    expect(html.match(/<img /g)).toHaveLength(2)
    expect(html).not.toContain('<script')
  })

  it('shows the grid loading when the episodes are unknown, and the empty message for none', () => {
    expect(firstPaintFor('/episodes')).toContain(
      '<div class="sub-page__body"><div class="loading" role="status">' +
        '<span class="loading__coin" aria-hidden="true"></span>' +
        '<span class="loading__label">Loading episodes...</span></div></div>',
    )
    expect(firstPaintFor('/episodes', { episodes: [] })).toContain(
      '<p class="episodes-error">No episodes yet. The first one is on its way.</p>',
    )
  })
})

describe('first paint of /news', () => {
  it('draws the two pinned memos, the team call dated the given day, and the news loading', () => {
    const html = firstPaintFor('/news', { today: new Date(2026, 0, 5, 23, 30) })
    expect(html).toContain(
      '<h3 id="qa-card-title" class="form-card__title">Meet the Cast: Virtual Q&amp;A</h3>',
    )
    expect(html).toContain('<time datetime="2025-09-06">9/6/2025</time>')
    expect(html).toContain(
      '<p class="form-card__meta"><time datetime="2026-01-05">1/5/2026</time></p>' +
        '<h3 id="team-card-title" class="form-card__title">Join the Team</h3>',
    )
    expect(html).toContain('<button type="button" class="btn btn--primary">Save my seat</button>')
    expect(html).toContain('<button type="button" class="btn btn--primary">Apply Now</button>')
    expect(html).toContain('<span class="loading__label">Loading news...</span>')
  })
})

describe('first paint of the other pages', () => {
  it('keeps /soundtrack and /games to their heading, with no page body', () => {
    for (const p of ['/soundtrack', '/games']) {
      const html = firstPaintFor(p)
      expect(html).toContain('<h1 class="page-title">')
      expect(html).not.toContain('sub-page__body')
    }
  })
})
