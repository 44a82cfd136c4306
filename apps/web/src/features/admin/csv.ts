// CSV for the inbox export: RFC 4180 (fields with a comma, quote, CR or LF are quoted, quotes
// doubled, CRLF line ends), UTF-8 with a byte-order mark so spreadsheet apps read accents right,
// and safe against formula injection by OWASP's whole rule: a text cell whose first character is
// = + - @, a tab, CR or LF, or one of the full-width forms ＝ ＋ － ＠ that some spreadsheets read as
// the same operators, also after leading whitespace (spreadsheets trim it before parsing), gets a
// leading apostrophe, so a spreadsheet shows it as text instead of running it.
export type CsvValue = string | number | boolean | null | undefined

const BOM = '\uFEFF'
// \s covers every Unicode space (no-break, ideographic U+3000, ...) as well as tab, CR and LF.
const FORMULA_START = /^\s*[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/u
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',')
}

/** The whole file: BOM, header line, one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return BOM + [header, ...rows].map((r) => `${csvLine(r)}\r\n`).join('')
}

/** `rent-due-fan_club_signups-2026-11-22.csv` (the date is the local day of the export). */
export function csvFileName(table: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
  return `rent-due-${table}-${day}.csv`
}
