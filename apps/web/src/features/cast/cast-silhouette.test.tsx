import { describe, expect, it } from 'vitest'
import { initialsOf } from './cast-silhouette'

describe('initialsOf', () => {
  it('takes the first letters of up to two words, skipping titles', () => {
    expect(initialsOf('Gloria Vance')).toBe('GV')
    expect(initialsOf('Mr. Pettibone')).toBe('P')
    expect(initialsOf('Kevin from 1B')).toBe('K')
    expect(initialsOf('Judge Ophelia Crane')).toBe('OC')
    expect(initialsOf('Twitch')).toBe('T')
  })
})
