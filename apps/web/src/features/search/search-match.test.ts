import { describe, expect, it } from 'vitest'
import { excerpt, foldText, highlightParts, queryWords } from './search-match'

describe('foldText', () => {
  it('folds case, accents, curly quotes and spaces', () => {
    expect(foldText('  CAFÉ  Crème\tBRÛLÉE ')).toBe('cafe creme brulee')
    expect(foldText('Building’s “best”')).toBe('building\'s "best"')
  })
})

describe('queryWords', () => {
  it('is empty for blank text, so nothing is searched', () => {
    expect(queryWords('')).toEqual([])
    expect(queryWords('   \n ')).toEqual([])
  })
})

describe('highlightParts', () => {
  it('marks the matched words of a text, whatever their case and accents', () => {
    expect(highlightParts('Bertha’s PAST DUE Hoodie!', ['hoodie', 'bertha'])).toEqual([
      { text: 'Bertha', match: true },
      { text: '’s PAST DUE ', match: false },
      { text: 'Hoodie', match: true },
      { text: '!', match: false },
    ])
    expect(highlightParts('Dez opens a café.', ['cafe'])).toEqual([
      { text: 'Dez opens a ', match: false },
      { text: 'café', match: true },
      { text: '.', match: false },
    ])
    expect(highlightParts('Nothing here', ['hoodie'])).toEqual([
      { text: 'Nothing here', match: false },
    ])
  })
})

describe('excerpt', () => {
  it('keeps short text whole and cuts long text around the first matched word', () => {
    expect(excerpt('Short text.', ['x'])).toBe('Short text.')
    const long = `${'a '.repeat(80)}the hoodie is here ${'b '.repeat(40)}`
    const cut = excerpt(long, ['hoodie'], 60)
    expect(cut.startsWith('…')).toBe(true)
    expect(cut.endsWith('…')).toBe(true)
    expect(cut).toContain('the hoodie is here')
  })
})
