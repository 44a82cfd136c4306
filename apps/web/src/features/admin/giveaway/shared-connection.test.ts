import { describe, expect, it } from 'vitest'
import { sharedConnectionText } from './shared-connection'

describe('sharedConnectionText', () => {
  it.each([
    [{ ip_group: null, shared_ip: 1 }, 'Not known (entered outside the quiz)'],
    [{ ip_group: '0469fcda', shared_ip: 1 }, 'Only entry from its connection'],
    [
      { ip_group: '0469fcda', shared_ip: 2 },
      'Shares a connection with 1 other entry (group 0469fcda)',
    ],
    [
      { ip_group: '0469fcda', shared_ip: 4 },
      'Shares a connection with 3 other entries (group 0469fcda)',
    ],
  ])('%j reads %s', (entry, words) => {
    expect(sharedConnectionText(entry)).toBe(words)
  })
})
