import { describe, expect, it } from 'vitest'
import {
  JsonBodyError,
  MAX_JSON_DEPTH,
  parseJson,
  parseJsonObject,
  readBodyText,
} from './json-body.js'

const problem = (f: () => unknown) => {
  try {
    f()
  } catch (e) {
    return e instanceof JsonBodyError ? e.problem : 'other'
  }
  return 'none'
}

describe('the JSON body reader', () => {
  it('parses JSON within the limits', () => {
    expect(parseJson('{"a":[1,{"b":"]]]"}]}')).toEqual({ a: [1, { b: ']]]' }] })
    expect(parseJson('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeInstanceOf(Array)
  })

  it('refuses nesting past the depth limit before parsing', () => {
    const deep = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1)
    expect(problem(() => parseJson(deep))).toBe('too-deep')
    // Megabytes of brackets are refused by one linear pass, not a stack overflow.
    expect(problem(() => parseJson('['.repeat(4_000_000)))).toBe('too-deep')
    expect(problem(() => parseJson('[[[]]]', { maxDepth: 2 }))).toBe('too-deep')
  })

  it('refuses a text larger than its byte limit', () => {
    expect(problem(() => parseJson('"ééé"', { maxBytes: 5 }))).toBe('too-large')
    expect(problem(() => parseJson('"éé"', { maxBytes: 6 }))).toBe('none')
  })

  it('refuses invalid JSON, __proto__ keys unless kept, and non-objects where an object is due', () => {
    expect(problem(() => parseJson('{"a":'))).toBe('invalid')
    expect(problem(() => parseJson('{"__proto__":{"x":1}}'))).toBe('invalid')
    expect(parseJson('{"__proto__":1}', { protoKeys: 'keep' })).toEqual(
      JSON.parse('{"__proto__":1}'),
    )
    expect(problem(() => parseJsonObject('[1]'))).toBe('invalid')
    expect(problem(() => parseJsonObject('null'))).toBe('invalid')
  })

  it('stops reading a stream once it passes the byte limit', async () => {
    async function* chunks() {
      yield Buffer.from('{"a":')
      yield Buffer.from('"' + 'x'.repeat(100) + '"}')
      throw new Error('read past the limit')
    }
    await expect(readBodyText(chunks(), 50)).rejects.toMatchObject({ problem: 'too-large' })
  })
})
