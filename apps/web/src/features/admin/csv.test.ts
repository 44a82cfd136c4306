import { describe, expect, it } from 'vitest'
import { csvCell, csvFileName, csvLine, toCsv } from './csv'

describe('csvCell', () => {
  it('leaves plain text and numbers as they are; empty for null', () => {
    expect(csvCell('Rosie')).toBe('Rosie')
    expect(csvCell(10)).toBe('10')
    expect(csvCell(-3)).toBe('-3')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
  })

  it('quotes fields with a comma, a quote, CR or LF and doubles the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "rent"')).toBe('"say ""rent"""')
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"')
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"')
  })

  it('escapes text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=cmd')).toBe("'=cmd")
    expect(csvCell('+1+1')).toBe("'+1+1")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tx')).toBe("'\tx")
    expect(csvCell('\rx')).toBe('"\'\rx"')
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"')
    expect(csvCell('a=b')).toBe('a=b')
  })

  it('escapes by the whole OWASP rule: LF, leading whitespace, full-width operators', () => {
    expect(csvCell('\nx')).toBe('"\'\nx"')
    expect(csvCell(' =1+1')).toBe("' =1+1")
    expect(csvCell('  -2')).toBe("'  -2")
    expect(csvCell('\u00a0+1')).toBe("'\u00a0+1")
    expect(csvCell('\u3000@SUM(A1)')).toBe("'\u3000@SUM(A1)")
    expect(csvCell(' \tx')).toBe("' \tx")
    expect(csvCell(' \r\n=x')).toBe('"\' \r\n=x"')
    expect(csvCell('＝1+1')).toBe("'＝1+1")
    expect(csvCell('＋1')).toBe("'＋1")
    expect(csvCell('－1')).toBe("'－1")
    expect(csvCell('＠SUM(A1)')).toBe("'＠SUM(A1)")
    expect(csvCell(' ＝HYPERLINK("x")')).toBe('"\' ＝HYPERLINK(""x"")"')
  })

  it('leaves text whose operators come after other characters, and plain leading spaces', () => {
    expect(csvCell(' Rosie')).toBe(' Rosie')
    expect(csvCell('x=1')).toBe('x=1')
    expect(csvCell('a＝b')).toBe('a＝b')
    expect(csvCell('e-mail')).toBe('e-mail')
    expect(csvCell('   ')).toBe('   ')
    expect(csvCell('')).toBe('')
  })
})

describe('toCsv', () => {
  it('writes a BOM, the header and CRLF-ended lines', () => {
    expect(
      toCsv(
        ['name', 'email'],
        [
          ['Zoë', 'z@example.com'],
          ['=cmd', null],
        ],
      ),
    ).toBe("\uFEFFname,email\r\nZoë,z@example.com\r\n'=cmd,\r\n")
    expect(csvLine(['a', 1, true])).toBe('a,1,true')
  })

  it('names the file after the table and the day', () => {
    expect(csvFileName('quiz_entries', new Date(2026, 0, 5, 23, 0))).toBe(
      'rent-due-quiz_entries-2026-01-05.csv',
    )
  })
})
