import { describe, expect, it } from 'vitest'
import { checkObjectName, splitObjectPath } from './names.js'

describe('splitObjectPath', () => {
  it.each([
    ['soundtrack%201st/Rent%20Due.wav', 'soundtrack 1st', 'Rent Due.wav'],
    ['b/a+b%2Bc.wav', 'b', 'a+b+c.wav'],
    ['Behind%20the%20scenes/Episode%201/x%20(1).webm', 'Behind the scenes', 'Episode 1/x (1).webm'],
    ['b/q?.txt', 'b', 'q'],
  ])('%s → %s / %s', (raw, bucket, name) => {
    expect(splitObjectPath(raw)).toEqual({ bucket, name })
  })

  it.each([
    'b/../x',
    'b/%2e%2e/x',
    'b/a/%2E%2E',
    'b/./x',
    'b/%2Fetc%2Fpasswd',
    'b//x',
    'b/x/',
    'b/',
    'b/a%00b',
    'b/a%7Fb',
    'b/caf%C3%A9',
    'b/%E0%A4%A',
    'b/a#b',
  ])('refuses %s', (raw) => {
    expect(() => splitObjectPath(raw)).toThrow(/Invalid key/)
  })

  it('refuses bad bucket names', () => {
    expect(() => splitObjectPath('a%2Fb/x')).toThrow(/Bucket name invalid/)
    expect(() => splitObjectPath('/x')).toThrow(/Bucket name invalid/)
  })
})

describe('checkObjectName', () => {
  it('allows 1024 bytes and no more', () => {
    expect(checkObjectName('a'.repeat(1024))).toHaveLength(1024)
    expect(() => checkObjectName('a'.repeat(1025))).toThrow(/Invalid key/)
  })
})
