// Parses the PostgREST 12 query-string grammar (select, order, limit, offset, columns,
// on_conflict, column filters with every operator, and/or logic trees) into a plain description.
// Nothing here touches SQL: names stay unchecked strings until sql-builder.ts resolves them
// against the catalog, and values stay data.
//
// Every parser here is a single left-to-right pass with an explicit stack, so its cost is linear in
// the input and no input can drive recursion; and every count is bounded (QUERY_LIMITS). Anything
// outside the grammar or the bounds is a 400 PGRST100 that says which.
import { parseError, RestError } from './rest-error.js'

/** The bounds of one request's query. Each is far above what the site or supabase-js sends. */
export const QUERY_LIMITS = {
  /** Query parameters in one request. */
  parameters: 100,
  /** Filter conditions in one request, top level and inside logic trees together. */
  conditions: 100,
  /** Nesting of and/or groups inside one logic tree (the outer `or=(…)` is level 1). */
  depth: 8,
  /** Values in one `in.(…)` list. */
  inItems: 1000,
  /** Items in `select` (and names in `columns` / `on_conflict`). */
  selectItems: 50,
  /** Terms in `order`. */
  orderTerms: 20,
  /** Characters of one name (Postgres itself keeps 63 bytes). */
  nameLength: 128,
  /** Characters of one match/imatch pattern (every element of an any/all list together). */
  patternLength: 100,
} as const

/** Operators that take one value, with an optional (any)/(all) quantifier (PostgREST's QuantOperator). */
export const QUANT_OPS = [
  'eq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
] as const
/** Operators that take one value and no quantifier (PostgREST's SimpleOperator). */
export const SIMPLE_OPS = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const
export const FTS_OPS = ['fts', 'plfts', 'phfts', 'wfts'] as const
export const FILTER_OPS = [
  ...QUANT_OPS,
  ...SIMPLE_OPS,
  ...FTS_OPS,
  'in',
  'is',
  'isdistinct',
] as const
export type FilterOp = (typeof FILTER_OPS)[number]

export type IsValue = 'null' | 'true' | 'false' | 'unknown'
export type Quantifier = 'any' | 'all'

export interface Condition {
  kind: 'cond'
  column: string
  negate: boolean
  op: FilterOp
  /** A string for scalar operators, a list for `in`, the keyword for `is`. */
  value: string | string[]
  /** `eq(any).{1,2}`: the value is an array literal compared with ANY/ALL. */
  quantifier?: Quantifier
  /** `fts(english).cat`: the text search configuration. */
  language?: string
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
  /** Conditions counted so far, for QUERY_LIMITS.conditions. */
  conditionCount: number
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey'])
const LOGIC_KEYS = new Set(['or', 'and', 'not.or', 'not.and'])
/** The longest raw input echoed back in an error message. */
const ECHO_MAX = 200

function echo(s: string): string {
  return s.length > ECHO_MAX ? `${s.slice(0, ECHO_MAX)}…` : s
}

function limitError(message: string, details: string): RestError {
  return new RestError(400, 'PGRST100', message, details)
}

function failure(what: string, raw: string, at: number, details: string | null): RestError {
  return parseError(`"failed to parse ${what} (${echo(raw)})" (line 1, column ${at + 1})`, details)
}

function quoted(ch: string | undefined): string {
  return ch === undefined ? 'end of input' : `"${ch}"`
}

/**
 * Reads a double-quoted string starting at `i` (on the quote), with backslash escapes. Returns its
 * value and the index after the closing quote, or null when it does not close.
 */
function readQuoted(s: string, i: number): { value: string; end: number } | null {
  let value = ''
  let j = i + 1
  while (j < s.length) {
    const ch = s[j] as string
    if (ch === '\\' && j + 1 < s.length) {
      value += s[j + 1]
      j += 2
      continue
    }
    if (ch === '"') return { value, end: j + 1 }
    value += ch
    j++
  }
  return null
}

/** PostgREST's pListElement / pLogicSingleVal: a quoted value only when a delimiter follows it. */
function readDelimitedValue(
  s: string,
  i: number,
  allowArray: boolean,
): { value: string; end: number } {
  if (s[i] === '"') {
    const q = readQuoted(s, i)
    if (q && (q.end === s.length || s[q.end] === ',' || s[q.end] === ')')) return q
  }
  if (allowArray && s[i] === '{') {
    let j = i + 1
    while (j < s.length && s[j] !== '}' && s[j] !== '{') j++
    if (s[j] === '}') return { value: s.slice(i, j + 1), end: j + 1 }
  }
  let j = i
  while (j < s.length && s[j] !== ',' && s[j] !== ')') j++
  return { value: s.slice(i, j), end: j }
}

/**
 * Reads `(a,"b,c",d)` at `i`; returns the items and the index after `)`. `what`/`raw` name the
 * parameter for errors. An empty `()` is an empty list.
 */
function readList(s: string, i: number, what: string, raw: string) {
  if (s[i] !== '(') {
    throw failure(what, raw, i, `unexpected ${quoted(s[i])} expecting "("`)
  }
  const items: string[] = []
  let j = i + 1
  if (s[j] === ')') return { items, end: j + 1 }
  for (;;) {
    const v = readDelimitedValue(s, j, false)
    items.push(v.value)
    if (items.length > QUERY_LIMITS.inItems) {
      throw limitError(
        'Too many values in an in list',
        `At most ${QUERY_LIMITS.inItems} values are allowed in one in.(…) list.`,
      )
    }
    j = v.end
    if (s[j] === ',') {
      j++
      continue
    }
    if (s[j] === ')') return { items, end: j + 1 }
    throw failure(what, raw, j, `unexpected ${quoted(s[j])} expecting "," or ")"`)
  }
}

/**
 * A top-level `in.(…)` list: the value is the whole rest of the parameter, so its closing `)` is
 * the last character, and an item is a "quoted" one only when its closing quote stands right before
 * a comma or that final `)` (postgrest-js quotes items with `,()` in them but does not escape inner
 * quotes). Anything else is a plain item up to the next comma. Exported for tests.
 */
export function parseInList(raw: string, context: string): string[] {
  const what = `filter (${context})`
  if (raw[0] !== '(' || raw[raw.length - 1] !== ')' || raw.length < 2) {
    throw failure(what, raw, 0, 'expecting a list in parentheses: in.(a,b,c)')
  }
  const inner = raw.slice(1, -1)
  const items: string[] = []
  if (inner === '') return items
  let i = 0
  for (;;) {
    let item: string | null = null
    if (inner[i] === '"') {
      const q = readQuoted(inner, i)
      if (q && (q.end === inner.length || inner[q.end] === ',')) {
        item = q.value
        i = q.end
      }
    }
    if (item === null) {
      const comma = inner.indexOf(',', i)
      const end = comma < 0 ? inner.length : comma
      item = inner.slice(i, end)
      i = end
    }
    items.push(item)
    if (items.length > QUERY_LIMITS.inItems) {
      throw limitError(
        'Too many values in an in list',
        `At most ${QUERY_LIMITS.inItems} values are allowed in one in.(…) list.`,
      )
    }
    if (i >= inner.length) return items
    i++ // the comma
  }
}

const OP_WORD = /^[a-z]+/

interface OpExpr {
  negate: boolean
  op: FilterOp
  quantifier?: Quantifier
  language?: string
  /** Index of the value's first character (after the delimiting dot). */
  valueAt: number
}

/** Reads `[not.]op[(any|all|lang)].` at `i`. */
function readOpExpr(s: string, i: number, what: string, raw: string): OpExpr {
  let j = i
  let negate = false
  if (s.startsWith('not.', j)) {
    negate = true
    j += 4
  }
  const word = OP_WORD.exec(s.slice(j, j + 12))?.[0] ?? ''
  if (!(FILTER_OPS as readonly string[]).includes(word)) {
    throw failure(
      what,
      raw,
      j,
      `unknown operator ${word === '' ? quoted(s[j]) : `"${word}"`} expecting an operator (eq, gt, in, is, like, fts, cs, …)`,
    )
  }
  const op = word as FilterOp
  j += word.length
  let quantifier: Quantifier | undefined
  let language: string | undefined
  if (s[j] === '(') {
    const close = s.indexOf(')', j)
    const inner = close < 0 ? '' : s.slice(j + 1, close)
    if ((QUANT_OPS as readonly string[]).includes(op) && (inner === 'any' || inner === 'all')) {
      quantifier = inner
    } else if (
      (FTS_OPS as readonly string[]).includes(op) &&
      /^[A-Za-z0-9_ $]{1,63}$/.test(inner)
    ) {
      language = inner.trim()
    } else {
      throw failure(
        what,
        raw,
        j + 1,
        (QUANT_OPS as readonly string[]).includes(op)
          ? 'expecting "any" or "all" in the quantifier'
          : (FTS_OPS as readonly string[]).includes(op)
            ? 'expecting a text search configuration name'
            : `unexpected "(": ${op} takes no modifier`,
      )
    }
    j = close + 1
  }
  if (s[j] !== '.') {
    throw failure(what, raw, j, `unexpected ${quoted(s[j])} expecting delimiter (.)`)
  }
  return { negate, op, quantifier, language, valueAt: j + 1 }
}

function isKeyword(v: string): IsValue | undefined {
  const k = v.toLowerCase()
  return k === 'null' || k === 'true' || k === 'false' || k === 'unknown' ? k : undefined
}

/**
 * A regular expression's cost is the visitor's to choose. PostgreSQL's engine matches without
 * back-tracking except for back-references (`\1` … `\9`), with which a short pattern can hold a
 * connection for seconds per row: those are refused, and patterns are short.
 */
function checkPattern(e: OpExpr, value: string): void {
  if (e.op !== 'match' && e.op !== 'imatch') return
  const what = `"failed to parse filter (${e.op}.${echo(value)})"`
  if ([...value].length > QUERY_LIMITS.patternLength) {
    throw parseError(
      what,
      `A ${e.op} pattern may have at most ${QUERY_LIMITS.patternLength} characters.`,
    )
  }
  if (/\\[1-9]/.test(value)) {
    throw parseError(what, `Back-references (\\1 … \\9) are not allowed in ${e.op} patterns.`)
  }
}

function makeCondition(column: string, e: OpExpr, value: string | string[]): Condition {
  if (typeof value === 'string') checkPattern(e, value)
  const c: Condition = { kind: 'cond', column, negate: e.negate, op: e.op, value }
  if (e.quantifier) c.quantifier = e.quantifier
  if (e.language) c.language = e.language
  return c
}

function checkName(name: string, what: string, raw: string): string {
  if (name === '') throw failure(what, raw, 0, 'expecting a column name')
  if (name.length > QUERY_LIMITS.nameLength) {
    throw limitError('Name too long', `Names are at most ${QUERY_LIMITS.nameLength} characters.`)
  }
  if (name.includes('->')) {
    throw failure(
      what,
      raw,
      name.indexOf('->'),
      'JSON paths (->, ->>) are not supported by this server',
    )
  }
  return name
}

/** Parses `[not.]op.value` for column `column` (a top-level filter: the value is the rest). */
export function parseCondition(column: string, expr: string): Condition {
  const what = 'filter'
  const e = readOpExpr(expr, 0, what, expr)
  const rest = expr.slice(e.valueAt)
  if (e.op === 'in') {
    return makeCondition(column, e, parseInList(rest, expr))
  }
  if (e.op === 'is') {
    const keyword = isKeyword(rest)
    if (!keyword) {
      throw failure(what, expr, e.valueAt, 'expecting null or trilean value (unknown, true, false)')
    }
    return makeCondition(column, e, keyword)
  }
  return makeCondition(column, e, rest)
}

function countCondition(spec: { conditionCount: number }): void {
  spec.conditionCount++
  if (spec.conditionCount > QUERY_LIMITS.conditions) {
    throw limitError(
      'Too many filters',
      `At most ${QUERY_LIMITS.conditions} filter conditions are allowed in one request.`,
    )
  }
}

/** Reads a condition inside a logic tree at `i`: `field.[not.]op.value`. */
function readTreeCondition(s: string, i: number, raw: string): { cond: Condition; end: number } {
  const what = 'logic tree'
  let column: string
  let j: number
  if (s[i] === '"') {
    const q = readQuoted(s, i)
    if (!q) throw failure(what, raw, i, 'unterminated quoted name')
    column = q.value
    j = q.end
  } else {
    j = i
    while (j < s.length && s[j] !== '.' && s[j] !== ',' && s[j] !== '(' && s[j] !== ')') j++
    column = s.slice(i, j)
  }
  if (column === '')
    throw failure(what, raw, i, `unexpected ${quoted(s[i])} expecting a column name`)
  checkName(column, what, raw)
  if (s[j] !== '.')
    throw failure(what, raw, j, `unexpected ${quoted(s[j])} expecting delimiter (.)`)
  const e = readOpExpr(s, j + 1, what, raw)
  if (e.op === 'in') {
    const list = readList(s, e.valueAt, what, raw)
    return { cond: makeCondition(column, e, list.items), end: list.end }
  }
  const v = readDelimitedValue(s, e.valueAt, true)
  if (e.op === 'is') {
    const keyword = isKeyword(v.value)
    if (!keyword) {
      throw failure(what, raw, e.valueAt, 'expecting null or trilean value (unknown, true, false)')
    }
    return { cond: makeCondition(column, e, keyword), end: v.end }
  }
  return { cond: makeCondition(column, e, v.value), end: v.end }
}

const GROUP = /^(not\.)?(and|or)\(/

/**
 * Parses the body of `or=(…)`/`and=(…)`, including nested `and(…)`, `not.or(…)`, in one pass
 * with an explicit stack (no recursion), refusing trees deeper than QUERY_LIMITS.depth.
 */
export function parseLogic(
  op: 'and' | 'or',
  negate: boolean,
  raw: string,
  spec: { conditionCount: number } = { conditionCount: 0 },
): Logic {
  const what = 'logic tree'
  if (raw[0] !== '(') throw failure(what, raw, 0, `unexpected ${quoted(raw[0])} expecting "("`)
  const root: Logic = { kind: 'logic', op, negate, children: [] }
  const stack: Logic[] = [root]
  let i = 1
  let expectItem = true
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Logic
    if (expectItem) {
      const group =
        raw[i] === 'a' || raw[i] === 'o' || raw[i] === 'n' ? GROUP.exec(raw.slice(i, i + 8)) : null
      if (group) {
        if (stack.length >= QUERY_LIMITS.depth) {
          throw limitError(
            'Logic tree nesting is too deep',
            `At most ${QUERY_LIMITS.depth} nested and/or groups are allowed.`,
          )
        }
        const child: Logic = {
          kind: 'logic',
          op: group[2] as 'and' | 'or',
          negate: group[1] !== undefined,
          children: [],
        }
        top.children.push(child)
        stack.push(child)
        i += group[0].length
        continue
      }
      const { cond, end } = readTreeCondition(raw, i, raw)
      countCondition(spec)
      top.children.push(cond)
      i = end
      expectItem = false
      continue
    }
    if (raw[i] === ',') {
      i++
      expectItem = true
      continue
    }
    if (raw[i] === ')') {
      stack.pop()
      i++
      continue
    }
    throw failure(what, raw, i, `unexpected ${quoted(raw[i])} expecting "," or ")"`)
  }
  if (i !== raw.length) throw failure(what, raw, i, `unexpected ${quoted(raw[i])} after ")"`)
  return root
}

/** Splits on commas outside double quotes; parentheses are refused by the caller. */
function splitItems(raw: string): string[] {
  const parts: string[] = []
  let start = 0
  let quotedNow = false
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]
    if (quotedNow) {
      if (ch === '\\') i++
      else if (ch === '"') quotedNow = false
    } else if (ch === '"') {
      quotedNow = true
    } else if (ch === ',') {
      parts.push(raw.slice(start, i))
      start = i + 1
    }
  }
  parts.push(raw.slice(start))
  return parts
}

/** Reads a possibly quoted name at the start of `s`; returns it and the index after it. */
function leadingName(s: string): { name: string; end: number } | null {
  if (s.startsWith('"')) {
    const q = readQuoted(s, 0)
    return q ? { name: q.value, end: q.end } : null
  }
  let j = 0
  while (j < s.length && s[j] !== '.' && s[j] !== ':' && s[j] !== '"') j++
  return { name: s.slice(0, j), end: j }
}

function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) {
    return readQuoted(s, 0)?.value ?? s
  }
  return s
}

function countItems(n: number, what: string): void {
  if (n > QUERY_LIMITS.selectItems) {
    throw limitError(
      `Too many ${what} items`,
      `At most ${QUERY_LIMITS.selectItems} items are allowed in ${what}.`,
    )
  }
}

export function parseSelect(raw: string): SelectItem[] {
  const what = 'select parameter'
  if (raw.trim() === '') return [{ star: true }]
  if (/[()]/.test(raw.replace(/"(?:[^"\\]|\\.)*"/g, ''))) {
    throw failure(
      what,
      raw,
      raw.indexOf('('),
      'embedded resources, spreads and aggregates are not supported by this server',
    )
  }
  const parts = splitItems(raw)
  countItems(parts.length, 'select')
  return parts.map((part): SelectItem => {
    const item = part.trim()
    if (item === '*') return { star: true }
    if (item.startsWith('...')) {
      throw failure(what, raw, 0, 'spreads are not supported by this server')
    }
    let alias: string | undefined
    let body = item
    const first = leadingName(item)
    if (first && item[first.end] === ':' && item[first.end + 1] !== ':') {
      alias = first.name
      body = item.slice(first.end + 1)
    }
    const named = leadingName(body)
    if (!named || named.name === '') throw failure(what, raw, 0, 'expecting a column name')
    let cast: string | undefined
    const rest = body.slice(named.end)
    if (rest !== '') {
      const m = /^::([A-Za-z0-9_ $]{1,63}(?:\[\])?)$/.exec(rest)
      if (!m) {
        throw failure(
          what,
          raw,
          0,
          rest.startsWith('::')
            ? `invalid cast "${echo(rest.slice(2))}": expecting a type name`
            : `unexpected "${echo(rest)}" after "${echo(named.name)}"`,
        )
      }
      cast = (m[1] as string).trim()
    }
    checkName(named.name, what, raw)
    if (alias !== undefined) checkName(alias, what, raw)
    return { star: false, column: named.name, alias, cast }
  })
}

export function parseOrder(raw: string): OrderTerm[] {
  const what = 'order'
  const parts = splitItems(raw)
  if (parts.length > QUERY_LIMITS.orderTerms) {
    throw limitError(
      'Too many order terms',
      `At most ${QUERY_LIMITS.orderTerms} columns are allowed in order.`,
    )
  }
  return parts.map((part) => {
    const text = part.trim()
    const named = leadingName(text)
    if (!named || named.name === '') throw failure(what, raw, 0, 'expecting a column name')
    checkName(named.name, what, raw)
    const term: OrderTerm = { column: named.name, desc: false }
    const tail = text.slice(named.end)
    if (tail !== '' && !tail.startsWith('.')) {
      throw failure(what, raw, named.end, `unexpected "${echo(tail)}"`)
    }
    const mods = tail === '' ? [] : tail.slice(1).split('.')
    if (mods.length > 2) throw failure(what, raw, 0, 'at most a direction and a nulls order')
    for (const mod of mods) {
      if (mod === 'asc') term.desc = false
      else if (mod === 'desc') term.desc = true
      else if (mod === 'nullsfirst') term.nulls = 'first'
      else if (mod === 'nullslast') term.nulls = 'last'
      else {
        throw failure(
          what,
          raw,
          0,
          `unexpected "${echo(mod)}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        )
      }
    }
    return term
  })
}

function parseNonNegative(name: string, raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) {
    throw parseError(
      `"failed to parse ${name} parameter (${echo(raw)})"`,
      'expecting a whole number from 0',
    )
  }
  return Number(raw)
}

function parseNameList(what: string, raw: string): string[] {
  const parts = splitItems(raw)
  countItems(parts.length, what)
  return parts.map((n) => checkName(unquote(n.trim()), what, raw))
}

/** Parses a raw query string (the part after `?`) with form semantics, as URLSearchParams writes it. */
export function parseQueryString(search: string): QuerySpec {
  const params = new URLSearchParams(search)
  const spec: QuerySpec = {
    select: null,
    filters: [],
    order: [],
    rawFilters: [],
    conditionCount: 0,
  }
  let count = 0
  for (const [key, value] of params) {
    if (++count > QUERY_LIMITS.parameters) {
      throw limitError(
        'Too many query parameters',
        `At most ${QUERY_LIMITS.parameters} query parameters are allowed in one request.`,
      )
    }
    if (RESERVED.has(key)) {
      if (key === 'select') spec.select = parseSelect(value)
      else if (key === 'order') {
        spec.order.push(...parseOrder(value))
        if (spec.order.length > QUERY_LIMITS.orderTerms) {
          throw limitError(
            'Too many order terms',
            `At most ${QUERY_LIMITS.orderTerms} columns are allowed in order.`,
          )
        }
      } else if (key === 'limit') spec.limit = parseNonNegative('limit', value)
      else if (key === 'offset') spec.offset = parseNonNegative('offset', value)
      else if (key === 'columns') spec.columns = parseNameList('columns', value)
      else if (key === 'on_conflict') spec.onConflict = parseNameList('on_conflict', value)
      continue
    }
    if (LOGIC_KEYS.has(key)) {
      const negate = key.startsWith('not.')
      spec.filters.push(
        parseLogic(
          negate ? (key.slice(4) as 'and' | 'or') : (key as 'and' | 'or'),
          negate,
          value,
          spec,
        ),
      )
      continue
    }
    if (key.includes('.') || key.includes('->')) {
      throw parseError(
        `"failed to parse filter key (${echo(key)})"`,
        key.includes('->')
          ? 'JSON paths (->, ->>) are not supported by this server'
          : 'embedded resources are not supported by this server',
      )
    }
    checkName(key, 'filter', key)
    spec.rawFilters.push([key, value])
  }
  return spec
}

/** Turns the non-reserved parameters into column conditions (multiple values for one key = AND). */
export function columnFilters(spec: QuerySpec): FilterNode[] {
  return spec.rawFilters.map(([key, value]) => {
    countCondition(spec)
    return parseCondition(key, value)
  })
}

/** `Range: 0-9` (items) intersected with the query's limit/offset, both absolute as in PostgREST. */
export function applyRangeHeader(spec: QuerySpec, header: string | undefined): void {
  if (!header) return
  const m = /^(?:items=)?(\d{1,15})-(\d{0,15})$/.exec(header.trim())
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
