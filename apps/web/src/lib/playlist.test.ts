import { createRng } from '@rent-due/games/rng'
import { describe, expect, it } from 'vitest'
import {
  createPlaylist,
  currentTrack,
  displayName,
  next,
  previous,
  selectPosition,
  shuffle,
  toggleShuffle,
  trackPositionText,
  tracksInOrder,
  unshuffle,
} from './playlist'

const five = ['a', 'b', 'c', 'd', 'e']

/** A deterministic RNG (the games' mulberry32) so shuffles are reproducible. */
function seeded(seed: number): () => number {
  const rng = createRng(seed)
  return () => rng.next()
}

describe('playlist', () => {
  it('starts at the first track in the original order', () => {
    const p = createPlaylist(five)
    expect(currentTrack(p)).toBe('a')
    expect(trackPositionText(p)).toBe('Track 1 of 5')
    expect(p.shuffled).toBe(false)
  })

  it('goes to the next track and wraps from the last to the first (end of track)', () => {
    let p = createPlaylist(five)
    p = next(p)
    expect(currentTrack(p)).toBe('b')
    expect(trackPositionText(p)).toBe('Track 2 of 5')
    p = selectPosition(p, 4)
    expect(currentTrack(p)).toBe('e')
    p = next(p)
    expect(currentTrack(p)).toBe('a')
    expect(trackPositionText(p)).toBe('Track 1 of 5')
  })

  it('goes to the previous track and wraps from the first to the last', () => {
    let p = createPlaylist(five)
    p = previous(p)
    expect(currentTrack(p)).toBe('e')
    expect(trackPositionText(p)).toBe('Track 5 of 5')
    p = previous(p)
    expect(currentTrack(p)).toBe('d')
  })

  it('ignores positions outside the list', () => {
    const p = createPlaylist(five)
    expect(selectPosition(p, 5)).toBe(p)
    expect(selectPosition(p, -1)).toBe(p)
    expect(selectPosition(p, 1.5)).toBe(p)
  })

  it('shuffle keeps the current track first and shuffles the rest with the given RNG', () => {
    const p = selectPosition(createPlaylist(five), 2)
    const s = shuffle(p, seeded(7))
    expect(s.shuffled).toBe(true)
    expect(currentTrack(s)).toBe('c')
    expect(s.current).toBe(0)
    expect(trackPositionText(s)).toBe('Track 1 of 5')
    const order = tracksInOrder(s)
    expect(order[0]).toBe('c')
    expect([...order].sort()).toEqual(five)
    // Same seed, same order; the result is not simply the original order.
    expect(tracksInOrder(shuffle(p, seeded(7)))).toEqual(order)
    expect(order).not.toEqual(['c', 'a', 'b', 'd', 'e'])
  })

  it('shuffles with an exact order for a fixed RNG', () => {
    // rng always 0: Fisher–Yates swaps each element with the first of the rest.
    const s = shuffle(createPlaylist(five), () => 0)
    expect(tracksInOrder(s)).toEqual(['a', 'c', 'd', 'e', 'b'])
  })

  it('unshuffle restores the original order and the current track’s original position', () => {
    let p = selectPosition(createPlaylist(five), 3)
    p = shuffle(p, seeded(1))
    p = next(next(p))
    const playing = currentTrack(p)
    p = unshuffle(p)
    expect(p.shuffled).toBe(false)
    expect(tracksInOrder(p)).toEqual(five)
    expect(currentTrack(p)).toBe(playing)
    expect(trackPositionText(p)).toBe(`Track ${five.indexOf(playing as string) + 1} of 5`)
  })

  it('toggles between shuffled and original order', () => {
    const p = selectPosition(createPlaylist(five), 1)
    const s = toggleShuffle(p, seeded(3))
    expect(s.shuffled).toBe(true)
    const u = toggleShuffle(s, seeded(3))
    expect(u.shuffled).toBe(false)
    expect(u.current).toBe(1)
    expect(currentTrack(u)).toBe('b')
  })

  it('handles an empty list', () => {
    const p = createPlaylist<string>([])
    expect(currentTrack(p)).toBeUndefined()
    expect(trackPositionText(p)).toBe('Track 0 of 0')
    expect(next(p)).toBe(p)
    expect(previous(p)).toBe(p)
    expect(currentTrack(shuffle(p, seeded(1)))).toBeUndefined()
    expect(unshuffle(p).order).toEqual([])
  })

  it('a single track wraps onto itself', () => {
    const p = createPlaylist(['only'])
    expect(currentTrack(next(p))).toBe('only')
    expect(currentTrack(previous(p))).toBe('only')
  })
})

describe('displayName', () => {
  it.each([
    ['Rent Day Shuffle.wav', 'Rent Day Shuffle'],
    ['Late Fee Boogie.mp3', 'Late Fee Boogie'],
    ['Ramen Again.M4A', 'Ramen Again'],
    ['LOUD.MP3', 'LOUD'],
    ['Quiet.Wav', 'Quiet'],
    ['notes.txt', 'notes.txt'],
    ['mp3 mix.ogg', 'mp3 mix.ogg'],
    ['Double.mp3.wav', 'Double.mp3'],
  ])('%s → %s', (name, shown) => {
    expect(displayName(name)).toBe(shown)
  })
})
