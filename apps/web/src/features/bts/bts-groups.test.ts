import { describe, expect, it } from 'vitest'
import { btsGroupTitle, groupBtsMedia, parseBtsName, pickRandom, type BtsMedia } from './bts-groups'

const file = (name: string): BtsMedia => ({
  name,
  url: `https://cdn.test/${encodeURIComponent(name)}`,
})

describe('parseBtsName', () => {
  it('reads the episode number and the title without prefix and extension', () => {
    expect(parseBtsName('Episode 1 - Table Read.webm')).toEqual({ episode: 1, title: 'Table Read' })
    expect(parseBtsName('Episode 12 - Colour Script.mp4')).toEqual({
      episode: 12,
      title: 'Colour Script',
    })
  })

  it('refuses names that do not start with "Episode N - "', () => {
    expect(parseBtsName('Episode one - Table Read.webm')).toBeUndefined()
    expect(parseBtsName('Bloopers.webm')).toBeUndefined()
    expect(parseBtsName('Episode 1-Table Read.webm')).toBeUndefined()
  })
})

describe('groupBtsMedia', () => {
  it('makes the four groups in order, each in name order, and leaves a missing episode empty', () => {
    const ignored: string[] = []
    const groups = groupBtsMedia(
      [
        file('Episode 4 - Final Mix.webm'),
        file('Episode 1 - Table Read.webm'),
        file('Episode 2 - Voice Session.webm'),
        file('.emptyFolderPlaceholder'),
        file('Episode 1 - Storyboards.webm'),
        file('Episode 5 - Wrap Party.webm'),
        file('Episode 2 - Foley Kitchen.webm'),
        file('Episode 4 - Colour Script.webm'),
      ],
      (name) => ignored.push(name),
    )
    expect(groups.map((g) => g.title)).toEqual([
      'EPISODE 1 - BEHIND THE SCENES',
      'EPISODE 2 - BEHIND THE SCENES',
      'EPISODE 3 - BEHIND THE SCENES',
      'EPISODE 4 - BEHIND THE SCENES',
    ])
    expect(groups.map((g) => g.videos.map((v) => v.title))).toEqual([
      ['Storyboards', 'Table Read'],
      ['Foley Kitchen', 'Voice Session'],
      [],
      ['Colour Script', 'Final Mix'],
    ])
    expect(groups[0]!.videos[0]).toEqual({
      name: 'Episode 1 - Storyboards.webm',
      url: 'https://cdn.test/Episode%201%20-%20Storyboards.webm',
      title: 'Storyboards',
      episode: 1,
    })
    expect(ignored).toEqual(['.emptyFolderPlaceholder', 'Episode 5 - Wrap Party.webm'])
  })

  it('gives four empty groups for an empty bucket', () => {
    const groups = groupBtsMedia([])
    expect(groups.map((g) => [g.episode, g.videos.length])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
    ])
  })

  it('titles a group in capitals with its number', () => {
    expect(btsGroupTitle(3)).toBe('EPISODE 3 - BEHIND THE SCENES')
  })
})

describe('pickRandom', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']

  it('draws without repeats, driven by the random source', () => {
    // Always 0: the first remaining item each time.
    expect(pickRandom(items, 3, () => 0)).toEqual(['a', 'b', 'c'])
    // Just under 1: the last remaining item each time.
    expect(pickRandom(items, 3, () => 0.999)).toEqual(['h', 'g', 'f'])
    const sequence = [0.5, 0.0, 0.99]
    expect(pickRandom(items, 3, () => sequence.shift()!)).toEqual(['e', 'a', 'h'])
  })

  it('returns every item when there are fewer than asked, and leaves the input alone', () => {
    const two = ['x', 'y']
    expect(pickRandom(two, 3, () => 0)).toEqual(['x', 'y'])
    expect(two).toEqual(['x', 'y'])
    expect(pickRandom([], 3, () => 0)).toEqual([])
  })

  it('never goes out of range for a source that returns 1', () => {
    expect(pickRandom(items, 2, () => 1)).toEqual(['h', 'g'])
  })
})
