// Parses the PostgREST query-string grammar that postgrest-js produces (select, order, limit,
// offset, column filters, or/and trees, columns, on_conflict) into a plain description. Nothing
// here touches SQL: names stay unchecked strings until sql-builder.ts resolves them against the
// catalog, and values stay data.
import { parseError } from './rest-error.js'

export const FILTER_OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
] as const
export type FilterOp = (typeof FILTER_OPS)[number]

export type IsValue = 'null' | 'true' | 'false' | 'unknown'

export interface Condition {
  kind: 'cond'
  column: string
  negate: boolean
  op: FilterOp
  /** A string for scalar operators, a list for `in`, the keyword for `is`. */
  value: string | string[]
}

export interface Logic {
  kind: 'logic'
  op: 'and' | 'or'
  negate: boolean
  children: FilterNode[]
}

export type FilterNode = Condition | Logic

export type SelectItem =
  { star: true } | { star: false; column: string; alias?: string; cast?: string }

export interface OrderTerm {
  column: string
  desc: boolean
  nulls?: 'first' | 'last'
}

export interface QuerySpec {
  /** Null when the caller sent no `select` (writes without return=representation). */
  select: SelectItem[] | null
  filters: FilterNode[]
  order: OrderTerm[]
  limit?: number
  offset?: number
  columns?: string[]
  onConflict?: string[]
  /** Non-reserved parameters, in order: rpc GET arguments use them, tables treat them as filters. */
  rawFilters: [string, string][]
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey'])
const LOGIC_KEYS = new Set(['or', 'and', 'not.or', 'not.and'])

/** Splits on `sep` outside double quotes and parentheses. */
export function splitTopLevel(input: string, sep = ','): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] as string
    if (quoted) {
      current += ch
      if (ch === '\\' && i + 1 < input.length) {
        current += input[++i]
      } else if (ch === '"') {
        quoted = false
      }
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    if (ch === sep && depth === 0) {
      parts.push(current)
      current = ''
      continue
    }
    if (depth < 0) throw parseError(`"failed to parse" (${input})`, 'unbalanced parentheses')
    current += ch
  }
  if (quoted || depth !== 0) {
    throw parseError(`"failed to parse" (${input})`, 'unbalanced quotes or parentheses')
  }
  parts.push(current)
  return parts
}

function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) {
    return s.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return s
}

/** Reads a possibly quoted name at the start of `s`; returns it and the rest after a dot. */
function leadingName(s: string): [string, string] | null {
  if (s.startsWith('"')) {
    let i = 1
    let name = ''
    while (i < s.length && s[i] !== '"') {
      if (s[i] === '\\' && i + 1 < s.length) i++
      name += s[i]
      i++
    }
    if (i >= s.length) return null
    const rest = s.slice(i + 1)
    if (rest !== '' && !rest.startsWith('.')) return null
    return [name, rest.slice(1)]
  }
  const dot = s.indexOf('.')
  if (dot < 0) return [s, '']
  return [s.slice(0, dot), s.slice(dot + 1)]
}

export function parseInList(raw: string, context: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError(`"failed to parse filter (${context})"`, 'expecting "(" in an in list')
  }
  const inner = raw.slice(1, -1)
  if (inner === '') return []
  // Like PostgREST's pListElement: a "quoted" item (with \ escapes) when the quote closes right
  // before a comma or the end, otherwise everything up to the next comma, quotes included.
  const items: string[] = []
  let i = 0
  for (;;) {
    let item: string | null = null
    if (inner[i] === '"') {
      let j = i + 1
      let value = ''
      while (j < inner.length && inner[j] !== '"') {
        if (inner[j] === '\\' && j + 1 < inner.length) j++
        value += inner[j]
        j++
      }
      if (j < inner.length && (j + 1 === inner.length || inner[j + 1] === ',')) {
        item = value
        i = j + 1
      }
    }
    if (item === null) {
      const comma = inner.indexOf(',', i)
      const end = comma < 0 ? inner.length : comma
      item = inner.slice(i, end)
      i = end
    }
    items.push(item)
    if (i >= inner.length) return items
    i++ // the comma
  }
}

/** Parses `[not.]op.value` for column `column`; `inTree` values may be double-quoted. */
export function parseCondition(column: string, expr: string, inTree = false): Condition {
  let rest = expr
  let negate = false
  if (rest.startsWith('not.')) {
    negate = true
    rest = rest.slice(4)
  }
  const dot = rest.indexOf('.')
  const op = (dot < 0 ? rest : rest.slice(0, dot)) as FilterOp
  if (dot < 0 || !FILTER_OPS.includes(op)) {
    throw parseError(
      `"failed to parse filter (${expr})" (line 1, column 1)`,
      `unknown or unsupported operator in "${expr}"`,
    )
  }
  const rawValue = rest.slice(dot + 1)
  if (op === 'in') {
    return { kind: 'cond', column, negate, op, value: parseInList(rawValue, expr) }
  }
  if (op === 'is') {
    const keyword = rawValue.toLowerCase()
    if (!['null', 'true', 'false', 'unknown'].includes(keyword)) {
      throw parseError(
        `"failed to parse filter (${expr})" (line 1, column 1)`,
        'is accepts null, true, false or unknown',
      )
    }
    return { kind: 'cond', column, negate, op, value: keyword }
  }
  const value = inTree ? unquote(rawValue) : rawValue
  return { kind: 'cond', column, negate, op, value }
}

/** Parses the body of `or=(…)`/`and=(…)`, including nested `and(…)`, `not.or(…)`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, raw: string): Logic {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError(
      `"failed to parse logic tree (${raw})" (line 1, column 1)`,
      'expecting "(" around the conditions',
    )
  }
  const children = splitTopLevel(raw.slice(1, -1)).map((item): FilterNode => {
    const m = /^(not\.)?(and|or)(\(.*\))$/s.exec(item)
    if (m) return parseLogic(m[2] as 'and' | 'or', m[1] !== undefined, m[3] as string)
    const named = leadingName(item)
    if (!named || named[0] === '' || named[1] === '') {
      throw parseError(`"failed to parse logic tree (${raw})" (line 1, column 1)`, null)
    }
    return parseCondition(named[0], named[1], true)
  })
  return { kind: 'logic', op, negate, children }
}

export function parseSelect(raw: string): SelectItem[] {
  if (raw.trim() === '') return [{ star: true }]
  return splitTopLevel(raw).map((part): SelectItem => {
    const item = part.trim()
    if (item === '*') return { star: true }
    if (item.includes('(') || item.includes('->')) {
      throw parseError(
        `"failed to parse select parameter (${raw})"`,
        'embedded resources and JSON paths are not supported by this server',
      )
    }
    let alias: string | undefined
    let body = item
    const aliasMatch = /^("(?:[^"\\]|\\.)*"|[^":]+):(?!:)(.*)$/s.exec(item)
    if (aliasMatch) {
      alias = unquote(aliasMatch[1] as string)
      body = aliasMatch[2] as string
    }
    let cast: string | undefined
    const castAt = body.lastIndexOf('::')
    if (castAt > 0 && !body.slice(castAt).includes('"')) {
      cast = body.slice(castAt + 2)
      body = body.slice(0, castAt)
      if (!/^[a-z_][a-z0-9_ ]*(\[\])?$/i.test(cast)) {
        throw parseError(`"failed to parse select parameter (${raw})"`, `invalid cast "${cast}"`)
      }
    }
    const column = unquote(body)
    if (column === '') throw parseError(`"failed to parse select parameter (${raw})"`, null)
    return { star: false, column, alias, cast }
  })
}

export function parseOrder(raw: string): OrderTerm[] {
  return splitTopLevel(raw).map((part) => {
    const named = leadingName(part.trim())
    if (!named || named[0] === '') {
      throw parseError(`"failed to parse order (${raw})" (line 1, column 1)`, null)
    }
    const term: OrderTerm = { column: named[0], desc: false }
    const mods = named[1] === '' ? [] : named[1].split('.')
    for (const mod of mods) {
      if (mod === 'asc') term.desc = false
      else if (mod === 'desc') term.desc = true
      else if (mod === 'nullsfirst') term.nulls = 'first'
      else if (mod === 'nullslast') term.nulls = 'last'
      else {
        throw parseError(
          `"failed to parse order (${raw})" (line 1, column 1)`,
          `unexpected "${mod}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        )
      }
    }
    return term
  })
}

function parseNonNegative(name: string, raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) {
    throw parseError(`"failed to parse ${name} parameter (${raw})"`, null)
  }
  return Number(raw)
}

function parseNameList(raw: string): string[] {
  return splitTopLevel(raw).map((n) => unquote(n.trim()))
}

/** Parses a raw query string (the part after `?`) with form semantics, as URLSearchParams writes it. */
export function parseQueryString(search: string): QuerySpec {
  const params = new URLSearchParams(search)
  const spec: QuerySpec = { select: null, filters: [], order: [], rawFilters: [] }
  for (const [key, value] of params) {
    if (RESERVED.has(key)) {
      if (key === 'select') spec.select = parseSelect(value)
      else if (key === 'order') spec.order.push(...parseOrder(value))
      else if (key === 'limit') spec.limit = parseNonNegative('limit', value)
      else if (key === 'offset') spec.offset = parseNonNegative('offset', value)
      else if (key === 'columns') spec.columns = parseNameList(value)
      else if (key === 'on_conflict') spec.onConflict = parseNameList(value)
      continue
    }
    if (LOGIC_KEYS.has(key)) {
      const negate = key.startsWith('not.')
      spec.filters.push(
        parseLogic(negate ? (key.slice(4) as 'and' | 'or') : (key as 'and' | 'or'), negate, value),
      )
      continue
    }
    if (key.includes('.order') || key.includes('.limit') || key.includes('.offset')) {
      throw parseError(
        `"failed to parse ${key}"`,
        'embedded resources are not supported by this server',
      )
    }
    spec.rawFilters.push([key, value])
  }
  return spec
}

/** Turns the non-reserved parameters into column conditions (multiple values for one key = AND). */
export function columnFilters(spec: QuerySpec): FilterNode[] {
  return spec.rawFilters.map(([key, value]) => parseCondition(key, value))
}

/** `Range: 0-9` (items) intersected with the query's limit/offset, both absolute as in PostgREST. */
export function applyRangeHeader(spec: QuerySpec, header: string | undefined): void {
  if (!header) return
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec(header.trim())
  if (!m) return
  const from = Number(m[1])
  const to = m[2] === '' ? Infinity : Number(m[2])
  if (to < from) return
  const qFrom = spec.offset ?? 0
  const qTo = spec.limit === undefined ? Infinity : qFrom + spec.limit - 1
  const lo = Math.max(from, qFrom)
  const hi = Math.min(to, qTo)
  spec.offset = lo
  spec.limit = hi === Infinity ? undefined : Math.max(0, hi - lo + 1)
}
