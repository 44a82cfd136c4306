import { describe, expect, it } from 'vitest'
import {
  episodeFromHash,
  episodePath,
  episodeShareText,
  episodeShareUrl,
  isEpisodeSlug,
} from './episode-links'
import { facebookShareUrl, tweetUrl } from '../../ui/share-menu'

describe('episode links', () => {
  it('links an episode to its own page, /episodes/<slug>', () => {
    expect(episodePath('hot-plate-kitchen')).toBe('/episodes/hot-plate-kitchen')
    expect(episodeShareUrl('hot-plate-kitchen', 'https://rentdue.example')).toBe(
      'https://rentdue.example/episodes/hot-plate-kitchen',
    )
  })

  it.each([
    ['pilot-rent-due', true],
    ['episode-12', true],
    ['a', true],
    ['Pilot', false],
    ['-pilot', false],
    ['pilot-', false],
    ['pilot--rent', false],
    ['pilot rent', false],
    ['x'.repeat(81), false],
  ])('accepts %j as a slug: %s', (slug, ok) => {
    expect(isEpisodeSlug(slug)).toBe(ok)
  })

  it.each([
    ['#episode-2', 2],
    ['#episode-12', 12],
    ['#episode-', null],
    ['#episode-2x', null],
    ['#news', null],
    ['', null],
  ])('reads %j as %s', (hash, number) => {
    expect(episodeFromHash(hash)).toBe(number)
  })

  it('builds the share text and the encoded sharer links', () => {
    const url = 'https://rentdue.example/episodes#episode-2'
    const text = episodeShareText({ episode_number: 2, title: 'The Pyramid Is a Triangle' })
    expect(text).toBe('Watch Rent Due EP 2: The Pyramid Is a Triangle')
    expect(facebookShareUrl(url)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Frentdue.example%2Fepisodes%23episode-2',
    )
    expect(tweetUrl(url, text)).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Frentdue.example%2Fepisodes%23episode-2&text=Watch%20Rent%20Due%20EP%202%3A%20The%20Pyramid%20Is%20a%20Triangle',
    )
  })
})
